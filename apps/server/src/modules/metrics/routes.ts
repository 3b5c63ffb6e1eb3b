import { createHash, timingSafeEqual } from 'node:crypto';
import { mayViewOperations } from '@churchtrades/shared/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareGuardAccess, rolesAllowed } from '../../http/openapi-refusals';
import { keepAnswersPrivate } from '../../http/private-answers';
import { sessionToken } from '../sessions/plugin';
import type { Metrics } from './metrics';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made on this machine itself, not passed on by a proxy. It reads the connection's peer, not
 * `request.ip`: behind a trusted proxy that is the forwarded client address, which any caller can write, and a
 * proxy on the same machine connects from loopback while its X-Forwarded-For names the real client.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return peer !== undefined && LOOPBACK_ADDRESSES.has(peer) && !forwarded;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request bears the scrape token (`Authorization: Bearer …`). Compared as digests in constant time,
 * so the answer's timing tells nothing of how much of a guess was right.
 */
export function bearsToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token === undefined || header === undefined || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * `GET /metrics` in the Prometheus text format (DESIGN "Roles": operational views are a DEVELOPER's and a
 * SUPER's). A scraper on the machine itself may read it without logging in, and with METRICS_TOKEN set a scraper
 * elsewhere (a Prometheus in another container) bearing it; a request bringing a session cookie is judged by its
 * user's role, from wherever it comes.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  keepAnswersPrivate(app);
  const requireOperator = app.requireRole(mayViewOperations);

  async function mayReadMetrics(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (sessionToken(request) === undefined && (isLoopbackRequest(request) || bearsToken(request, token))) return;
    await requireOperator(request, reply);
  }
  // Loopback and the scrape token pass without a session; anyone else is an operator's session or refused.
  declareGuardAccess(mayReadMetrics, { session: 'optional', roles: rolesAllowed(mayViewOperations) });

  app.get(
    '/metrics',
    {
      onRequest: mayReadMetrics,
      // Scraped every few seconds: like /healthz, it stays out of the request log.
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics: requests per route, the database pool, the process (developers, loopback, or the scrape token)',
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.exposition()),
  );
};
