import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import {
  type StillTradingConfirmed,
  ownStillTradingConfirmationSchema,
  stillTradingConfirmedSchema,
  stillTradingLinkConfirmationSchema,
  stillTradingLinkQuerySchema,
  stillTradingQuestionSchema,
} from '@churchtrades/shared/still-trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { StillTradingService } from './service';

const tags = ['still trading'];
const confirmedAnswer = envelopeSchema(z.object({ stillTrading: stillTradingConfirmedSchema }));
const linkRefusals = {
  404: "The link's token is not one we sent.",
  409: 'The link was used already, or a newer e-mail replaced it.',
};

function confirmedMessage(confirmed: StillTradingConfirmed): string {
  return confirmed.listedAgain ? MESSAGES.stillTradingConfirmedListedAgain : MESSAGES.stillTradingConfirmed;
}

/** The owner's answer to "Is <business> still trading?": by the e-mailed link (no login) or from their dashboard. */
export const stillTradingRoutes: FastifyPluginAsyncZod<{ stillTrading: StillTradingService }> = async (app, { stillTrading }) => {
  // The link's answers name a business that may be out of the directory: no cache may keep them.
  keepAnswersPrivate(app);

  app.get(
    '/trades/stillTrading',
    {
      schema: {
        tags,
        summary: "The business an e-mailed still-trading link asks about; reading it confirms nothing",
        refusals: linkRefusals,
        querystring: stillTradingLinkQuerySchema,
        response: { 200: envelopeSchema(z.object({ question: stillTradingQuestionSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.stillTradingQuestionFound, { question: await stillTrading.question(request.query.token) }),
  );

  app.post(
    '/trades/stillTrading',
    {
      schema: {
        tags,
        summary: "The owner's one-click \"Yes, still trading\" from the e-mailed link: no login, once per question",
        refusals: linkRefusals,
        body: stillTradingLinkConfirmationSchema,
        response: { 200: confirmedAnswer },
      },
    },
    async (request) => {
      const confirmed = await stillTrading.confirmByLink(request.body.token);
      return envelope(200, confirmedMessage(confirmed), { stillTrading: confirmed });
    },
  );

  app.patch(
    '/trades/stillTrading/own',
    {
      onRequest: app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount),
      schema: {
        tags,
        summary: "The owner's \"Yes, still trading\" from their dashboard, while a question is open",
        refusals: {
          404: 'No business has the `tradeId` the body names.',
          409: 'The business was not asked whether it is still trading, or the question was answered meanwhile.',
        },
        body: ownStillTradingConfirmationSchema,
        response: { 200: confirmedAnswer },
      },
    },
    async (request) => {
      const confirmed = await stillTrading.confirmOwn(currentUser(request), request.body.tradeId);
      return envelope(200, confirmedMessage(confirmed), { stillTrading: confirmed });
    },
  );
};
