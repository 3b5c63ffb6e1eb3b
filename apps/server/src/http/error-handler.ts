import type { FieldError } from '@churchtrades/shared/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database';
import { AppError, TooManyRequestsError } from './app-error';
import { envelope } from './envelope';

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';
export const NOT_FOUND_MESSAGE = 'Not found';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment. Please try again shortly.';
/** A database restart takes seconds; a client (or a proxy) may try again after this. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function fieldErrors(error: { validation: { instancePath: string; message?: string }[] }): FieldError[] {
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
}

function sendError(reply: FastifyReply, statusCode: number, message: string, data: object = {}) {
  return reply.code(statusCode).send(envelope(statusCode, message, data));
}

/** One mapping from thrown errors to the envelope; a 5xx never shows its text or stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      const errors: FieldError[] | undefined = error.field === undefined ? undefined : [{ field: error.field, message: error.message }];
      return sendError(reply, error.statusCode, error.message, errors ? { errors } : {});
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      return sendError(reply, 400, errors[0]?.message ?? 'Invalid request', { errors });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request or of the code: the database is away (restarting, say) and will be back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return sendError(reply, statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, INTERNAL_ERROR_MESSAGE);
  });
}
