import { businessPath } from '@churchtrades/shared/business-page';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createTrade } from '../../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { type Clock, systemClock } from '../../clock';
import { registerErrorHandling } from '../../http/error-handler';
import { createBusinessPageRepo } from './repo';
import { businessPageRoutes } from './routes';
import { createBusinessPageService } from './service';
import { urlSetXml } from './sitemap-xml';

// No built web app here: sitemaps and robots.txt do not need one.
const { app, database } = await createTestApp();
const db = database.db;

const STATIC_PAGES = ['/', '/about', '/donation', '/privacypolicy', '/termsandconditions'].map((page) => `${TEST_ORIGIN}${page}`);

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

// The first file holds the five static pages and two businesses; each further one seven businesses.
const URLS_PER_FILE = 7;

/** The app with sitemaps of URLS_PER_FILE URLs each, on this file's database. */
async function appWithSmallSitemaps(clock: Clock = systemClock) {
  const small = Fastify();
  small.setValidatorCompiler(validatorCompiler);
  small.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(small);
  const repo = createBusinessPageRepo(db);
  // The sitemaps name no social media and no badges.
  const socialMediaOf = async () => new Map();
  const badgesOf = async () => new Map();
  const pages = createBusinessPageService({
    repo,
    badgesOf,
    socialMediaOf,
    appOrigin: TEST_ORIGIN,
    urlsPerSitemap: URLS_PER_FILE,
    clock,
  });
  await small.register(businessPageRoutes, { pages, indexHtml: undefined, manifest: undefined });
  return small;
}

describe('the sitemap', () => {
  it('lists the home page, the static pages and every listed business page, and no other business', async () => {
    const listed = await createTrade(db, { name: 'Abbey Road Electrical' });
    const pending = await createTrade(db, { moderationStatus: 'PENDING' });
    const locked = await createTrade(db, { locked: true });

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const xml = response.body;
    const locs = locsOf(xml);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(locs.slice(0, STATIC_PAGES.length)).toEqual(STATIC_PAGES);
    expect(xml).toContain(
      `<url><loc>${TEST_ORIGIN}/business/${listed.id}/abbey-road-electrical</loc><lastmod>${listed.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).not.toContain(pending.id);
    expect(xml).not.toContain(locked.id);
  });

  it('becomes an index of sitemap files past the number of URLs one file may hold, each file within it', async () => {
    for (let index = 0; index < 2 * URLS_PER_FILE; index += 1) await createTrade(db);
    const everyUrl = locsOf((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const small = await appWithSmallSitemaps();
    const files = Math.ceil(everyUrl.length / URLS_PER_FILE);

    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
    const contents = await Promise.all(
      locsOf(index.body).map((loc) => small.inject({ method: 'GET', url: loc.slice(TEST_ORIGIN.length) })),
    );

    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(index.body)).toEqual(Array.from({ length: files }, (_, n) => `${TEST_ORIGIN}/sitemaps/${n + 1}.xml`));
    for (const file of contents) {
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locsOf(file.body).length).toBeLessThanOrEqual(URLS_PER_FILE);
    }
    expect(contents.flatMap((file) => locsOf(file.body))).toEqual(everyUrl);
    await small.close();
  });

  it('answers 404 for a sitemap file beyond the last or not named by its number', async () => {
    const small = await appWithSmallSitemaps();
    const files = locsOf((await small.inject({ method: 'GET', url: '/sitemap.xml' })).body).length;

    for (const name of [`${files + 1}.xml`, '0.xml', '01.xml', '1.txt', 'one.xml', '99999999999999999999.xml']) {
      const response = await small.inject({ method: 'GET', url: `/sitemaps/${name}` });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'NOT_FOUND' });
    }
    await small.close();
  });

  it('names the businesses listed since it was planned once the plan is ten minutes old', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const small = await appWithSmallSitemaps(() => now);
    const filesBefore = locsOf((await small.inject({ method: 'GET', url: '/sitemap.xml' })).body);

    for (let index = 0; index < URLS_PER_FILE; index += 1) await createTrade(db);
    const planned = locsOf((await small.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    now = new Date('2026-03-02T09:10:01Z');
    const replanned = locsOf((await small.inject({ method: 'GET', url: '/sitemap.xml' })).body);

    expect(planned).toEqual(filesBefore);
    expect(replanned).toHaveLength(filesBefore.length + 1);
    await small.close();
  });

  it('escapes what XML would read as markup', () => {
    const xml = urlSetXml([{ loc: 'https://example.com.au/?a=1&b=<2>' }]);

    expect(xml).toContain('<loc>https://example.com.au/?a=1&amp;b=&lt;2&gt;</loc>');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the private pages and the API, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /trade',
        'Disallow: /account',
        'Disallow: /admin',
        'Disallow: /moderation',
        'Disallow: /api',
        'Allow: /',
        '',
        `Sitemap: ${TEST_ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('a business page without a built web app', () => {
  it('answers the 404 envelope, as every page path does then', async () => {
    const trade = await createTrade(db);

    const response = await app.inject({ method: 'GET', url: businessPath(trade.id, trade.name) });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'NOT_FOUND' });
  });
});
