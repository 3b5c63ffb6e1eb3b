import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { resubmitTradeSchema } from '@churchtrades/shared/moderation';
import { mayAdministerDirectory, mayServeAsPriest } from '@churchtrades/shared/permissions';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import { newTradeSchema, type OwnTrade, ownTradeSchema, priestTradeSchema } from '@churchtrades/shared/trade-dashboard';
import {
  logoFieldsSchema,
  priestTradeQuerySchema,
  tradeKeyQuerySchema,
  tradeOwnerParamsSchema,
} from '@churchtrades/shared/trade-dashboard-requests';
import { tradeProfileSchema } from '@churchtrades/shared/trade-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import { readImageForm } from '../uploads/image-form';
import type { TradeSwitch } from './repo';
import type { ProfileChange, TradeDashboardService, TradePicture } from './service';

const tags = ['trade dashboard'];
const oneTrade = envelopeSchema(z.object({ trade: ownTradeSchema }));
const priestTrades = envelopeSchema(z.object({ trades: z.array(priestTradeSchema) }));

/** SPEC §7 "Trades" toggles, each with `?key=<tradeId>`. */
const TOGGLES: readonly { path: string; name: TradeSwitch; summary: string; administrators?: true }[] = [
  { path: '/trades/toggletradeatclient', name: 'atClient', summary: "Flip 'works at the customer's location'" },
  { path: '/trades/toggletradeatbusiness', name: 'atBusiness', summary: "Flip 'works at the business location'" },
  { path: '/trades/toggletradeonline', name: 'online', summary: "Flip 'works online'" },
  { path: '/trades/toggleEnabled', name: 'enabled', summary: 'Flip whether the business is enabled' },
  {
    path: '/trades/toggleLocked',
    name: 'locked',
    summary: 'Flip whether the business is locked (administrators)',
    administrators: true,
  },
  {
    path: '/trades/toggleExpired',
    name: 'expired',
    summary: 'Flip whether the business has expired (administrators)',
    administrators: true,
  },
];

/** SPEC §7 "Trades": the multipart uploads of the business's pictures, each with tradeId and the image in file. */
const PICTURE_UPLOADS: readonly { path: string; picture: TradePicture; summary: string; message: string }[] = [
  {
    path: '/trades/logo',
    picture: 'logo',
    summary: "Change the business's logo: a multipart form with tradeId and the image in file",
    message: MESSAGES.logoUpdated,
  },
  {
    path: '/trades/image',
    picture: 'cover',
    summary: "Change the business's cover picture (16:9, at the top of its page): a multipart form with tradeId and the image in file",
    message: MESSAGES.coverPictureUpdated,
  },
];

/** Whether the business went straight to the directory (a church that does not moderate) or waits for a moderator. */
function waitsForModerator(trade: OwnTrade): boolean {
  return trade.listingState === 'PENDING';
}

/** The answer's message, telling the owner too when the register could not be asked about their ABN. */
function withAbnWaiting(message: string, abnWaiting: boolean): string {
  return abnWaiting ? `${message.replace(/\.?$/, '.')} ${MESSAGES.abnRegisterWaiting}` : message;
}

function profileChangeMessage({ trade, submittedAgain, abnWaiting }: ProfileChange): string {
  if (submittedAgain && waitsForModerator(trade)) return withAbnWaiting(MESSAGES.tradeSubmittedToNewChurch, abnWaiting);
  return withAbnWaiting(MESSAGES.tradeUpdated, abnWaiting);
}

/** The owner's business pages (SPEC §2 "Trade account layout"): every route needs a session. */
export const tradeDashboardRoutes: FastifyPluginAsyncZod<{ trades: TradeDashboardService }> = async (app, { trades }) => {
  // Answers about one owner's business: no cache may keep them.
  keepAnswersPrivate(app);
  // SPEC §6: a USER changes nothing; told so before the request is even read.
  const requireMayChange = app.requireRole(mayMakeChanges, MESSAGES.readOnlyAccount);

  app.post(
    '/trades/new',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: "Add the user's one business; it waits for a moderator unless its church does not moderate",
        refusals: {
          409: 'The user has another business already: "You already have a business. Change it on your business pages."',
          429: "More than 5 tries to list a business within the hour: try again after the Retry-After header's seconds.",
        },
        body: newTradeSchema,
        response: { 201: oneTrade },
      },
    },
    async (request, reply) => {
      const trade = await trades.create(currentUser(request), request.body);
      const created = waitsForModerator(trade) ? MESSAGES.tradeCreated : MESSAGES.tradeCreatedListed;
      // A new ABN still waiting after its first check is one the register could not be asked about.
      const message = withAbnWaiting(created, trade.abnCheck?.status === 'UNCHECKED');
      return reply.code(201).send(envelope(201, message, { trade }));
    },
  );

  app.patch(
    '/trades/resubmit',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: 'Put a rejected business back in front of its moderators (its owner only)',
        refusals: {
          404: 'No business has the `tradeId` the body names.',
          409: 'Only a rejected business can be resubmitted.',
        },
        body: resubmitTradeSchema,
        response: { 200: oneTrade },
      },
    },
    async (request) => {
      const trade = await trades.resubmit(currentUser(request), request.body);
      const message = waitsForModerator(trade) ? MESSAGES.tradeResubmitted : MESSAGES.tradeResubmittedListed;
      return envelope(200, message, { trade });
    },
  );

  app.get(
    '/trades/byUser/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "A user's business (null while they have none): their own, or any for administrators",
        params: tradeOwnerParamsSchema,
        response: { 200: envelopeSchema(z.object({ trade: ownTradeSchema.nullable() })) },
      },
    },
    async (request) => {
      const trade = await trades.findOf(currentUser(request), request.params.userId);
      return envelope(200, trade ? MESSAGES.tradeFound : MESSAGES.noTradeYet, { trade });
    },
  );

  app.patch(
    '/trades/updateTradeProfile',
    {
      onRequest: requireMayChange,
      schema: {
        tags,
        summary: "Change the business's profile",
        refusals: { 404: 'No business has the `tradeId` the body names.' },
        body: tradeProfileSchema,
        response: { 200: oneTrade },
      },
    },
    async (request) => {
      const change = await trades.updateProfile(currentUser(request), request.body);
      return envelope(200, profileChangeMessage(change), { trade: change.trade });
    },
  );

  // Only a priest's business may name them: the roles below are refused before the request is read.
  const requirePriest = app.requireRole(mayServeAsPriest, MESSAGES.notTheTradesPriest);
  app.get(
    '/trades/byPriest',
    {
      onRequest: requirePriest,
      schema: { tags, summary: 'The businesses that name the caller as their priest', response: { 200: priestTrades } },
    },
    async (request) => envelope(200, MESSAGES.priestTradesFound, { trades: await trades.tradesOfPriest(currentUser(request)) }),
  );

  app.patch(
    '/trades/detachPriest',
    {
      onRequest: requirePriest,
      schema: {
        tags,
        summary: 'The priest a business names takes their name off it (that priest only); its owner is told',
        refusals: { 404: 'No business has the `tradeId` asked for.' },
        querystring: priestTradeQuerySchema,
        response: { 200: priestTrades },
      },
    },
    async (request) => {
      const remaining = await trades.detachPriest(currentUser(request), request.query.tradeId);
      return envelope(200, MESSAGES.priestDetached, { trades: remaining });
    },
  );

  const requireAdministrator = app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly);
  for (const toggle of TOGGLES) {
    app.patch(
      toggle.path,
      {
        onRequest: toggle.administrators ? requireAdministrator : requireMayChange,
        schema: {
          tags,
          summary: toggle.summary,
          refusals: { 404: 'No business has the `key` asked for.' },
          querystring: tradeKeyQuerySchema,
          response: { 200: oneTrade },
        },
      },
      async (request) => {
        const trade = await trades.flip(currentUser(request), request.query.key, toggle.name);
        return envelope(200, MESSAGES.settingsUpdated, { trade });
      },
    );
  }

  for (const upload of PICTURE_UPLOADS) {
    app.patch(
      upload.path,
      {
        onRequest: requireMayChange,
        schema: {
          tags,
          summary: upload.summary,
          refusals: { 404: 'No business has the `tradeId` the form names.' },
          consumes: ['multipart/form-data'],
          response: { 200: oneTrade },
        },
      },
      async (request) => {
        const { fields, image } = await readImageForm(request);
        const parsed = logoFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new AppError('BAD_REQUEST', MESSAGES.tradeIdRequired);
        const trade = await trades.changePicture(currentUser(request), parsed.data.tradeId, upload.picture, image);
        return envelope(200, upload.message, { trade });
      },
    );
  }
};
