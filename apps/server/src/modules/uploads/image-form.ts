import { IMAGE_FILE_FIELD } from '@churchtrades/shared/account-requests';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

export interface ImageForm {
  fields: Record<string, string>;
  image: Buffer;
}

const NOT_MULTIPART_MESSAGE = 'Send the image as a multipart form';
export const UNREADABLE_FORM_MESSAGE = 'The form could not be read; send it again';

async function readParts(request: FastifyRequest): Promise<{ fields: Record<string, string>; image?: Buffer }> {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === IMAGE_FILE_FIELD) {
      image = await part.toBuffer();
    } else {
      part.file.resume();
    }
  }
  return image === undefined ? { fields } : { fields, image };
}

/** An error the multipart plugin raised with a 4xx status of its own (too many parts, say). */
function hasClientStatus(error: unknown): boolean {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/**
 * The text fields and the image (field `file`) of a multipart form, the image read whole into memory: it is
 * at most MAX_IMAGE_BYTES, beyond which the upload is stopped with 413. Its name and declared type are not
 * looked at: only decoding it tells whether it is an image.
 */
export async function readImageForm(request: FastifyRequest): Promise<ImageForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE);
  try {
    const { fields, image } = await readParts(request);
    if (image === undefined || image.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.imageRequired);
    return { fields, image };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.imageTooLarge);
    }
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    // The multipart parser's own errors (no boundary, a form cut short) are plain errors: the client's fault.
    throw new AppError('BAD_REQUEST', UNREADABLE_FORM_MESSAGE);
  }
}
