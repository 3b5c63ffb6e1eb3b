import { addressLookupQuerySchema, addressSuggestionSchema } from '@churchtrades/shared/address-lookup';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { publicCache } from '../../http/public-cache';
import type { AddressLookupService } from './service';

/** The national address file is published quarterly: an hour-old suggestion is as good as a new one. */
export const ADDRESS_LOOKUP_CACHE_SECONDS = 3600;

export const addressLookupRoutes: FastifyPluginAsyncZod<{ addressLookup: AddressLookupService }> = async (
  app,
  { addressLookup },
) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  await app.register(async (scope) => {
    const lookup = scope.withTypeProvider<ZodTypeProvider>();
    await lookup.register(publicCache, { maxAgeSeconds: ADDRESS_LOOKUP_CACHE_SECONDS });

    lookup.get(
      '/address/lookup',
      {
        schema: {
          tags: ['address lookup'],
          summary: 'Addresses of the national address file for what has been typed so far, the best first',
          querystring: addressLookupQuerySchema,
          response: { 200: envelopeSchema(z.object({ addresses: z.array(addressSuggestionSchema) })) },
        },
      },
      async (request) =>
        envelope(200, 'Addresses found', { addresses: await addressLookup.suggest(request.query.q) }),
    );

    lookup.get(
      '/address/lookup/:id',
      {
        schema: {
          tags: ['address lookup'],
          summary: 'One address of the national address file, as a suggestion gave its id',
          params: z.object({ id: z.string() }),
          response: { 200: envelopeSchema(z.object({ address: addressSuggestionSchema })) },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.addressFound, { address: await addressLookup.find(request.params.id) }),
    );
  });
};
