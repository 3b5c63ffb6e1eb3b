import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope';
import { NOT_FOUND_MESSAGE } from './error-handler';

export const BAD_URL_MESSAGE = 'The address is not a valid URL';
export const URL_TOO_LONG_MESSAGE = 'The address is too long';
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large';
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read';
export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive';

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

/** A request line that began in this packet and had not ended where the parser gave up: its URL is what overflowed. */
function urlOverflowed(error: ConnectionError): boolean {
  const packet: unknown = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return false;
  const parsed = packet.subarray(0, error.bytesParsed).toString('latin1');
  return /^[A-Z]+ /.test(parsed) && !parsed.includes('\n');
}

function clientErrorAnswer(error: ConnectionError): { statusCode: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { statusCode: 408, message: REQUEST_TIMEOUT_MESSAGE };
  if (error.code !== 'HPE_HEADER_OVERFLOW') return { statusCode: 400, message: UNREADABLE_REQUEST_MESSAGE };
  return urlOverflowed(error)
    ? { statusCode: 414, message: URL_TOO_LONG_MESSAGE }
    : { statusCode: 431, message: HEADERS_TOO_LARGE_MESSAGE };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers beyond its 16 KB, bytes that
 * are no HTTP): answered in the envelope too, and the connection closed, as the parser cannot go on with it.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, message } = clientErrorAnswer(error);
  const body = JSON.stringify(envelope(statusCode, message, {}));
  socket.end(
    [
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
