import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { stillTradingPeriodSchema, stillTradingSettingSchema } from '@churchtrades/shared/still-trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { currentUser } from '../sessions/plugin';
import type { SiteSettingService } from './service';

const tags = ['administration'];
const oneSetting = envelopeSchema(z.object({ setting: stillTradingSettingSchema }));

/** `/settings`: what administrators change while the site runs. */
export const siteSettingRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingService }> = async (app, { settings }) => {
  keepAnswersPrivate(app);

  app.get(
    '/settings/stillTrading',
    {
      onRequest: app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly),
      schema: {
        tags,
        summary: 'How many months after approval or the last confirmation an owner is asked whether their business still trades',
        response: { 200: oneSetting },
      },
    },
    async (request) =>
      envelope(200, MESSAGES.stillTradingSettingFound, { setting: await settings.stillTradingSetting(currentUser(request)) }),
  );

  app.put(
    '/settings/stillTrading',
    {
      onRequest: app.requireRole(mayAdministerDirectory, MESSAGES.administratorsOnly),
      schema: {
        tags,
        summary: 'Set the still-trading period: 3 to 36 months (administrators)',
        body: stillTradingPeriodSchema,
        response: { 200: oneSetting },
      },
    },
    async (request) => {
      const setting = await settings.setStillTradingMonths(currentUser(request), request.body);
      return envelope(200, MESSAGES.stillTradingSettingSaved, { setting });
    },
  );
};
