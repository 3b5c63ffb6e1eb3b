import { envelopeSchema } from '@churchtrades/shared/envelope';
import { mapPointsQuerySchema, mapPointsSchema } from '@churchtrades/shared/map';
import { tradeDetailSchema, tradePageSchema, tradeSearchQuerySchema } from '@churchtrades/shared/trade-search';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { type KeptBody, keptBody, sendKeptBody } from '../../http/kept-body';
import { publicCache } from '../../http/public-cache';
import type { MapAnswer } from './map-answers';
import type { TradeService } from './service';

/**
 * A 200 envelope around `data` given as JSON text (written by PostgreSQL), made as text: sent as it is, with a
 * JSON content type, it skips the serializer, whose JSON.stringify is the costly part of a large answer.
 */
function envelopeText(message: string, data: string): string {
  // The envelope's last field is `data`.
  const head = JSON.stringify(envelope(200, message, null)).slice(0, -'null}'.length);
  return `${head}${data}}`;
}

/**
 * Each kept map answer's envelope and compressed copies, made once for all the requests it answers (its
 * timeStamp is when it was first sent), and dropped with it.
 */
const mapEnvelopes = new WeakMap<MapAnswer, KeptBody>();

function mapEnvelopeOf(answer: MapAnswer): KeptBody {
  const kept = mapEnvelopes.get(answer) ?? keptBody(envelopeText('Map points found', answer.json));
  mapEnvelopes.set(answer, kept);
  return kept;
}

export const tradeRoutes: FastifyPluginAsyncZod<{ trades: TradeService }> = async (app, { trades }) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  // Routes that read the session belong outside this scope. Caches ask again every time (an unchanged
  // answer costs a 304), so that an owner's change shows in the very next search.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, {});

    directory.get(
      '/trades/clientFilter',
      {
        schema: {
          tags: ['trades'],
          summary: 'Listed businesses by text, state, church and category, a page at a time',
          querystring: tradeSearchQuerySchema,
          response: { 200: envelopeSchema(z.object({ trades: tradePageSchema })) },
        },
      },
      async (request) => envelope(200, 'Trades found', { trades: await trades.searchListed(request.query) }),
    );

    directory.get(
      '/trades/mapPoints',
      {
        schema: {
          tags: ['trades'],
          summary: 'The map pins of the listed businesses matching the search filters, first by name',
          querystring: mapPointsQuerySchema,
          response: { 200: envelopeSchema(mapPointsSchema) },
        },
      },
      async (request, reply) => {
        const answer = await trades.mapPoints(request.query);
        reply.header('etag', answer.tag).type('application/json; charset=utf-8');
        return sendKeptBody(request, reply, mapEnvelopeOf(answer));
      },
    );

    directory.get(
      '/trades/:id',
      {
        schema: {
          tags: ['trades'],
          summary: 'One listed business',
          params: z.object({ id: z.string().describe("The business's id") }),
          response: { 200: envelopeSchema(z.object({ trade: tradeDetailSchema })) },
        },
      },
      async (request) => envelope(200, 'Trade found', { trade: await trades.findListed(request.params.id) }),
    );
  });
};
