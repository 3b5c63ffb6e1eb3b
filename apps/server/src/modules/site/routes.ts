import { DEFAULT_CACHE_SECONDS } from '@churchtrades/shared/constants';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { roleListSchema, siteInfoSchema, siteProfileSchema, type SiteInfo, type SiteProfile } from '@churchtrades/shared/site';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../../app-version';
import type { Config } from '../../config/config';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { publicCache } from '../../http/public-cache';
import { signedInUser } from '../sessions/plugin';
import type { SiteService } from './service';

export function siteInfo(config: Config): SiteInfo {
  return { supportEmail: config.supportEmail, bank: config.bank, mapTileUrl: config.mapTileUrl };
}

export function siteProfile(config: Config): SiteProfile {
  return { environment: config.nodeEnv, version: APP_VERSION, supportEmail: config.supportEmail };
}

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteInfo; service: SiteService }> = async (app, { site, service }) => {
  // Public routes: the answer depends on the URL alone, so anyone may cache it for the spec's 60 seconds.
  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    await open.register(publicCache, { maxAgeSeconds: DEFAULT_CACHE_SECONDS });

    open.get(
      '/site',
      {
        schema: {
          tags: ['site'],
          summary: 'Public facts from configuration: support e-mail, bank details, map tiles',
          response: { 200: envelopeSchema(z.object({ site: siteInfoSchema })) },
        },
      },
      async () => envelope(200, 'Site information', { site }),
    );

    open.get(
      '/utils/profile',
      {
        schema: {
          tags: ['site'],
          summary: 'What the site runs as: environment, version and support e-mail',
          response: { 200: envelopeSchema(z.object({ profile: siteProfileSchema })) },
        },
      },
      async () => envelope(200, MESSAGES.siteProfileFound, { profile: service.profile() }),
    );
  });

  // The answer depends on who asks: no cache may keep it.
  await app.register(async (scope) => {
    const personal = scope.withTypeProvider<ZodTypeProvider>();
    keepAnswersPrivate(personal);

    personal.get(
      '/utils/roleList',
      {
        onRequest: personal.identifyUser,
        schema: {
          tags: ['site'],
          summary: 'Every role, and the roles the caller may give another user (none for a visitor)',
          response: { 200: envelopeSchema(roleListSchema) },
        },
      },
      async (request) => envelope(200, MESSAGES.rolesFound, service.roleList(signedInUser(request))),
    );
  });
};
