import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the services count and remember it (users/service.ts `Requester`). */
export function requesterOf(request: FastifyRequest): { address: string; userAgent: string } {
  return { address: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
