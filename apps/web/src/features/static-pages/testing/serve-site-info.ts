import type { SiteInfo } from '@churchtrades/shared/site';
import { type Reply, serveApi } from '../../../testing/api-server';

/**
 * Values unlike the configuration defaults (support@churchtrades.au, ChurchTrades Ltd, 000-000, 00000000),
 * so a test passes only if the page shows what /api/site answered.
 */
export const TEST_SITE_INFO: SiteInfo = {
  supportEmail: 'help@parish-test.org.au',
  bank: { accountName: 'Parish Test Trust', bsb: '062-123', accountNumber: '10293847' },
  mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
};

export function siteInfoAnswer(site: SiteInfo = TEST_SITE_INFO): Reply {
  return { data: { site } };
}

export const siteInfoFailure: Reply = { status: 503, message: 'Resting' };

/** Answers GET /api/site with each answer in turn, then the last one again; returns every request the page sent. */
export function serveSiteInfo(...answers: Reply[]) {
  let calls = 0;
  const api = serveApi({ 'GET /api/site': () => answers[Math.min(calls++, answers.length - 1)] ?? siteInfoAnswer() });
  return api.requests;
}
