import { auditPageSchema, auditQuerySchema } from '@churchtrades/shared/audit';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { AuditService } from './service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  keepAnswersPrivate(app);

  app.get(
    '/audit',
    {
      onRequest: app.requireRole(mayAdministerDirectory),
      schema: {
        tags: ['administration'],
        summary: 'The audit log of privileged changes, newest first, filtered (administrators)',
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(z.object({ entries: auditPageSchema })) },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.auditFound, { entries: await audit.page(currentUser(request), request.query) }),
  );
};
