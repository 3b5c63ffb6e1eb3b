import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { sessionIdParamsSchema, sessionListSchema } from '@churchtrades/shared/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentSession } from './plugin';
import type { SessionService } from './service';

const tags = ['user'];
const nothing = { 200: envelopeSchema(z.object({})) };

/** The account's sessions page: where it is logged in, and ending those sessions. */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  keepAnswersPrivate(app);

  app.get(
    '/user/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The account's logged-in sessions, the most recently used first",
        response: { 200: envelopeSchema(sessionListSchema) },
      },
    },
    async (request) => envelope(200, MESSAGES.sessionsFound, { sessions: await sessions.listOf(currentSession(request)) }),
  );

  app.delete(
    '/user/sessions/others',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Log out everywhere else: every other session of the account ends', response: nothing },
    },
    async (request) => {
      const session = currentSession(request);
      await sessions.endAllOf(session.user.userId, session);
      return envelope(200, MESSAGES.otherSessionsEnded, {});
    },
  );

  app.delete(
    '/user/sessions/:sessionId',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'End one session of the account', params: sessionIdParamsSchema, response: nothing },
    },
    async (request, reply) => {
      const { endedCurrent } = await sessions.endOneOf(currentSession(request), request.params.sessionId);
      if (endedCurrent) reply.clearSessionCookie();
      return envelope(200, MESSAGES.sessionEnded, {});
    },
  );
};
