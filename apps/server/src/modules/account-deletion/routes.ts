import { accountDeletionRequestSchema, accountDeletionSchema, accountDeletionUndoSchema } from '@churchtrades/shared/account-deletion';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { requesterOf } from '../../http/requester';
import { currentSession } from '../sessions/plugin';
import type { AccountDeletionService } from './service';

const tags = ['user'];

/** "Delete my account": asking for the deletion, and keeping the account by the e-mailed link. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{ deletions: AccountDeletionService }> = async (app, { deletions }) => {
  keepAnswersPrivate(app);

  // A read-only account (USER) changes nothing, but leaving is still its own to do.
  app.post(
    '/user/deletion',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Delete the own account, given the password (and the two-step code): closed at once, deleted after 14 days unless kept by the e-mailed link`,
        refusals: {
          409: 'The account is already waiting to be deleted.',
          429: "Too many wrong passwords or two-step codes for the account lately: try again after the Retry-After header's seconds.",
        },
        body: accountDeletionRequestSchema,
        response: { 200: envelopeSchema(accountDeletionSchema) },
      },
    },
    async (request, reply) => {
      const deletion = await deletions.request(currentSession(request), request.body, requesterOf(request));
      reply.clearSessionCookie();
      return envelope(200, MESSAGES.accountDeletionRequested, deletion);
    },
  );

  app.post(
    '/user/deletion/undo',
    {
      schema: {
        tags,
        summary: 'Keep an account waiting to be deleted, by the key of the e-mailed link; once, until it is deleted',
        refusals: { 410: 'The key keeps no account: its link was used, or its 14 days are over and the account is deleted.' },
        body: accountDeletionUndoSchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request) => {
      await deletions.undo(request.body.key, requesterOf(request));
      return envelope(200, MESSAGES.accountDeletionUndone, {});
    },
  );
};
