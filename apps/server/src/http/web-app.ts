import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
import { NOT_FOUND_MESSAGE } from './error-handler';

const HASHED_ASSET = /\/assets\//;
// Paths that are never pages: the API, and uploaded images (a missing one is a 404, not the app).
const NOT_PAGES = ['/api', '/uploads'];

function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const isNotPage = NOT_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return (request.method === 'GET' || request.method === 'HEAD') && !isNotPage;
}

/** The built web app's `index.html`, read once at start; undefined when the web app is not built. */
export function readIndexHtml(distDir: string | undefined): string | undefined {
  if (distDir === undefined) return undefined;
  const file = path.join(distDir, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, and `index.html` (never cached, so a new
 * release is picked up) for every other non-API path, where the app's router shows its Not-Found screen.
 * A file is sent as the build's Brotli or gzip copy beside it (`.br`, `.gz`) when the browser accepts one,
 * compressed once at build time rather than on every answer.
 * Unknown API paths and missing uploads answer 404 in the envelope.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | undefined }) => {
  const distDir = options.distDir;
  const hasWebApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        const cacheControl = HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
        response.header('cache-control', cacheControl);
      },
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasWebApp && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
});
