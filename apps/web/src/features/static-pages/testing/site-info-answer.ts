import type { SiteInfo } from '@churchtrades/shared/site';
import { envelope } from '../../../testing/mock-fetch';

/**
 * Values unlike the configuration defaults (support@churchtrades.au, ChurchTrades Ltd, 000-000, 00000000),
 * so a test passes only if the page shows what /api/site answered.
 */
export const TEST_SITE_INFO: SiteInfo = {
  supportEmail: 'help@parish-test.org.au',
  bank: { accountName: 'Parish Test Trust', bsb: '062-123', accountNumber: '10293847' },
  mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
};

export function siteInfoAnswer(site: SiteInfo = TEST_SITE_INFO) {
  return { body: envelope({ site }) };
}

export const siteInfoFailure = {
  status: 503,
  body: envelope({}, { statusCode: 503, status: 'SERVICE_UNAVAILABLE', message: 'Resting' }),
};
