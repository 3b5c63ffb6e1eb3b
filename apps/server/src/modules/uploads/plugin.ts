import fs from 'node:fs/promises';
import { MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const UPLOADS_PREFIX = '/uploads/';

// A form carries one image and a few short fields (ids); anything larger is refused while it streams in.
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 };

/**
 * Multipart forms for image uploads, and the stored images served at `/uploads/`. Their names are random
 * and never reused, so browsers may keep them for a year.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, options: { uploadDir: string }) => {
  await fs.mkdir(options.uploadDir, { recursive: true });
  await app.register(multipart, { limits: FORM_LIMITS });
  await app.register(fastifyStatic, {
    root: options.uploadDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
});
