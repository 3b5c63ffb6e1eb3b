import {
  churchPageSchema,
  churchSearchQuerySchema,
  churchSummarySchema,
  stateChurchesQuerySchema,
} from '@churchtrades/shared/church';
import {
  churchAdminPageSchema,
  churchAdminSchema,
  churchFormSchema,
  churchIdParamsSchema,
  churchImageFieldsSchema,
  churchKeyQuerySchema,
  churchManageQuerySchema,
  churchUpdateSchema,
} from '@churchtrades/shared/church-admin';
import { DEFAULT_CACHE_SECONDS } from '@churchtrades/shared/constants';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerChurches } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { publicCache } from '../../http/public-cache';
import { currentUser } from '../sessions/plugin';
import { readImageForm } from '../uploads/image-form';
import type { ChurchPicture, ChurchSwitch } from './repo';
import type { ChurchService } from './service';

/** SPEC §7: data is cached 60 seconds, so an administrator's edit shows everywhere within a minute. */
export const CHURCH_CACHE_SECONDS = DEFAULT_CACHE_SECONDS;

const adminTags = ['church administration'];
const oneChurch = envelopeSchema(z.object({ church: churchAdminSchema }));

const PICTURES: readonly { path: string; picture: ChurchPicture; summary: string }[] = [
  { path: '/churches/logo', picture: 'logo', summary: "Change the church's logo: a multipart form with churchId and the image in file" },
  { path: '/churches/image', picture: 'image', summary: "Change the church's image: a multipart form with churchId and the image in file" },
];

/** SPEC §7 "Churches" toggles, each with `?churchId=`. */
const TOGGLES: readonly { path: string; name: ChurchSwitch; summary: string }[] = [
  { path: '/churches/toggleEnabled', name: 'enabled', summary: 'Flip whether the church (and so its businesses) is shown' },
  { path: '/churches/toggleModerated', name: 'moderated', summary: "Flip whether the church's businesses wait for a moderator" },
];

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
        envelope(200, MESSAGES.churchesFound, { churches: await churches.listByState(request.query.stateType) }),
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
      async (request) => envelope(200, MESSAGES.churchesFound, { churches: await churches.search(request.query) }),
    );

    directory.get(
      '/churches/:id',
      {
        schema: {
          tags: ['churches'],
          summary: 'One enabled church',
          params: z.object({ id: z.string().describe("The church's id") }),
          response: { 200: envelopeSchema(z.object({ church: churchSummarySchema })) },
        },
      },
      async (request) => envelope(200, MESSAGES.churchFound, { church: await churches.findEnabled(request.params.id) }),
    );
  });
  // Administration: every answer depends on who asks, so none may be kept by any cache.
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    const onRequest = admin.requireRole(mayAdministerChurches);
    keepAnswersPrivate(admin);

    admin.get(
      '/churches/manage',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Every church the caller administers, disabled ones too, by name, a page at a time',
          querystring: churchManageQuerySchema,
          response: { 200: envelopeSchema(z.object({ churches: churchAdminPageSchema })) },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.churchesFound, { churches: await churches.listManaged(currentUser(request), request.query) }),
    );

    admin.get(
      '/churches/manage/:id',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'One church the caller administers',
          params: churchIdParamsSchema,
          response: { 200: oneChurch },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.churchFound, { church: await churches.findManaged(currentUser(request), request.params.id) }),
    );

    admin.post(
      '/churches/register',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Register a church',
          refusals: { 409: 'Another church of this name is already registered in this suburb.' },
          body: churchFormSchema,
          response: { 201: oneChurch },
        },
      },
      async (request, reply) => {
        const church = await churches.register(currentUser(request), request.body);
        return reply.code(201).send(envelope(201, MESSAGES.churchRegistered, { church }));
      },
    );

    admin.patch(
      '/churches/update',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: "Change a church's details",
          refusals: {
            404: 'No church has the `churchId` the body names.',
            409: 'Another church of this name is already registered in this suburb.',
          },
          body: churchUpdateSchema,
          response: { 200: oneChurch },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.churchUpdated, { church: await churches.update(currentUser(request), request.body) }),
    );

    for (const { path, picture, summary } of PICTURES) {
      admin.patch(
        path,
        {
          onRequest,
          schema: {
            tags: adminTags,
            summary,
            refusals: { 404: 'No church has the `churchId` the form names.' },
            consumes: ['multipart/form-data'],
            response: { 200: oneChurch },
          },
        },
        async (request) => {
          const { fields, image } = await readImageForm(request);
          const parsed = churchImageFieldsSchema.safeParse(fields);
          if (!parsed.success) throw new AppError('BAD_REQUEST', MESSAGES.chooseChurch);
          const church = await churches.changePicture(currentUser(request), parsed.data.churchId, picture, image);
          return envelope(200, MESSAGES.churchUpdated, { church });
        },
      );
    }

    for (const { path, name, summary } of TOGGLES) {
      admin.patch(
        path,
        {
          onRequest,
          schema: {
            tags: adminTags,
            summary,
            refusals: { 404: 'No church has the `churchId` asked for.' },
            querystring: churchKeyQuerySchema,
            response: { 200: oneChurch },
          },
        },
        async (request) =>
          envelope(200, MESSAGES.churchUpdated, {
            church: await churches.flip(currentUser(request), request.query.churchId, name),
          }),
      );
    }
  });
};
