import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { COVER_PICTURE_HEIGHT, COVER_PICTURE_WIDTH } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { AppError } from '../../http/app-error';
import { UPLOADS_PREFIX } from './plugin';

/** Where each kind of image is kept under the upload directory. */
export type ImageFolder = 'photos' | 'logos' | 'covers';

/** Largest width and height kept: enough for an avatar or a logo on a high-density screen. */
export const STORED_IMAGE_BOX = 512;

/**
 * The shape each kind of image is given. Avatars and logos keep their proportions within the box; a cover
 * picture is cut to 16:9 around its most interesting part, so that every page can reserve its place before it
 * loads. None is ever enlarged.
 */
const SHAPES: Record<ImageFolder, (width: number, height: number) => ResizeOptions> = {
  photos: boxed,
  logos: boxed,
  covers: coverShape,
};

function boxed(): ResizeOptions {
  return { width: STORED_IMAGE_BOX, height: STORED_IMAGE_BOX, fit: 'inside', withoutEnlargement: true };
}

/** The largest 16:9 cut of the upright image, at most COVER_PICTURE_WIDTH wide. */
function coverShape(width: number, height: number): ResizeOptions {
  const ratio = COVER_PICTURE_WIDTH / COVER_PICTURE_HEIGHT;
  const coverWidth = Math.max(1, Math.min(COVER_PICTURE_WIDTH, width, Math.floor(height * ratio)));
  const coverHeight = Math.max(1, Math.round(coverWidth / ratio));
  return { width: coverWidth, height: coverHeight, fit: 'cover', position: sharp.strategy.attention };
}

// Raster formats only: what phones and cameras produce. SVG and PDF are documents, not photos.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

// A 5 MB file can still unpack to gigabytes of pixels; 40 megapixels is more than any phone camera.
const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'The image is larger than 40 megapixels. Choose a smaller one.';

const STORED_NAME = /^(photos|logos|covers)\/[0-9a-f]{32}\.webp$/;

function notAnImage(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.notAnImage);
}

/** Width and height as the image is seen, once turned upright by its EXIF orientation (5 to 8 turn it a quarter). */
function uprightSize({ width, height, orientation }: Metadata): { width: number; height: number } {
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Decodes the upload (which proves it is an image, whatever its name says), turns it upright, drops every
 * metadata (camera, place, author), gives it the shape of its kind and encodes it again as WebP.
 */
async function reencode(upload: Buffer, folder: ImageFolder): Promise<Buffer> {
  try {
    // The header alone, read without the pixel limit (which would refuse a bomb as "not an image"), so that
    // an image bomb is told for what it is before anything is decoded.
    const header = await sharp(upload, { limitInputPixels: false }).metadata();
    if (!ACCEPTED_FORMATS.has(header.format)) throw notAnImage();
    if (header.width * header.height > MAX_INPUT_PIXELS) {
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_MANY_PIXELS_MESSAGE);
    }
    const { width, height } = uprightSize(header);
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(SHAPES[folder](width, height))
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
}

/** The file under the upload directory that a URL of this store names ("logos/….webp"), if it names one. */
function storedName(url: string | null): string | undefined {
  const name = url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : undefined;
  return name !== undefined && STORED_NAME.test(name) ? name : undefined;
}

export function createImageStore(uploadDir: string) {
  return {
    /** Stores the upload re-encoded under a new random name and answers the URL it is served at. */
    async save(folder: ImageFolder, upload: Buffer): Promise<string> {
      const webp = await reencode(upload, folder);
      const name = `${folder}/${randomBytes(16).toString('hex')}.webp`;
      await fs.mkdir(path.join(uploadDir, folder), { recursive: true });
      await fs.writeFile(path.join(uploadDir, name), webp, { flag: 'wx' });
      return `${UPLOADS_PREFIX}${name}`;
    },

    /**
     * Stores the upload re-encoded under a name of this store's kind given beforehand: the demo data's pictures,
     * whose names its seed fixes so that the same seed makes the same rows.
     */
    async saveAt(url: string, upload: Buffer): Promise<void> {
      const name = storedName(url);
      if (name === undefined) throw new Error(`Not a name of the image store: ${url}`);
      const folder = name.slice(0, name.indexOf('/')) as ImageFolder;
      const webp = await reencode(upload, folder);
      await fs.mkdir(path.join(uploadDir, folder), { recursive: true });
      await fs.writeFile(path.join(uploadDir, name), webp);
    },

    /**
     * The file of an image this store saved, by its name under the upload directory ("logos/….webp"), for the
     * archive of its owner's data; undefined for any other URL, or a file no longer there.
     */
    async read(url: string | null): Promise<{ name: string; content: Buffer } | undefined> {
      const name = storedName(url);
      if (name === undefined) return undefined;
      try {
        return { name, content: await fs.readFile(path.join(uploadDir, name)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    /** Removes an image this store saved; any other URL (an external logo, say) is left alone. */
    async remove(url: string | null): Promise<void> {
      const name = storedName(url);
      if (name === undefined) return;
      await fs.rm(path.join(uploadDir, name), { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
