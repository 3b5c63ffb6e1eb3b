import { createHash } from 'node:crypto';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface PublicCacheOptions {
  /**
   * How long browsers and shared caches may keep an answer without asking again. Absent: they keep it but
   * ask every time (`no-cache`), and the ETag turns an unchanged answer into a 304 without a body.
   */
  maxAgeSeconds?: number;
}

function cacheControlOf({ maxAgeSeconds }: PublicCacheOptions): string {
  return maxAgeSeconds === undefined ? 'public, no-cache' : `public, max-age=${maxAgeSeconds}`;
}

// The envelope's timeStamp changes on every answer; it is left out of the ETag so that an unchanged answer
// keeps its tag. It is the envelope's first field and a JSON string cannot hold an unescaped quote.
const TIME_STAMP_FIELD = /"timeStamp":"[^"]*",?/;

function tagOf(payload: string | Buffer): string {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  return createHash('sha1').update(text.replace(TIME_STAMP_FIELD, '')).digest('base64url');
}

function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

/**
 * For public answers that depend on nothing but the request's URL (never on a session or a cookie):
 * successful answers may be cached by anyone (for `maxAgeSeconds`, or revalidated on every use), and carry a weak ETag (weak because
 * equal answers differ in their timeStamp) so that a repeat with `If-None-Match` gets 304 without a body.
 *
 * Register it inside an encapsulated plugin that declares only such routes: it adds hooks to the
 * context it is registered in (that is what fastify-plugin does), not to the whole app.
 */
export const publicCache = fp(async (app: FastifyInstance, options: PublicCacheOptions) => {
  const cacheControl = cacheControlOf(options);

  // Runs before the ETag hook below, so that a 304 carries Cache-Control too (RFC 9111 §4.3.4).
  app.addHook('onSend', async (request, reply) => {
    if (isSuccess(reply.statusCode)) {
      reply.header('cache-control', cacheControl);
      return;
    }
    // RFC 9110 §13.2.1: preconditions are ignored when the answer would not be a success, so an error
    // is never turned into a 304.
    delete request.headers['if-none-match'];
  });

  await app.register(etag, { weak: true, hashFn: tagOf });
});
