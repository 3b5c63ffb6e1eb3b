import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import {
  editReviewSchema,
  ownerAnswerSchema,
  ownReviewSchema,
  publicReviewSchema,
  receivedReviewsQuerySchema,
  reviewEligibilityQuerySchema,
  reviewEligibilitySchema,
  tradeReviewsQuerySchema,
  tradeReviewsSchema,
  writeReviewSchema,
} from '@churchtrades/shared/reviews';
import { pageSchema } from '@churchtrades/shared/trade-search';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { publicCache } from '../../http/public-cache';
import { currentUser, signedInUser } from '../sessions/plugin';
import type { ReviewService } from './service';

const tags = ['reviews'];
const reviewParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.reviewNotFound }).describe("The review's id (a UUID)") });
const ownReviewAnswer = envelopeSchema(z.object({ review: ownReviewSchema }));
const proofRefusals = {
  401: 'Neither logged in nor bringing a conversation link\'s token.',
  404: "The enquiry named is not the caller's, the conversation link's token is not one we sent, or the business is not in the directory now.",
  409: 'The conversation link was stopped: the next answer from the business brings a new one.',
  410: 'The conversation link has lapsed: the conversation had no message for 180 days.',
};

/**
 * Reviews: a business's reviews for every visitor, the eligibility, writing and editing of the person who
 * asked the business, the owner's received reviews and their one answer.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (app, { reviews }) => {
  // The public list depends on the URL alone, never on a session: anyone may cache it, asking again every time
  // (an unchanged answer costs a 304) so that a new review or answer shows at once, as a business's page does.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, {});

    directory.get(
      '/trades/:id/reviews',
      {
        schema: {
          tags,
          summary: "A listed business's rating and published reviews, newest first, with those waiting counted, every removal's note and its notice",
          params: z.object({ id: z.string().describe("The business's id") }),
          querystring: tradeReviewsQuerySchema,
          response: { 200: envelopeSchema(tradeReviewsSchema) },
        },
      },
      async (request) => envelope(200, MESSAGES.reviewsFound, await reviews.tradeReviews(request.params.id, request.query)),
    );
  });

  await app.register(async (scope) => {
    const own = scope.withTypeProvider<ZodTypeProvider>();
    // The rest is about one person, or one business's owner: no cache may keep it.
    keepAnswersPrivate(own);

    own.get(
      '/reviews/eligibility',
      {
        onRequest: own.identifyUser,
        schema: {
          tags,
          summary: "Whether, and from when, the sender of an enquiry may review its business: a logged-in sender names the enquiry, anyone else brings the conversation link's token",
          refusals: proofRefusals,
          querystring: reviewEligibilityQuerySchema,
          response: { 200: envelopeSchema(z.object({ eligibility: reviewEligibilitySchema })) },
        },
      },
      async (request) => {
        const eligibility = await reviews.eligibility({ user: signedInUser(request), address: request.ip }, request.query);
        return envelope(200, MESSAGES.reviewEligibilityFound, { eligibility });
      },
    );

    own.post(
      '/reviews',
      {
        onRequest: own.identifyUser,
        schema: {
          tags,
          summary: 'Write the one review of a business its enquiry allows: published at once unless an automatic check holds it for a moderator',
          refusals: {
            ...proofRefusals,
            403: "The sender owns the business, it has not answered the enquiry or answered it less than 7 days ago, or the sender's address is blocked; or the request comes from another site.",
            409: 'The sender has reviewed the business already, or the conversation link was stopped.',
            429: "More than 10 reviews were written from this network within the hour: try again after the Retry-After header's seconds.",
          },
          body: writeReviewSchema,
          response: { 201: ownReviewAnswer },
        },
      },
      async (request, reply) => {
        const review = await reviews.write({ user: signedInUser(request), address: request.ip }, request.body);
        return reply.code(201).send(envelope(201, reviews.writtenMessage(review), { review }));
      },
    );

    own.put(
      '/reviews/:id',
      {
        onRequest: own.identifyUser,
        schema: {
          tags,
          summary: 'The reviewer changes their review within 30 days of writing it; the change is marked and checked again',
          refusals: {
            403: "The caller did not write the review (by their account, or the link of the review's enquiry), or its 30 days of editing are over; or the request comes from another site.",
            409: 'The review has been removed, or the conversation link was stopped.',
            410: proofRefusals[410],
          },
          params: reviewParamsSchema,
          body: editReviewSchema,
          response: { 200: ownReviewAnswer },
        },
      },
      async (request) => {
        const review = await reviews.edit({ user: signedInUser(request), address: request.ip }, request.params.id, request.body);
        return envelope(200, MESSAGES.reviewEdited, { review });
      },
    );

    own.get(
      '/reviews/received',
      {
        onRequest: own.requireUser,
        schema: {
          tags,
          summary: "The published reviews of the caller's business, newest first",
          querystring: receivedReviewsQuerySchema,
          response: { 200: envelopeSchema(z.object({ reviews: pageSchema(publicReviewSchema) })) },
        },
      },
      async (request) => envelope(200, MESSAGES.reviewsFound, { reviews: await reviews.received(currentUser(request), request.query) }),
    );

    own.post(
      '/reviews/:id/answer',
      {
        onRequest: own.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount),
        schema: {
          tags,
          summary: "The owner's one public answer to a published review of their business, e-mailed to the reviewer",
          refusals: { 409: 'The review has been removed, still waits for a moderator, or has been answered already.' },
          params: reviewParamsSchema,
          body: ownerAnswerSchema,
          response: { 200: envelopeSchema(z.object({ review: publicReviewSchema })) },
        },
      },
      async (request) => {
        const review = await reviews.answer(currentUser(request), request.params.id, request.body.body);
        return envelope(200, MESSAGES.ownerAnswerSent, { review });
      },
    );
  });
};
