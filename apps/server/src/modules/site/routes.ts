import { envelopeSchema } from '@churchtrades/shared/envelope';
import { siteInfoSchema, type SiteInfo } from '@churchtrades/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/config';
import { envelope } from '../../http/envelope';

export function siteInfo(config: Config): SiteInfo {
  return { supportEmail: config.supportEmail, bank: config.bank, mapTileUrl: config.mapTileUrl };
}

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteInfo }> = async (app, { site }) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Public facts from configuration: support e-mail, bank details, map tiles',
        response: { 200: envelopeSchema(z.object({ site: siteInfoSchema })) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return envelope(200, 'Site information', { site });
    },
  );
};
