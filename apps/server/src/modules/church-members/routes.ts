import {
  churchKeyQuerySchema,
  churchMemberSchema,
  churchMembershipSchema,
  type ChurchRole,
} from '@churchtrades/shared/church-admin';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { churchPriestSchema } from '@churchtrades/shared/trade-profile';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerChurches } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { ChurchMemberService } from './service';

const tags = ['church administration'];
const oneMember = envelopeSchema(z.object({ user: churchMemberSchema }));

const LISTS: readonly { path: string; churchRole: ChurchRole; summary: string }[] = [
  { path: '/masterUser/churchPriests', churchRole: 'PRIEST', summary: "A church's priests by name" },
  { path: '/masterUser/churchModerators', churchRole: 'MODERATOR', summary: "A church's moderators by name" },
];

/** A church's priests and moderators, named by whoever administers the church. */
export const churchMemberRoutes: FastifyPluginAsyncZod<{ members: ChurchMemberService }> = async (app, { members }) => {
  const onRequest = app.requireRole(mayAdministerChurches);
  // Answers about who serves a church, for its administrators only: no cache may keep them.
  keepAnswersPrivate(app);

  app.get(
    '/churches/priests',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['churches'],
        summary: "A church's priests, by name only: those a business of the church may name",
        querystring: churchKeyQuerySchema,
        response: { 200: envelopeSchema(z.object({ priests: z.array(churchPriestSchema) })) },
      },
    },
    async (request) => envelope(200, MESSAGES.priestsFound, { priests: await members.priestsToChoose(request.query.churchId) }),
  );

  for (const { path, churchRole, summary } of LISTS) {
    app.get(
      path,
      {
        onRequest,
        schema: {
          tags,
          summary,
          refusals: { 404: 'No church has the `churchId` asked for.' },
          querystring: churchKeyQuerySchema,
          response: { 200: envelopeSchema(z.object({ users: z.array(churchMemberSchema) })) },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.membersFound, {
          users: await members.list(currentUser(request), request.query.churchId, churchRole),
        }),
    );
  }

  app.post(
    '/masterUser/churchMembers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Attach a user, by e-mail, to a church as its priest or a moderator (raising a lower role)',
        refusals: { 404: 'No church has the `churchId` the body names, or no account uses its e-mail address.' },
        body: churchMembershipSchema,
        response: { 200: oneMember, 201: oneMember },
      },
    },
    async (request, reply) => {
      const { member, attached } = await members.attach(currentUser(request), request.body);
      const statusCode = attached ? 201 : 200;
      return reply.code(statusCode).send(envelope(statusCode, MESSAGES.memberAdded, { user: member }));
    },
  );

  app.patch(
    '/masterUser/churchMembers/remove',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Detach a user from a church in that role; their role stays',
        refusals: {
          404: 'No church has the `churchId` the body names, no account uses its e-mail address, or the user does not serve the church in that role.',
        },
        body: churchMembershipSchema,
        response: { 200: oneMember },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.memberRemoved, { user: await members.detach(currentUser(request), request.body) }),
  );
};
