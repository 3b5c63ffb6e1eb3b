import {
  confirmEnquirySchema,
  conversationQuerySchema,
  conversationReplySchema,
  conversationRevokeSchema,
  conversationSchema,
  enquirySentSchema,
  proofOfWorkChallengeSchema,
  sendEnquirySchema,
} from '@churchtrades/shared/enquiries';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayModerate } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser, signedInUser } from '../sessions/plugin';
import type { EnquiryService } from './service';

const tags = ['enquiries'];
const sentAnswer = { 200: envelopeSchema(z.object({ enquiry: enquirySentSchema })) };
const doneAnswer = { 200: envelopeSchema(z.object({})) };
const conversationAnswer = { 200: envelopeSchema(z.object({ conversation: conversationSchema })) };
const enquiryParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.enquiryNotFound }).describe("The enquiry's id (a UUID)") });
const linkRefusals = {
  404: 'The token is not one we sent, or its enquiry was never delivered.',
  409: 'The link was stopped: the next answer from the business brings a new one.',
  410: 'The link has lapsed: the conversation had no message for 180 days.',
};

/**
 * A visitor's enquiry to up to 3 businesses (no account needed), its e-mailed confirmation, the visitor's side of
 * the conversation through the private link, and a moderator's release of a held enquiry.
 */
export const enquiryRoutes: FastifyPluginAsyncZod<{ enquiries: EnquiryService }> = async (app, { enquiries }) => {
  // Challenges are single-use and conversations private: no cache may keep any answer of these routes.
  keepAnswersPrivate(app);

  app.get(
    '/enquiries/challenge',
    {
      schema: {
        tags,
        summary: "A proof-of-work challenge for the widget of a visitor's enquiry or report of a review, good for 10 minutes and accepted once",
        response: { 200: envelopeSchema(proofOfWorkChallengeSchema) },
      },
    },
    async () => envelope(200, MESSAGES.proofOfWorkChallengeFound, { challenge: { ...(await enquiries.challenge()) } }),
  );

  app.post(
    '/enquiries',
    {
      onRequest: app.identifyUser,
      schema: {
        tags,
        summary: 'Send one enquiry to 1–3 listed businesses: at once for a logged-in user, else once the e-mailed link confirms the address',
        refusals: {
          403: "The sender owns one of the businesses, or enquiries from the sender's address are not accepted; or the request comes from another site.",
          404: 'One of the `tradeIds` names no business.',
          409: 'One of the businesses is not in the directory now, so it cannot be asked.',
          429: "Too many enquiries from this address or network lately, or a business has received its 30 for today: try again after the Retry-After header's seconds.",
        },
        body: sendEnquirySchema,
        response: sentAnswer,
      },
    },
    async (request) => {
      const sent = await enquiries.send({ user: signedInUser(request), address: request.ip }, request.body);
      return envelope(200, enquiries.outcomeMessage(sent.outcome), { enquiry: sent });
    },
  );

  app.post(
    '/enquiries/confirm',
    {
      schema: {
        tags,
        summary: "The e-mailed confirmation link: confirms the visitor's address and sends their enquiry, once",
        refusals: {
          403: "Enquiries from the sender's address are not accepted (the key is used up and the enquiry dropped); or the request comes from another site.",
          404: 'The key is not one we sent.',
          409: 'The key was used already, or has expired.',
        },
        body: confirmEnquirySchema,
        response: sentAnswer,
      },
    },
    async (request) => {
      const sent = await enquiries.confirm(request.body.key);
      const message = sent.outcome === 'SENT' ? MESSAGES.enquiryConfirmed : enquiries.outcomeMessage(sent.outcome);
      return envelope(200, message, { enquiry: sent });
    },
  );

  app.get(
    '/enquiries/conversation',
    {
      schema: {
        tags,
        summary: "The visitor's conversation with a business, through the private link mailed with its answers",
        refusals: linkRefusals,
        querystring: conversationQuerySchema,
        response: conversationAnswer,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.conversationFound, { conversation: await enquiries.conversation(request.query.token) }),
  );

  app.post(
    '/enquiries/conversation/messages',
    {
      schema: {
        tags,
        summary: 'The visitor writes back to the business through the private link; answers the conversation as it now stands',
        refusals: {
          ...linkRefusals,
          429: "The visitor wrote 10 times through this conversation within the hour: try again after the Retry-After header's seconds.",
        },
        body: conversationReplySchema,
        response: conversationAnswer,
      },
    },
    async (request) => {
      await enquiries.writeBack(request.body.token, request.body.body);
      return envelope(200, MESSAGES.enquiryAnswerSent, { conversation: await enquiries.conversation(request.body.token) });
    },
  );

  app.post(
    '/enquiries/conversation/revoke',
    {
      schema: {
        tags,
        summary: "The visitor stops the private link; the business's next answer brings a new one",
        refusals: linkRefusals,
        body: conversationRevokeSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await enquiries.revoke(request.body.token);
      return envelope(200, MESSAGES.enquiryLinkStopped, {});
    },
  );

  app.post(
    '/moderation/enquiries/:id/release',
    {
      onRequest: app.requireRole(mayModerate),
      schema: {
        tags: ['moderation'],
        summary: "Deliver an enquiry held because its text went to many businesses, for a moderator of the business's church",
        refusals: { 409: 'The enquiry is not waiting for a moderator, or its sender address is blocked.' },
        params: enquiryParamsSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await enquiries.release(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.heldEnquiryReleased, {});
    },
  );
};
