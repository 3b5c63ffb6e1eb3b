import { envelopeSchema } from '@churchtrades/shared/envelope';
import { tradePageSchema, tradeSearchQuerySchema } from '@churchtrades/shared/trade-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import type { TradeService } from './service';

export const tradeRoutes: FastifyPluginAsyncZod<{ trades: TradeService }> = async (app, { trades }) => {
  app.get(
    '/trades/clientFilter',
    {
      schema: {
        tags: ['trades'],
        summary: 'Listed businesses, a page at a time',
        querystring: tradeSearchQuerySchema,
        response: { 200: envelopeSchema(z.object({ trades: tradePageSchema })) },
      },
    },
    async (request) => envelope(200, 'Trades found', { trades: await trades.searchListed(request.query) }),
  );
};
