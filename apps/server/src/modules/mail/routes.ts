import { envelopeSchema } from '@churchtrades/shared/envelope';
import { failedMailIdSchema, failedMailPageSchema, failedMailQuerySchema } from '@churchtrades/shared/mail-outbox';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { MailService } from './service';

const tags = ['administration'];

/** The mails that could not be delivered, for administrators to see and send again. */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  const administrators = app.requireRole(mayAdministerDirectory);
  // Whom the site failed to write to: no cache may keep it.
  keepAnswersPrivate(app);

  app.get(
    '/mails/failed',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'The mails given up on after their last try, the latest first, without their bodies (administrators)',
        querystring: failedMailQuerySchema,
        response: { 200: envelopeSchema(z.object({ mails: failedMailPageSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.failedMailsFound, { mails: await mail.failedMails(currentUser(request), request.query) }),
  );

  app.post(
    '/mails/failed/:id/resend',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Queues a failed mail again, with all its tries ahead of it (administrators)',
        params: failedMailIdSchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request) => {
      await mail.resend(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.failedMailResent, {});
    },
  );
};
