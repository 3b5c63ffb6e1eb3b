import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { photoFieldsSchema } from '@churchtrades/shared/account-requests';
import {
  masterUserPageQuerySchema,
  masterUserSearchQuerySchema,
  ownerEmailQuerySchema,
  registerMasterUserSchema,
  updateMasterUserSchema,
  updateRoleSchema,
  userAdminPageSchema,
  userAdminSchema,
  userFilterQuerySchema,
  userIdParamsSchema,
  userKeyQuerySchema,
  USER_SWITCHES,
} from '@churchtrades/shared/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import { readImageForm } from '../uploads/image-form';
import type { UserAdminService } from './service';

const tags = ['administration'];
const oneUser = { 200: envelopeSchema(z.object({ user: userAdminSchema })) };
const pageOfUsers = { 200: envelopeSchema(z.object({ users: userAdminPageSchema })) };
/** SPEC §7 names the account switches both under /user and under /masterUser: one code path serves both. */
const SWITCH_PREFIXES = ['/user', '/masterUser'] as const;
const userNotFound = { 404: 'No user has the `userId` asked for.' };

/** Administration of users (issue "Moderation and administration"): ADMIN and above only. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ userAdmin: UserAdminService }> = async (app, { userAdmin }) => {
  const administrators = app.requireRole(mayAdministerDirectory);

  // Answers about people's accounts: no cache may keep them.
  keepAnswersPrivate(app);

  app.get(
    '/masterUser/filter',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Users by name or e-mail, state, church, role and account switches, by last name',
        querystring: userFilterQuerySchema,
        response: { 200: envelopeSchema(z.object({ users: userAdminPageSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.usersFound, { users: await userAdmin.filter(currentUser(request), request.query) }),
  );

  // Registered as paths of their own, which Fastify matches before `/masterUser/:id`.
  app.get(
    '/masterUser/listMasterUsers',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'The master users (priests, moderators, governors, administrators), by last name',
        querystring: masterUserPageQuerySchema,
        response: pageOfUsers,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.masterUsersFound, {
        users: await userAdmin.listMasterUsers(currentUser(request), request.query),
      }),
  );

  app.get(
    '/masterUser/search',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Master users by name or e-mail and state, by last name',
        querystring: masterUserSearchQuerySchema,
        response: pageOfUsers,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.masterUsersFound, {
        users: await userAdmin.searchMasterUsers(currentUser(request), request.query),
      }),
  );

  app.post(
    '/masterUser/registerMasterUser',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary:
          'Make a priest, moderator, governor or administrator (never above one\'s own role), mailed a link to choose a password',
        refusals: {
          404: 'A church the body links the new user to is not found.',
          409: 'An account with this e-mail address exists already: change its role instead.',
        },
        body: registerMasterUserSchema,
        response: { 201: envelopeSchema(z.object({ user: userAdminSchema })) },
      },
    },
    async (request, reply) => {
      const user = await userAdmin.registerMasterUser(currentUser(request), request.body);
      return reply.code(201).send(envelope(201, MESSAGES.masterUserRegistered, { user }));
    },
  );

  app.patch(
    '/masterUser/updateMasterUser',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: "Change another user's names, phone, bio and login e-mail",
        refusals: { ...userNotFound, 409: 'Another account uses the new e-mail address already.' },
        body: updateMasterUserSchema,
        response: oneUser,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.masterUserUpdated, {
        user: await userAdmin.updateMasterUser(currentUser(request), request.body),
      }),
  );

  app.patch(
    '/masterUser/userPhoto',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: "Change another user's photo: a multipart form with userId and the image in file",
        refusals: userNotFound,
        consumes: ['multipart/form-data'],
        response: oneUser,
      },
    },
    async (request) => {
      const { fields, image } = await readImageForm(request);
      const parsed = photoFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new AppError('BAD_REQUEST', MESSAGES.userIdRequired);
      const user = await userAdmin.changeUserPhoto(currentUser(request), parsed.data.userId, image);
      return envelope(200, MESSAGES.photoUpdated, { user });
    },
  );

  app.patch(
    '/masterUser/toggleModerated',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'Confirm a master user, or take the confirmation back; an unconfirmed priest or moderator cannot moderate',
        refusals: userNotFound,
        querystring: userKeyQuerySchema,
        response: oneUser,
      },
    },
    async (request) =>
      envelope(200, MESSAGES.masterUserConfirmation, {
        user: await userAdmin.toggleModerated(currentUser(request), request.query.userId),
      }),
  );

  app.get(
    '/masterUser/:id',
    {
      onRequest: administrators,
      schema: { tags, summary: 'One user as an administrator sees them', params: userIdParamsSchema, response: oneUser },
    },
    async (request) =>
      envelope(200, MESSAGES.userFound, { user: await userAdmin.find(currentUser(request), request.params.id) }),
  );

  for (const path of ['/user/updateRole', '/masterUser/updateMasterUserRole']) {
    app.patch(
      path,
      {
        onRequest: administrators,
        schema: {
          tags,
          summary: "Change a user's role (never above one's own; ADMIN, DEVELOPER and SUPER by a SUPER only)",
          refusals: userNotFound,
          body: updateRoleSchema,
          response: oneUser,
        },
      },
      async (request) => {
        const user = await userAdmin.updateRole(currentUser(request), request.body);
        return envelope(200, MESSAGES.roleUpdated, { user });
      },
    );
  }

  const switches = SWITCH_PREFIXES.flatMap((prefix) =>
    Object.entries(USER_SWITCHES).map(([path, name]) => ({ url: `${prefix}/${path}`, name })),
  );
  for (const { url, name } of switches) {
    app.patch(
      url,
      {
        onRequest: administrators,
        schema: {
          tags,
          summary: `Flip the user's ${name}; locking, disabling or expiring ends their sessions`,
          refusals: userNotFound,
          querystring: userKeyQuerySchema,
          response: oneUser,
        },
      },
      async (request) => {
        const user = await userAdmin.flip(currentUser(request), request.query.userId, name);
        return envelope(200, MESSAGES.accountSwitchUpdated, { user });
      },
    );
  }

  app.patch(
    '/trades/sendNewOwnerPasswordResetEmail',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: 'E-mail the account of this address a password reset link',
        refusals: { 404: 'No account uses the e-mail address asked for.' },
        querystring: ownerEmailQuerySchema,
        response: { 200: envelopeSchema(z.object({})) },
      },
    },
    async (request) => {
      await userAdmin.sendOwnerPasswordReset(currentUser(request), request.query.email);
      return envelope(200, MESSAGES.ownerResetEmailSent, {});
    },
  );
};
