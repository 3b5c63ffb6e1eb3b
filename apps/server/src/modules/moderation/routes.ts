import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import {
  type ModerationDecision,
  moderationChurchCountSchema,
  moderationDecisionSchema,
  moderationQueueQuerySchema,
  moderationTradePageSchema,
  moderationTradeParamsSchema,
  moderationTradeSchema,
  moderationTradesQuerySchema,
} from '@churchtrades/shared/moderation';
import { mayModerate, mayViewModeration } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { ModerationService } from './service';

const tags = ['moderation'];
const oneTrade = envelopeSchema(z.object({ trade: moderationTradeSchema }));

const DECISION_MESSAGES: Readonly<Record<ModerationDecision, string>> = {
  APPROVE: MESSAGES.tradeApproved,
  REJECT: MESSAGES.tradeRejected,
  UNLIST: MESSAGES.tradeUnlisted,
  RELIST: MESSAGES.tradeRelisted,
};

/** `/moderation`: church moderators decide on businesses; priests look at their church's, read-only. */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (app, { moderation }) => {
  // Owners' contact details and moderators' notes: no cache may keep them.
  keepAnswersPrivate(app);

  app.get(
    '/moderation/queue',
    {
      onRequest: app.requireRole(mayModerate),
      schema: {
        tags,
        summary: 'Pending and changed-since-approval businesses the caller moderates, oldest first, and counts per church',
        querystring: moderationQueueQuerySchema,
        response: {
          200: envelopeSchema(
            z.object({ trades: moderationTradePageSchema, churches: z.array(moderationChurchCountSchema) }),
          ),
        },
      },
    },
    async (request) => envelope(200, MESSAGES.queueFound, await moderation.queue(currentUser(request), request.query)),
  );

  app.get(
    '/moderation/trades',
    {
      onRequest: app.requireRole(mayViewModeration),
      schema: {
        tags,
        summary: 'Every business, in any status, of the churches the caller may see, by name',
        querystring: moderationTradesQuerySchema,
        response: { 200: envelopeSchema(z.object({ trades: moderationTradePageSchema })) },
      },
    },
    async (request) => {
      const trades = await moderation.trades(currentUser(request), request.query);
      return envelope(200, MESSAGES.tradesFound, { trades });
    },
  );

  app.get(
    '/moderation/trades/:id',
    {
      onRequest: app.requireRole(mayViewModeration),
      schema: {
        tags,
        summary: 'One business of a church the caller may see',
        params: moderationTradeParamsSchema,
        response: { 200: oneTrade },
      },
    },
    async (request) => {
      const trade = await moderation.trade(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.tradeFound, { trade });
    },
  );

  app.patch(
    '/moderation/decide',
    {
      onRequest: app.requireRole(mayModerate),
      schema: {
        tags,
        summary: 'Approve, reject (with a reason), unlist (with a reason) or relist a business',
        refusals: {
          404: 'No business has the `tradeId` the body names.',
          409: 'The decision does not apply to the business as it stands now: it changed, or was decided, meanwhile.',
        },
        body: moderationDecisionSchema,
        response: { 200: oneTrade },
      },
    },
    async (request) => {
      const trade = await moderation.decide(currentUser(request), request.body);
      return envelope(200, DECISION_MESSAGES[request.body.decision], { trade });
    },
  );
};
