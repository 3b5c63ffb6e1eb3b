import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope';
import { NOT_FOUND_MESSAGE } from './error-handler';

export const BAD_URL_MESSAGE = 'The address is not a valid URL';

/**
 * Errors Fastify's router raises before any route runs, answered in the envelope instead of Fastify's own
 * JSON (which also echoes the whole path back). A path segment longer than the router accepts (100
 * characters, far more than any id) names nothing: 404, as any other unknown id.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send(envelope(404, NOT_FOUND_MESSAGE, {}));
  }
  return reply.code(400).send(envelope(400, BAD_URL_MESSAGE, {}));
}
