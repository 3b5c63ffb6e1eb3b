import {
  churchPageSchema,
  churchSearchQuerySchema,
  churchSummarySchema,
  stateChurchesQuerySchema,
} from '@churchtrades/shared/church';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { publicCache } from '../../http/public-cache';
import type { ChurchService } from './service';

/** Churches are registered and enabled by administrators now and then. */
export const CHURCH_CACHE_SECONDS = 300;

export const churchRoutes: FastifyPluginAsyncZod<{ churches: ChurchService }> = async (app, { churches }) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  // Routes that read the session belong outside this scope.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, { maxAgeSeconds: CHURCH_CACHE_SECONDS });

    directory.get(
      '/churches/stateChurches',
      {
        schema: {
          tags: ['churches'],
          summary: 'Enabled churches of a state (ALL: every state) by name',
          querystring: stateChurchesQuerySchema,
          response: { 200: envelopeSchema(z.object({ churches: z.array(churchSummarySchema) })) },
        },
      },
      async (request) =>
        envelope(200, 'Churches found', { churches: await churches.listByState(request.query.stateType) }),
    );

    directory.get(
      '/churches/search',
      {
        schema: {
          tags: ['churches'],
          summary: 'Enabled churches by part of their name and by state, a page at a time',
          querystring: churchSearchQuerySchema,
          response: { 200: envelopeSchema(z.object({ churches: churchPageSchema })) },
        },
      },
      async (request) => envelope(200, 'Churches found', { churches: await churches.search(request.query) }),
    );

    directory.get(
      '/churches/:id',
      {
        schema: {
          tags: ['churches'],
          summary: 'One enabled church',
          params: z.object({ id: z.string() }),
          response: { 200: envelopeSchema(z.object({ church: churchSummarySchema })) },
        },
      },
      async (request) => envelope(200, 'Church found', { church: await churches.findEnabled(request.params.id) }),
    );
  });
};
