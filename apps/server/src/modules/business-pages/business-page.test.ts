import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessPath } from '@churchtrades/shared/business-page';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import {
  createAddress,
  createCategory,
  createOwner,
  createSocialMedia,
  createTrade,
} from '../../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { createReview } from '../reviews/review-factory';

// The built app's index.html as Vite writes it: a site-wide title and description the page's own replace.
const INDEX_HTML = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="ChurchTrades is a free directory of Australian businesses."
    />
    <title>ChurchTrades</title>
    <script type="module" crossorigin src="/assets/index-3f9a1c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
// The build's manifest: which files the business page's code is in.
fs.mkdirSync(path.join(distDir, '.vite'));
fs.writeFileSync(
  path.join(distDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-3f9a1c.js', isEntry: true },
    'src/app/routes/business-with-reviews.tsx': {
      file: 'assets/business-with-reviews-4e4e4e.js',
      imports: ['index.html'],
      css: ['assets/business-with-reviews-6f6f6f.css'],
    },
    'src/features/enquiries/components/business-enquiry.tsx': {
      file: 'assets/business-enquiry-7a7a7a.js',
      imports: ['index.html'],
    },
  }),
);

const { app, database } = await createTestApp({ webDistDir: distDir });
const COVER = '/uploads/covers/fedcba9876543210fedcba9876543210.webp';
const db = database.db;

async function plumber(fields: Parameters<typeof createTrade>[1] = {}) {
  const category = await createCategory(db, { name: `Plumbing ${randomUUID().slice(0, 6)}` });
  const owner = await createOwner(db, { email: `${randomUUID().slice(0, 8)}@smithplumbing.com.au`, phone: '0400 111 222' });
  const trade = await createTrade(db, {
    ownerId: owner.id,
    name: 'Smith & Sons Plumbing',
    brief: 'Blocked drains, leaking taps and hot water systems, fixed the same day across the Parramatta district.',
    mainCategoryId: category.id,
    logoUri: '/uploads/logos/0123456789abcdef0123456789abcdef.webp',
    publicEmail: 'office@smithplumbing.com.au',
    ...fields,
  });
  return { trade, owner, category };
}

function pageOf(id: string, slug = 'any-slug') {
  return app.inject({ method: 'GET', url: `/business/${id}/${slug}` });
}

/** The content of the first tag matching `pattern`'s one capture. */
function captured(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

function metaContent(html: string, key: string): string | undefined {
  return captured(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`));
}

function structuredData(html: string): Record<string, unknown> {
  const json = captured(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return JSON.parse(json ?? 'null');
}

describe("a business page's first HTML answer", () => {
  it('carries its title, description, canonical link and Open Graph tags in the head of the app', async () => {
    const { trade, category } = await plumber();
    await createAddress(db, trade.id, { suburb: 'Parramatta', stateType: 'NSW', postcode: '2150' });
    const canonical = `${TEST_ORIGIN}${businessPath(trade.id, trade.name)}`;

    const response = await pageOf(trade.id, 'an-old-name');
    const html = response.body;

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(captured(html, /<title>([^<]*)<\/title>/)).toBe(
      `Smith &amp; Sons Plumbing · ${category.name} in Parramatta NSW · ChurchTrades`,
    );
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'description')).toBe(trade.brief);
    expect(canonical).toBe(`${TEST_ORIGIN}/business/${trade.id}/smith-and-sons-plumbing`);
    expect(captured(html, /<link rel="canonical" href="([^"]*)" \/>/)).toBe(canonical);
    expect(metaContent(html, 'og:type')).toBe('business.business');
    expect(metaContent(html, 'og:title')).toBe(`Smith &amp; Sons Plumbing · ${category.name} in Parramatta NSW · ChurchTrades`);
    expect(metaContent(html, 'og:description')).toBe(trade.brief);
    expect(metaContent(html, 'og:url')).toBe(canonical);
    expect(metaContent(html, 'og:image')).toBe(`${TEST_ORIGIN}/uploads/logos/0123456789abcdef0123456789abcdef.webp`);
    expect(metaContent(html, 'og:image:alt')).toBe('Logo of Smith &amp; Sons Plumbing');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-3f9a1c.js"></script>');
  });

  it("has the browser fetch the page's code, the business and the map's settings with the HTML", async () => {
    const { trade } = await plumber();
    await createAddress(db, trade.id, { showStreetAddress: true, latitude: -33.8151, longitude: 151.0011 });

    const html = (await pageOf(trade.id)).body;
    const head = html.slice(0, html.indexOf('</head>'));

    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/business-with-reviews-4e4e4e.js" />');
    expect(head).toContain('<link rel="preload" as="style" href="/assets/business-with-reviews-6f6f6f.css" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/business-enquiry-7a7a7a.js" />');
    expect(head).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/trades/${trade.id}" />`);
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/site" />');
  });

  it('shows link previews the cover picture, fetches it first with the HTML, and names it with the logo in the JSON-LD', async () => {
    const { trade } = await plumber();
    await db.update(trades).set({ image: COVER }).where(eq(trades.id, trade.id));

    const html = (await pageOf(trade.id)).body;
    const head = html.slice(0, html.indexOf('</head>'));

    expect(metaContent(html, 'og:image')).toBe(`${TEST_ORIGIN}${COVER}`);
    expect(metaContent(html, 'og:image:alt')).toBe('Cover picture of Smith &amp; Sons Plumbing');
    expect(head).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${COVER}" />`);
    expect(structuredData(html)).toMatchObject({
      image: [`${TEST_ORIGIN}${COVER}`, `${TEST_ORIGIN}/uploads/logos/0123456789abcdef0123456789abcdef.webp`],
      logo: `${TEST_ORIGIN}/uploads/logos/0123456789abcdef0123456789abcdef.webp`,
    });
  });

  it('preloads no picture, and names none, for a business without cover picture or logo', async () => {
    const trade = await createTrade(db, { logoUri: null });

    const html = (await pageOf(trade.id)).body;

    expect(html).not.toContain('as="image"');
    expect(html).not.toContain('og:image');
    expect(structuredData(html)).not.toHaveProperty('image');
    expect(structuredData(html)).not.toHaveProperty('logo');
  });

  it("preloads no map settings for a business shown without a map", async () => {
    const { trade } = await plumber();
    await createAddress(db, trade.id, { showStreetAddress: false, latitude: -33.8151, longitude: 151.0011 });

    const html = (await pageOf(trade.id)).body;

    expect(html).toContain(`href="/api/trades/${trade.id}"`);
    expect(html).not.toContain('href="/api/site"');
  });

  it('describes the business to crawlers as a schema.org LocalBusiness', async () => {
    const { trade } = await plumber();
    await createAddress(db, trade.id, {
      fullAddress: '12A George St, Parramatta NSW 2150',
      unitNbr: null,
      streetNbr: '12A',
      streetName: 'George',
      streetType: 'St',
      suburb: 'Parramatta',
      stateType: 'NSW',
      postcode: '2150',
      latitude: -33.8151,
      longitude: 151.0011,
    });
    await createSocialMedia(db, trade.id, { mediaType: 'FACEBOOK', name: 'smithplumbing' });
    await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'https://smithplumbing.com.au' });

    const data = structuredData((await pageOf(trade.id)).body);

    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Smith & Sons Plumbing',
      description: trade.brief,
      url: `${TEST_ORIGIN}${businessPath(trade.id, trade.name)}`,
      telephone: '0400 111 222',
      email: 'office@smithplumbing.com.au',
      image: `${TEST_ORIGIN}/uploads/logos/0123456789abcdef0123456789abcdef.webp`,
      logo: `${TEST_ORIGIN}/uploads/logos/0123456789abcdef0123456789abcdef.webp`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12A George St',
        addressLocality: 'Parramatta',
        addressRegion: 'NSW',
        postalCode: '2150',
        addressCountry: 'AU',
      },
      geo: { '@type': 'GeoCoordinates', latitude: -33.8151, longitude: 151.0011 },
      sameAs: ['https://www.facebook.com/smithplumbing', 'https://smithplumbing.com.au'],
    });
  });

  it("tells crawlers the kind of business as a named property, and nothing of it when its owner has not said", async () => {
    const { trade: company } = await plumber({ businessKind: 'COMPANY' });
    const { trade: unstated } = await plumber();

    const stated = structuredData((await pageOf(company.id)).body);
    const silent = structuredData((await pageOf(unstated.id)).body);

    expect(stated.additionalProperty).toEqual([{ '@type': 'PropertyValue', name: 'Kind of business', value: 'Company' }]);
    expect(silent).not.toHaveProperty('additionalProperty');
  });

  it('gives crawlers the ABN as taxID once the register called it active, and never otherwise', async () => {
    const checked = { abn: '51824753556', abnCheckedAt: new Date('2026-10-01T03:00:00Z') };
    const { trade: active } = await plumber({ ...checked, abnStatus: 'ACTIVE' });
    expect(structuredData((await pageOf(active.id)).body)).toMatchObject({ taxID: '51824753556' });

    for (const abnStatus of ['CHECKSUM_ONLY', 'UNCHECKED', 'MISMATCH', 'CANCELLED', 'NOT_FOUND'] as const) {
      const { trade } = await plumber({ ...checked, abnStatus });
      expect(structuredData((await pageOf(trade.id)).body)).not.toHaveProperty('taxID');
    }
    const { trade: licensedOnly } = await plumber({ abn: '51824753556', licenceNumber: '123456C', licenceState: 'NSW', licenceKind: 'Plumber', licenceCheckedAt: new Date() });
    expect(structuredData((await pageOf(licensedOnly.id)).body)).not.toHaveProperty('taxID');
  });

  it('keeps a street address its owner keeps private out of the page, coordinates included', async () => {
    const { trade } = await plumber();
    await createAddress(db, trade.id, {
      fullAddress: '7 Quietway Close, Harris Park NSW 2150',
      streetNbr: '7',
      streetName: 'Quietway',
      streetType: 'Close',
      suburb: 'Harris Park',
      stateType: 'NSW',
      postcode: '2150',
      latitude: -33.82347,
      longitude: 151.00861,
      showStreetAddress: false,
    });

    const html = (await pageOf(trade.id)).body;
    const data = structuredData(html);

    expect(html).not.toContain('Quietway');
    expect(html).not.toContain('-33.82347');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Harris Park',
      addressRegion: 'NSW',
      postalCode: '2150',
      addressCountry: 'AU',
    });
    expect(data).not.toHaveProperty('geo');
  });

  it('escapes a name and brief that hold markup and quotes, in the tags and in the JSON-LD', async () => {
    const name = `Bob's "Best" </title><script>alert(1)</script> Tiling`;
    const brief = `Tiles & grout </script><script>alert("brief")</script> done right`;
    const trade = await createTrade(db, { name, brief });

    const html = (await pageOf(trade.id)).body;

    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</title><script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(captured(html, /<title>([^<]*)<\/title>/)).toContain(
      'Bob&#39;s &quot;Best&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; Tiling',
    );
    expect(metaContent(html, 'description')).toBe(
      'Tiles &amp; grout &lt;/script&gt;&lt;script&gt;alert(&quot;brief&quot;)&lt;/script&gt; done right',
    );
    expect(structuredData(html)).toMatchObject({ name, description: brief });
  });

  it('cuts a long brief to a description of whole words', async () => {
    const brief = `${'Reliable roof repairs and gutter cleaning. '.repeat(8)}Call us.`;
    const trade = await createTrade(db, { brief });

    const description = metaContent((await pageOf(trade.id)).body, 'description')!;

    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Reliable roof repairs .*\w…$/);
    expect(structuredData((await pageOf(trade.id)).body).description).toBe(brief);
  });

  it('serves a link without the slug the same page, pointing to the link with it', async () => {
    const { trade } = await plumber();

    const response = await app.inject({ method: 'GET', url: `/business/${trade.id}` });

    expect(response.statusCode).toBe(200);
    expect(captured(response.body, /<link rel="canonical" href="([^"]*)" \/>/)).toBe(
      `${TEST_ORIGIN}${businessPath(trade.id, trade.name)}`,
    );
  });

  it('answers HEAD with the headers of the page and no body', async () => {
    const { trade } = await plumber();

    const response = await app.inject({ method: 'HEAD', url: businessPath(trade.id, trade.name) });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('answers 404 with the unchanged app, which shows its Not-Found screen, for a business that is not listed', async () => {
    const pending = await createTrade(db, { moderationStatus: 'PENDING' });
    const disabled = await createTrade(db, { enabled: false });

    for (const url of [pending.id, disabled.id, randomUUID(), 'not-a-business-id', "1' or '1'='1"].flatMap((id) => [
      `/business/${encodeURIComponent(id)}/some-name`,
      `/business/${encodeURIComponent(id)}`,
    ])) {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });
});

describe("a business page's JSON-LD of its reviews", () => {
  const DAY_MS = 86_400_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

  it('carries no rating and no reviews while the business has fewer than 3 published reviews', async () => {
    const { trade } = await plumber();
    await createReview(db, { tradeId: trade.id, stars: 5, createdAt: daysAgo(3) });
    await createReview(db, { tradeId: trade.id, stars: 4, createdAt: daysAgo(2) });
    await createReview(db, { tradeId: trade.id, stars: 1, status: 'HELD', createdAt: daysAgo(1) });

    const data = structuredData((await pageOf(trade.id)).body);

    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });

  it('carries the rating and the published reviews, newest first, from the third published review', async () => {
    const { trade } = await plumber();
    const oldest = await createReview(db, { tradeId: trade.id, stars: 5, createdAt: daysAgo(30), body: 'Fixed our hot water system the same afternoon.' });
    await createReview(db, { tradeId: trade.id, stars: 4, createdAt: daysAgo(20), body: 'Good work on the drains, fair price too.' });
    const newest = await createReview(db, { tradeId: trade.id, stars: 4, createdAt: daysAgo(10), body: 'Turned up early and cleaned up after.' });

    const data = structuredData((await pageOf(trade.id)).body);

    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Vera V.' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        datePublished: newest.createdAt.toISOString(),
        reviewBody: 'Turned up early and cleaned up after.',
      },
      expect.objectContaining({ reviewBody: 'Good work on the drains, fair price too.' }),
      expect.objectContaining({ reviewBody: oldest.body, datePublished: oldest.createdAt.toISOString() }),
    ]);
  });

  it('marks up only the 10 newest reviews, as the page shows them at first, and rates all of them', async () => {
    const { trade } = await plumber();
    for (let day = 12; day > 0; day -= 1) await createReview(db, { tradeId: trade.id, stars: 5, createdAt: daysAgo(day), body: `Review written ${day} days ago, all good.` });

    const data = structuredData((await pageOf(trade.id)).body);

    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 12 });
    const bodies = (data.review as { reviewBody: string }[]).map((review) => review.reviewBody);
    expect(bodies).toHaveLength(10);
    expect(bodies[0]).toBe('Review written 1 days ago, all good.');
    expect(bodies.at(-1)).toBe('Review written 10 days ago, all good.');
  });

  it('counts no removed or held review, and marks none up', async () => {
    const { trade } = await plumber();
    for (const stars of [5, 4, 3]) await createReview(db, { tradeId: trade.id, stars, createdAt: daysAgo(10 - stars) });
    await createReview(db, { tradeId: trade.id, stars: 1, status: 'REMOVED', removedAt: new Date(), removedReason: 'Written by a competitor', body: 'A removed review body.' });
    await createReview(db, { tradeId: trade.id, stars: 1, status: 'HELD', holdReasons: ['LINK'], body: 'A held review body here.' });

    const data = structuredData((await pageOf(trade.id)).body);

    expect(data.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 3 });
    expect(data.review).toHaveLength(3);
    expect(JSON.stringify(data)).not.toMatch(/removed review|held review/);
  });

  it('keeps the JSON-LD script-safe when a review holds markup', async () => {
    const { trade } = await plumber();
    const body = 'Great work </script><script>alert("review")</script> <!-- and more';
    for (const stars of [5, 4]) await createReview(db, { tradeId: trade.id, stars });
    await createReview(db, { tradeId: trade.id, stars: 5, body });

    const html = (await pageOf(trade.id)).body;

    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- and more');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(structuredData(html).review).toEqual(expect.arrayContaining([expect.objectContaining({ reviewBody: body })]));
  });
});
