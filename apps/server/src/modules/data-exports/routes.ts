import { dataExportAnswerSchema, dataExportKeyParamsSchema, dataExportRequestSchema } from '@churchtrades/shared/data-export';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { requesterOf } from '../../http/requester';
import { currentUser } from '../sessions/plugin';
import type { DataExportService } from './service';

const tags = ['user'];
const oneExport = { 200: envelopeSchema(dataExportAnswerSchema) };
const zipFile = {
  200: {
    description: 'The ZIP archive of the account’s data, as an attachment',
    content: { 'application/zip': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
};

/** "Download my data": asking for the archive, where it stands, and downloading it by the e-mailed link. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ dataExports: DataExportService }> = async (app, { dataExports }) => {
  // The answers are one person's, the archive most of all: no cache may keep them.
  keepAnswersPrivate(app);

  // A read-only account (USER) changes nothing, but its data is still its own to have.
  app.post(
    '/user/dataExport',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Ask for an archive of the own data, given the password (and the two-step code); its link is e-mailed',
        refusals: {
          409: 'A request sent at the same time made the archive, and it could not be read back: "Your archive is not ready yet. We will email you when it is."',
          429: "Too many wrong passwords or two-step codes for the account lately, or 5 archives asked for within a day: try again after the Retry-After header's seconds.",
        },
        body: dataExportRequestSchema,
        response: oneExport,
      },
    },
    async (request) => {
      const { dataExport, message } = await dataExports.request(currentUser(request), request.body, requesterOf(request));
      return envelope(200, message, { dataExport });
    },
  );

  app.get(
    '/user/dataExport',
    { onRequest: app.requireUser, schema: { tags, summary: "The own newest data archive and where it stands", response: oneExport } },
    async (request) => envelope(200, MESSAGES.dataExportFound, { dataExport: await dataExports.latest(currentUser(request)) }),
  );

  app.get(
    '/user/dataExport/:key',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Download the own data archive by the key of its e-mailed link: once, within 24 hours',
        refusals: { 410: 'The archive was downloaded already, or its 24 hours are over.' },
        params: dataExportKeyParamsSchema,
        response: zipFile,
      },
    },
    async (request, reply) => {
      const { fileName, content } = await dataExports.download(currentUser(request), request.params.key);
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(content);
    },
  );
};
