import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { tradeAdminPageSchema, tradeAdminSearchQuerySchema } from '@churchtrades/shared/trade-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { TradeAdminService } from './service';

/** Administration of businesses (issue "Moderation and administration"): ADMIN and above only. */
export const tradeAdminRoutes: FastifyPluginAsyncZod<{ tradeAdmin: TradeAdminService }> = async (app, { tradeAdmin }) => {
  // Unlisted businesses and owners' e-mails: no cache may keep them.
  keepAnswersPrivate(app);

  app.get(
    '/trades/searchTrade',
    {
      onRequest: app.requireRole(mayAdministerDirectory),
      schema: {
        tags: ['administration'],
        summary: 'Every business, listed or not, by its name or its owner, state and moderation status',
        querystring: tradeAdminSearchQuerySchema,
        response: { 200: envelopeSchema(z.object({ trades: tradeAdminPageSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.tradesFound, { trades: await tradeAdmin.search(currentUser(request), request.query) }),
  );
};
