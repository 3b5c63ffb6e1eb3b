import { addressLookupQuerySchema, addressSuggestionSchema } from '@churchtrades/shared/address-lookup';
import { DEFAULT_CACHE_SECONDS } from '@churchtrades/shared/constants';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { publicCache } from '../../http/public-cache';
import { sessionToken } from '../sessions/plugin';
import type { AddressLookupService, LookupCaller } from './service';

/**
 * SPEC §7 keeps every answer but the user's profile and look-ups 60 seconds. The national address file changes
 * quarterly, so this is for the spec's sake, not the data's.
 */
export const ADDRESS_LOOKUP_CACHE_SECONDS = DEFAULT_CACHE_SECONDS;

const refusals = {
  429: "Too many look-ups reached the paid address service this hour, from this network or (logged in) this account: try again after the Retry-After header's seconds.",
};

function callerOf(request: FastifyRequest): LookupCaller {
  return { address: request.ip, sessionToken: sessionToken(request) };
}

export const addressLookupRoutes: FastifyPluginAsyncZod<{ addressLookup: AddressLookupService }> = async (
  app,
  { addressLookup },
) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it. (A session
  // only raises the limit on questions to a paid service; a refusal is never cached.)
  await app.register(async (scope) => {
    const lookup = scope.withTypeProvider<ZodTypeProvider>();
    await lookup.register(publicCache, { maxAgeSeconds: ADDRESS_LOOKUP_CACHE_SECONDS });

    lookup.get(
      '/address/lookup',
      {
        schema: {
          tags: ['address lookup'],
          summary: 'Addresses of the national address file for what has been typed so far, the best first',
          refusals,
          querystring: addressLookupQuerySchema,
          response: { 200: envelopeSchema(z.object({ addresses: z.array(addressSuggestionSchema) })) },
        },
      },
      async (request) =>
        envelope(200, 'Addresses found', { addresses: await addressLookup.suggest(request.query.q, callerOf(request)) }),
    );

    lookup.get(
      '/address/lookup/:id',
      {
        schema: {
          tags: ['address lookup'],
          summary: 'One address of the national address file, as a suggestion gave its id',
          refusals,
          params: z.object({ id: z.string().describe('The id a suggestion of GET /api/address/lookup gave') }),
          response: { 200: envelopeSchema(z.object({ address: addressSuggestionSchema })) },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.addressFound, { address: await addressLookup.find(request.params.id, callerOf(request)) }),
    );
  });
};
