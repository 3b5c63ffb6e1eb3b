import { tradeChecksSchema, vouchInputSchema, vouchWithdrawalSchema } from '@churchtrades/shared/church-checks';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { moderationTradeParamsSchema } from '@churchtrades/shared/moderation';
import { mayModerate, mayViewModeration } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { ChurchCheckService } from './service';

const tags = ['moderation'];
const checksAnswer = { 200: envelopeSchema(z.object({ checks: tradeChecksSchema })) };

/** `/moderation/trades/:id/…`: a church vouches for a business it knows, and moderators check its licence. */
export const churchCheckRoutes: FastifyPluginAsyncZod<{ checks: ChurchCheckService }> = async (app, { checks }) => {
  // Who vouched is for the church's moderators, whatever the badge shows: no cache may keep it.
  keepAnswersPrivate(app);

  app.get(
    '/moderation/trades/:id/checks',
    {
      onRequest: app.requireRole(mayViewModeration),
      schema: {
        tags,
        summary: "A business's current vouch and licence, and what the caller may do about them",
        params: moderationTradeParamsSchema,
        response: checksAnswer,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.checksFound, { checks: await checks.checks(currentUser(request), request.params.id) }),
  );

  app.post(
    '/moderation/trades/:id/vouch',
    {
      onRequest: app.requireRole(mayViewModeration),
      schema: {
        tags,
        summary: "Vouch for (or renew the vouch for) a business of the caller's church, for 12 months",
        refusals: { 409: 'The business moved to another church while the vouch was being recorded.' },
        params: moderationTradeParamsSchema,
        body: vouchInputSchema,
        response: checksAnswer,
      },
    },
    async (request) => {
      const answer = await checks.vouch(currentUser(request), request.params.id, request.body);
      return envelope(200, MESSAGES.vouchRecorded, { checks: answer });
    },
  );

  app.delete(
    '/moderation/trades/:id/vouch',
    {
      onRequest: app.requireRole(mayViewModeration),
      schema: {
        tags,
        summary: "Withdraw a business's vouch, with a reason",
        refusals: { 409: 'The business has no vouch to withdraw.' },
        params: moderationTradeParamsSchema,
        body: vouchWithdrawalSchema,
        response: checksAnswer,
      },
    },
    async (request) => {
      const answer = await checks.withdraw(currentUser(request), request.params.id, request.body);
      return envelope(200, MESSAGES.vouchWithdrawn, { checks: answer });
    },
  );

  app.post(
    '/moderation/trades/:id/licenceChecked',
    {
      onRequest: app.requireRole(mayModerate),
      schema: {
        tags,
        summary: "Mark the business's stated licence as found on the state's public register",
        refusals: { 409: 'The owner has not stated a licence.' },
        params: moderationTradeParamsSchema,
        response: checksAnswer,
      },
    },
    async (request) => {
      const answer = await checks.markLicenceChecked(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.licenceMarkedChecked, { checks: answer });
    },
  );

  app.delete(
    '/moderation/trades/:id/licenceChecked',
    {
      onRequest: app.requireRole(mayModerate),
      schema: {
        tags,
        summary: "Undo a licence check: the licence shows as stated by the owner again",
        refusals: { 409: 'The licence is not marked checked.' },
        params: moderationTradeParamsSchema,
        response: checksAnswer,
      },
    },
    async (request) => {
      const answer = await checks.undoLicenceCheck(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.licenceCheckUndone, { checks: answer });
    },
  );
};
