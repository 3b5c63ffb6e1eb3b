import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory, mayModerate } from '@churchtrades/shared/permissions';
import {
  moderatedReviewsSchema,
  removeReviewSchema,
  reviewNoticeInputSchema,
  reviewNoticeSchema,
  reviewReportSchema,
} from '@churchtrades/shared/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser, signedInUser } from '../sessions/plugin';
import type { ReviewModerationService } from './service';

const reviewParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.reviewNotFound }).describe("The review's id (a UUID)") });
// Named `id` as the other calls under /moderation/trades/ name it: one parameter name per place in the path.
const tradeParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.tradeNotFound }).describe("The business's id (a UUID)") });
const doneAnswer = { 200: envelopeSchema(z.object({})) };
const removedAlready = { 409: 'The review has been removed already.' };

/** Anyone's report of a review, and the moderators' list of reviews and decisions on them. */
export const reviewModerationRoutes: FastifyPluginAsyncZod<{ reviewModeration: ReviewModerationService }> = async (
  app,
  { reviewModeration },
) => {
  // The moderators' list names reviewers and the reports' reasons: no cache may keep these answers.
  keepAnswersPrivate(app);
  const requireModerator = app.requireRole(mayModerate);

  app.post(
    '/reviews/:id/reports',
    {
      onRequest: app.identifyUser,
      schema: {
        tags: ['reviews'],
        summary:
          'Report a review to the moderators, with a reason; anyone may (a visitor with a proof of work), a repeat adds to the open report, and the review stays shown until they decide',
        refusals: {
          ...removedAlready,
          429: "Too many reports came from this network within the hour: try again after the Retry-After header's seconds.",
        },
        params: reviewParamsSchema,
        body: reviewReportSchema,
        // No id: a repeat, merged into the open report, is answered as a first report is.
        response: { 201: envelopeSchema(z.object({})) },
      },
    },
    async (request, reply) => {
      const context = { user: signedInUser(request), address: request.ip };
      await reviewModeration.report(context, request.params.id, request.body);
      return reply.code(201).send(envelope(201, MESSAGES.reviewReported, {}));
    },
  );

  app.get(
    '/moderation/reviews',
    {
      onRequest: requireModerator,
      schema: {
        tags: ['moderation'],
        summary:
          'Reported, held and flagged reviews across the directory, those waiting longest first, each with whether the caller may decide or hold it',
        response: { 200: envelopeSchema(moderatedReviewsSchema) },
      },
    },
    async (request) => envelope(200, MESSAGES.moderatedReviewsFound, { reviews: await reviewModeration.waiting(currentUser(request)) }),
  );

  app.post(
    '/moderation/reviews/:id/remove',
    {
      onRequest: requireModerator,
      schema: {
        tags: ['moderation'],
        summary: "Remove a review, with a public reason the business page shows; not by a moderator of the business's church",
        refusals: removedAlready,
        params: reviewParamsSchema,
        body: removeReviewSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await reviewModeration.remove(currentUser(request), request.params.id, request.body.reason);
      return envelope(200, MESSAGES.reviewRemoved, {});
    },
  );

  app.post(
    '/moderation/reviews/:id/keep',
    {
      onRequest: requireModerator,
      schema: {
        tags: ['moderation'],
        summary: "Keep a review published: its reports decided, its holds lifted, its flags weighed; not by a moderator of the business's church",
        refusals: removedAlready,
        params: reviewParamsSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await reviewModeration.keep(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.reviewKept, {});
    },
  );

  app.post(
    '/moderation/reviews/:id/hold',
    {
      onRequest: requireModerator,
      schema: {
        tags: ['moderation'],
        summary: "Hold a review for 48 hours, once: for a moderator of the business's own church, who may not decide it",
        refusals: { 409: 'The review has been removed already, or a moderator of its church has held it already.' },
        params: reviewParamsSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await reviewModeration.hold(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.reviewChurchHeld, {});
    },
  );

  app.post(
    '/moderation/trades/:id/reviewNotice',
    {
      onRequest: requireModerator,
      schema: {
        tags: ['moderation'],
        summary: "Show the 90-day public notice of a business caught gathering fake reviews; not by a moderator of the business's church",
        refusals: { 409: 'The business shows a notice already.' },
        params: tradeParamsSchema,
        body: reviewNoticeInputSchema,
        response: { 201: envelopeSchema(z.object({ notice: reviewNoticeSchema })) },
      },
    },
    async (request, reply) => {
      const notice = await reviewModeration.setNotice(currentUser(request), request.params.id, request.body.reason);
      return reply.code(201).send(envelope(201, MESSAGES.reviewNoticeSet, { notice }));
    },
  );

  app.delete(
    '/moderation/trades/:id/reviewNotice',
    {
      onRequest: app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly),
      schema: {
        tags: ['moderation'],
        summary: "End a business's fake-review notice early: administrators only, and not one serving the business's church",
        params: tradeParamsSchema,
        response: doneAnswer,
      },
    },
    async (request) => {
      await reviewModeration.liftNotice(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.reviewNoticeLifted, {});
    },
  );
};
