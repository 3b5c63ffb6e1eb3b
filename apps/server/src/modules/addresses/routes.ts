import { addressSchema } from '@churchtrades/shared/address';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import { tradeAddressSchema } from '@churchtrades/shared/trade-dashboard';
import { addressIdParamsSchema, tradeIdParamsSchema } from '@churchtrades/shared/trade-dashboard-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { AddressService } from './service';

const tags = ['address'];
const oneAddress = envelopeSchema(z.object({ address: tradeAddressSchema }));

/** SPEC §7 "Address": the business's own address, for its owner's pages. The lookup of addresses is elsewhere. */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (app, { addresses }) => {
  // The whole address of a business working from home is its owner's to see: no cache may keep it.
  keepAnswersPrivate(app);
  // SPEC §6: a USER changes nothing; told so before the request is even read.
  const requireMayChange = app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount);

  app.post(
    '/address/create',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: "Add the business's address",
        refusals: {
          404: 'No business has the `entityId` the body names.',
          409: 'The business has another address already: "This business already has an address. Update it instead."',
        },
        body: addressSchema,
        response: { 201: oneAddress },
      },
    },
    async (request, reply) => {
      const address = await addresses.create(currentUser(request), request.body);
      return reply.code(201).send(envelope(201, MESSAGES.addressCreated, { address }));
    },
  );

  app.get(
    '/address/searchByEntityId/:tradeId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The business's address, or null while it has none",
        params: tradeIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ address: tradeAddressSchema.nullable() })) },
      },
    },
    async (request) => {
      const address = await addresses.findOfTrade(currentUser(request), request.params.tradeId);
      return envelope(200, address ? MESSAGES.addressFound : MESSAGES.noAddressYet, { address });
    },
  );

  app.get(
    '/address/searchById/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'One address of a business', params: addressIdParamsSchema, response: { 200: oneAddress } },
    },
    async (request) => {
      const address = await addresses.find(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.addressFound, { address });
    },
  );

  app.patch(
    '/address/update',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Change the address given by id',
        refusals: { 404: 'No address has the `id` the body names, or it was removed meanwhile.' },
        body: addressSchema,
        response: { 200: oneAddress },
      },
    },
    async (request) => {
      const address = await addresses.update(currentUser(request), request.body);
      return envelope(200, MESSAGES.addressUpdated, { address });
    },
  );

  app.patch(
    '/address/delete/:id',
    {
      onRequest: requireMayChange,
      schema: { tags, summary: 'Remove the address', params: addressIdParamsSchema, response: { 200: oneAddress } },
    },
    async (request) => {
      const address = await addresses.delete(currentUser(request), request.params.id);
      return envelope(200, MESSAGES.addressDeleted, { address });
    },
  );
};
