import { envelopeSchema } from '@churchtrades/shared/envelope';
import { tradeDetailSchema, tradePageSchema, tradeSearchQuerySchema } from '@churchtrades/shared/trade-search';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { publicCache } from '../../http/public-cache';
import type { TradeService } from './service';

export const tradeRoutes: FastifyPluginAsyncZod<{ trades: TradeService }> = async (app, { trades }) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  // Routes that read the session belong outside this scope. Caches ask again every time (an unchanged
  // answer costs a 304), so that an owner's change shows in the very next search.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, {});

    directory.get(
      '/trades/clientFilter',
      {
        schema: {
          tags: ['trades'],
          summary: 'Listed businesses by text, state, church and category, a page at a time',
          querystring: tradeSearchQuerySchema,
          response: { 200: envelopeSchema(z.object({ trades: tradePageSchema })) },
        },
      },
      async (request) => envelope(200, 'Trades found', { trades: await trades.searchListed(request.query) }),
    );

    directory.get(
      '/trades/:id',
      {
        schema: {
          tags: ['trades'],
          summary: 'One listed business',
          params: z.object({ id: z.string() }),
          response: { 200: envelopeSchema(z.object({ trade: tradeDetailSchema })) },
        },
      },
      async (request) => envelope(200, 'Trade found', { trade: await trades.findListed(request.params.id) }),
    );
  });
};
