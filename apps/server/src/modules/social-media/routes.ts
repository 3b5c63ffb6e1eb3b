import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import { socialMediaSchema } from '@churchtrades/shared/social-media';
import { socialMediaEntrySchema } from '@churchtrades/shared/trade-dashboard';
import {
  socialMediaDeleteSchema,
  socialMediaIdParamsSchema,
  tradeIdParamsSchema,
} from '@churchtrades/shared/trade-dashboard-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { SocialMediaService } from './service';

const tags = ['social media'];
const oneEntry = envelopeSchema(z.object({ socialMedia: socialMediaEntrySchema }));

/** SPEC §7 "Social media": the business's entries, for its owner's pages. */
export const socialMediaRoutes: FastifyPluginAsyncZod<{ socialMedia: SocialMediaService }> = async (
  app,
  { socialMedia },
) => {
  // Answers of the owner's pages: no cache may keep them.
  keepAnswersPrivate(app);
  // SPEC §6: a USER changes nothing; told so before the request is even read.
  const requireMayChange = app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount);

  app.post(
    '/socialMedia/create',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Add a website or social network profile',
        refusals: {
          404: 'No business has the `entityId` the body names.',
          409: 'The business has 20 entries already, and this is not one of them.',
        },
        body: socialMediaSchema,
        response: { 201: oneEntry },
      },
    },
    async (request, reply) => {
      const entry = await socialMedia.create(currentUser(request), request.body);
      return reply.code(201).send(envelope(201, MESSAGES.socialMediaCreated, { socialMedia: entry }));
    },
  );

  app.get(
    '/socialMedia/searchByEntityId/:tradeId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The business's entries, oldest first",
        params: tradeIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ socialMedias: z.array(socialMediaEntrySchema) })) },
      },
    },
    async (request) => {
      const entries = await socialMedia.listOfTrade(currentUser(request), request.params.tradeId);
      return envelope(200, MESSAGES.socialMediaFound, { socialMedias: entries });
    },
  );

  app.get(
    '/socialMedia/searchByReferenceId/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'One entry, by its id or reference id',
        params: socialMediaIdParamsSchema,
        response: { 200: oneEntry },
      },
    },
    async (request) => {
      const entry = await socialMedia.find(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.socialMediaFound, { socialMedia: entry });
    },
  );

  app.patch(
    '/socialMedia/update',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Change the entry given by id',
        refusals: {
          404: 'No entry has the `id` the body names, or it was removed meanwhile.',
          409: 'The business has this entry already.',
        },
        body: socialMediaSchema,
        response: { 200: oneEntry },
      },
    },
    async (request) => {
      const entry = await socialMedia.update(currentUser(request), request.body);
      return envelope(200, MESSAGES.socialMediaUpdated, { socialMedia: entry });
    },
  );

  app.patch(
    '/socialMedia/delete',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Remove the entry given by id',
        refusals: { 404: 'No entry has the `id` the body names, or it was removed meanwhile.' },
        body: socialMediaDeleteSchema,
        response: { 200: oneEntry },
      },
    },
    async (request) => {
      const entry = await socialMedia.delete(currentUser(request), request.body.id);
      return envelope(200, MESSAGES.socialMediaDeleted, { socialMedia: entry });
    },
  );
};
