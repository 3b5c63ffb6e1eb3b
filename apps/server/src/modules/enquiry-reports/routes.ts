import { blockedSenderSchema, blockSenderSchema, enquiryReviewsSchema, receivedEnquirySchema } from '@churchtrades/shared/enquiries';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { emailSchema } from '@churchtrades/shared/fields';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory, mayModerate } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { enquiryParamsSchema } from '../enquiry-inbox/routes';
import { currentUser } from '../sessions/plugin';
import type { EnquiryReportService } from './service';

const tags = ['moderation'];
const reportParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.spamReportNotFound }).describe("The spam report's id (a UUID)") });
const unblockQuerySchema = z.object({ email: emailSchema.describe('The blocked sender address to accept enquiries from again') });

/** `/moderation/enquiries` and `/moderation/blockedSenders`: spam reports, held enquiries and blocked senders. */
export const enquiryReportRoutes: FastifyPluginAsyncZod<{ reports: EnquiryReportService }> = async (app, { reports }) => {
  // Senders' addresses and the evidence of their messages are for moderators: no cache may keep them.
  keepAnswersPrivate(app);
  const requireModerator = app.requireRole(mayModerate);

  app.get(
    '/moderation/enquiries',
    {
      onRequest: requireModerator,
      schema: {
        tags,
        summary: "Open spam reports and held enquiries of the churches the caller moderates, each with its first message only, newest first",
        response: { 200: envelopeSchema(enquiryReviewsSchema) },
      },
    },
    async (request) => envelope(200, MESSAGES.enquiryReviewsFound, { reviews: await reports.reviews(currentUser(request)) }),
  );

  app.get(
    '/moderation/enquiries/:id',
    {
      onRequest: app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly),
      schema: {
        tags,
        summary: 'A reported enquiry with its whole conversation, for administrators investigating the report',
        params: enquiryParamsSchema,
        response: { 200: envelopeSchema(z.object({ enquiry: receivedEnquirySchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.enquiryFound, { enquiry: await reports.investigate(currentUser(request), request.params.id) }),
  );

  app.post(
    '/moderation/enquiries/reports/:id/dismiss',
    {
      onRequest: requireModerator,
      schema: {
        tags,
        summary: 'Dismiss a spam report: the enquiry was not spam',
        refusals: { 409: 'The report has been decided already.' },
        params: reportParamsSchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request) => {
      await reports.dismiss(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.spamReportDismissed, {});
    },
  );

  app.get(
    '/moderation/blockedSenders',
    {
      onRequest: requireModerator,
      schema: {
        tags,
        summary: "Blocked sender addresses: all for administrators, a moderator's own and their churches' reported ones",
        response: { 200: envelopeSchema(z.object({ blockedSenders: z.array(blockedSenderSchema) })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.blockedSendersFound, { blockedSenders: await reports.blocked(currentUser(request)) }),
  );

  app.post(
    '/moderation/blockedSenders',
    {
      onRequest: requireModerator,
      schema: {
        tags,
        summary: 'Block a sender address across the directory, deciding its spam report and dropping its undelivered enquiries',
        refusals: {
          404: 'No spam report has the `reportId` the body names.',
          409: 'The address was unblocked again before the block could be answered.',
        },
        body: blockSenderSchema,
        response: { 200: envelopeSchema(z.object({ blockedSender: blockedSenderSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.senderBlocked, { blockedSender: await reports.block(currentUser(request), request.body) }),
  );

  app.delete(
    '/moderation/blockedSenders',
    {
      onRequest: app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly),
      schema: {
        tags,
        summary: 'Accept enquiries from a blocked sender address again',
        refusals: { 404: 'The address is not blocked.' },
        querystring: unblockQuerySchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request) => {
      await reports.unblock(currentUser(request), request.query.email);
      return envelope(200, MESSAGES.senderUnblocked, {});
    },
  );
};
