import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@churchtrades/shared/messages';
import sharp from 'sharp';
import { AppError } from '../../http/app-error';
import { UPLOADS_PREFIX } from './plugin';

/** Where each kind of image is kept under the upload directory. */
export type ImageFolder = 'photos' | 'logos';

/** Largest width and height kept: enough for an avatar or a logo on a high-density screen. */
export const STORED_IMAGE_BOX = 512;

// Raster formats only: what phones and cameras produce. SVG and PDF are documents, not photos.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

// A 5 MB file can still unpack to gigabytes of pixels; 40 megapixels is more than any phone camera.
const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'The image is larger than 40 megapixels. Choose a smaller one.';

const STORED_NAME = /^(photos|logos)\/[0-9a-f]{32}\.webp$/;

function notAnImage(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.notAnImage);
}

/**
 * Decodes the upload (which proves it is an image, whatever its name says), turns it upright, drops every
 * metadata (camera, place, author), fits it into the box and encodes it again as WebP.
 */
async function reencode(upload: Buffer): Promise<Buffer> {
  try {
    // The header alone, read without the pixel limit (which would refuse a bomb as "not an image"), so that
    // an image bomb is told for what it is before anything is decoded.
    const { format, width, height } = await sharp(upload, { limitInputPixels: false }).metadata();
    if (!ACCEPTED_FORMATS.has(format)) throw notAnImage();
    if (width * height > MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_MANY_PIXELS_MESSAGE);
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: STORED_IMAGE_BOX, height: STORED_IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
}

export function createImageStore(uploadDir: string) {
  return {
    /** Stores the upload re-encoded under a new random name and answers the URL it is served at. */
    async save(folder: ImageFolder, upload: Buffer): Promise<string> {
      const webp = await reencode(upload);
      const name = `${folder}/${randomBytes(16).toString('hex')}.webp`;
      await fs.mkdir(path.join(uploadDir, folder), { recursive: true });
      await fs.writeFile(path.join(uploadDir, name), webp, { flag: 'wx' });
      return `${UPLOADS_PREFIX}${name}`;
    },

    /** Removes an image this store saved; any other URL (an external logo, say) is left alone. */
    async remove(url: string | null): Promise<void> {
      const name = url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : undefined;
      if (name === undefined || !STORED_NAME.test(name)) return;
      await fs.rm(path.join(uploadDir, name), { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
