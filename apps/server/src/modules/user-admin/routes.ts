import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import {
  ownerEmailQuerySchema,
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
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { UserAdminService } from './service';

const tags = ['administration'];
const oneUser = { 200: envelopeSchema(z.object({ user: userAdminSchema })) };

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

  app.get(
    '/masterUser/:id',
    {
      onRequest: administrators,
      schema: { tags, summary: 'One user as an administrator sees them', params: userIdParamsSchema, response: oneUser },
    },
    async (request) =>
      envelope(200, MESSAGES.userFound, { user: await userAdmin.find(currentUser(request), request.params.id) }),
  );

  app.patch(
    '/user/updateRole',
    {
      onRequest: administrators,
      schema: {
        tags,
        summary: "Change a user's role (never above one's own; ADMIN, DEVELOPER and SUPER by a SUPER only)",
        body: updateRoleSchema,
        response: oneUser,
      },
    },
    async (request) => {
      const user = await userAdmin.updateRole(currentUser(request), request.body);
      return envelope(200, MESSAGES.roleUpdated, { user });
    },
  );

  for (const [path, name] of Object.entries(USER_SWITCHES)) {
    app.patch(
      `/user/${path}`,
      {
        onRequest: administrators,
        schema: {
          tags,
          summary: `Flip the user's ${name}; locking, disabling or expiring ends their sessions`,
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
