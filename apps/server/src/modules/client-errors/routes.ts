import { clientErrorReportSchema } from '@churchtrades/shared/client-errors';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import type { ClientErrorService } from './service';

/** A report is a few short texts; anything larger is refused (413) before it is read. */
export const CLIENT_ERROR_BODY_LIMIT_BYTES = 2048;

export const clientErrorRoutes: FastifyPluginAsyncZod<{ clientErrors: ClientErrorService }> = async (
  app,
  { clientErrors },
) => {
  app.post(
    '/client-errors',
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT_BYTES,
      schema: {
        tags: ['site'],
        summary: "Report an error the web app met in a visitor's browser, for the server's log",
        refusals: { 429: "More than 30 reports came from this network within 10 minutes: try again after the Retry-After header's seconds." },
        body: clientErrorReportSchema,
        response: { 202: envelopeSchema(z.object({})) },
      },
    },
    async (request, reply) => {
      await clientErrors.report(request.body, { address: request.ip, log: request.log });
      return reply.code(202).send(envelope(202, MESSAGES.clientErrorReceived, {}));
    },
  );
};
