import {
  ownerReplySchema,
  receivedEnquiriesQuerySchema,
  receivedEnquiriesSchema,
  receivedEnquirySchema,
  spamReportSchema,
  updateReceivedEnquirySchema,
} from '@churchtrades/shared/enquiries';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { EnquiryInboxService } from './service';

const tags = ['enquiries'];
export const enquiryParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.enquiryNotFound }).describe("The enquiry's id (a UUID)") });
const oneEnquiry = { 200: envelopeSchema(z.object({ enquiry: receivedEnquirySchema })) };

/** The owner's Enquiries page: the enquiries delivered to the business they own, and their answers. */
export const enquiryInboxRoutes: FastifyPluginAsyncZod<{ inbox: EnquiryInboxService }> = async (app, { inbox }) => {
  // Enquiries are their business's owner's alone: no cache may keep them.
  keepAnswersPrivate(app);
  const requireMayChange = app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount);

  app.get(
    '/enquiries/received',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One folder of the enquiries delivered to the caller's business, the latest conversation first, with each folder's counts",
        querystring: receivedEnquiriesQuerySchema,
        response: { 200: envelopeSchema(receivedEnquiriesSchema) },
      },
    },
    async (request) => envelope(200, MESSAGES.enquiriesFound, await inbox.received(currentUser(request), request.query)),
  );

  app.get(
    '/enquiries/received/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "An enquiry of the caller's business with its conversation; the owner's reading marks it read",
        params: enquiryParamsSchema,
        response: oneEnquiry,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.enquiryFound, { enquiry: await inbox.enquiry(currentUser(request), request.params.id) }),
  );

  app.patch(
    '/enquiries/received/:id',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'File an enquiry in another folder, or mark it read or unread',
        params: enquiryParamsSchema,
        body: updateReceivedEnquirySchema,
        response: oneEnquiry,
      },
    },
    async (request) => {
      const enquiry = await inbox.update(currentUser(request), request.params.id, request.body);
      return envelope(200, MESSAGES.enquiryUpdated, { enquiry });
    },
  );

  app.post(
    '/enquiries/received/:id/replies',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: "The owner's answer, e-mailed to the visitor with the private link to the conversation",
        refusals: { 409: 'The enquiry is filed as spam, or its sender has deleted their account.' },
        params: enquiryParamsSchema,
        body: ownerReplySchema,
        response: oneEnquiry,
      },
    },
    async (request) => {
      const enquiry = await inbox.reply(currentUser(request), request.params.id, request.body.body);
      return envelope(200, MESSAGES.enquiryReplySent, { enquiry });
    },
  );

  app.post(
    '/enquiries/received/:id/spam',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: "File an enquiry as spam and report its sender to the moderators of the business's church",
        params: enquiryParamsSchema,
        body: spamReportSchema,
        response: oneEnquiry,
      },
    },
    async (request) => {
      const enquiry = await inbox.reportSpam(currentUser(request), request.params.id, request.body);
      return envelope(200, MESSAGES.enquiryReported, { enquiry });
    },
  );
};
