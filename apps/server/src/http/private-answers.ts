import type { FastifyInstance } from 'fastify';

/**
 * Answers of this scope are about one person or for privileged eyes: no browser or shared cache may keep
 * them (errors included, which is why it is a hook and not a header set by each handler).
 */
export function keepAnswersPrivate(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
