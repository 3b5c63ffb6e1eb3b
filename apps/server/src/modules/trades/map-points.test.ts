import zlib from 'node:zlib';
import { mapPointsSchema } from '@churchtrades/shared/map';
import { markersOf } from '@churchtrades/shared/map-markers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, categories, trades } from '../../db/schema';
import {
  createAddress,
  createCategoryPair,
  createPlumbingAndElectrical,
  createChurch,
  createTrade,
  inCategory,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const { plumbing, electrical } = await createPlumbingAndElectrical(db);

async function mapPoints(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/trades/mapPoints?${search.toString()}` });
  const body = response.json();
  const points = response.statusCode === 200 ? markersOf(mapPointsSchema.parse(body.data)) : [];
  return { response, body, points, names: points.map((point) => point.name) };
}

/** A listed business with an address at these coordinates (Sydney unless said otherwise). */
async function pinnedTrade(fields: Parameters<typeof createTrade>[1] = {}, place: Parameters<typeof createAddress>[2] = {}) {
  const trade = await createTrade(db, fields);
  await createAddress(db, trade.id, { latitude: -33.8688, longitude: 151.2093, ...place });
  return trade;
}

describe('GET /api/trades/mapPoints: which businesses are points', () => {
  it('gives each listed business with coordinates as a row: id, name, coordinates to 5 decimals and main category', async () => {
    const church = await createChurch(db);
    const trade = await pinnedTrade(
      { name: 'Harbour Plumbing', churchId: church.id, ...inCategory(plumbing) },
      { latitude: -33.861234, longitude: 151.210987 },
    );

    const { response, body, points } = await mapPoints({ churchId: church.id });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({ statusCode: 200, status: 'OK' });
    expect(mapPointsSchema.parse(body.data)).toEqual({
      points: [[trade.id, 'Harbour Plumbing', -33.86123, 151.21099, plumbing.main.id]],
      categories: expect.objectContaining({ [String(plumbing.main.id)]: 'Plumbing & Gas', [String(electrical.main.id)]: 'Electrical' }),
      truncated: false,
    });
    expect(points).toEqual([{ id: trade.id, name: 'Harbour Plumbing', lat: -33.86123, lng: 151.21099, category: 'Plumbing & Gas' }]);
  });

  it('leaves out online-only businesses, even with an address', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ name: 'Shopfront Bookkeeping', churchId: church.id, online: true, atBusiness: true });
    await pinnedTrade({ name: 'Mobile Bookkeeping', churchId: church.id, online: true, atClient: true, atBusiness: false });
    await pinnedTrade({ name: 'Online Bookkeeping', churchId: church.id, online: true, atClient: false, atBusiness: false });

    const { names } = await mapPoints({ churchId: church.id });

    expect(names).toEqual(['Mobile Bookkeeping', 'Shopfront Bookkeeping']);
  });

  it('leaves out businesses without an address or without coordinates', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ name: 'Pinned Painting', churchId: church.id });
    await createTrade(db, { name: 'Addressless Painting', churchId: church.id });
    const vague = await createTrade(db, { name: 'Vague Painting', churchId: church.id });
    await createAddress(db, vague.id, { latitude: null, longitude: null });
    const half = await createTrade(db, { name: 'Half Painting', churchId: church.id });
    await createAddress(db, half.id, { latitude: -33.8, longitude: null });

    const { names } = await mapPoints({ churchId: church.id });

    expect(names).toEqual(['Pinned Painting']);
  });

  it('leaves out every business that is not listed', async () => {
    const church = await createChurch(db);
    const closedChurch = await createChurch(db, { enabled: false });
    await pinnedTrade({ name: 'Listed Roofing', churchId: church.id });
    for (const fields of [
      { moderationStatus: 'PENDING' as const },
      { moderationStatus: 'REJECTED' as const },
      { moderationStatus: 'UNLISTED' as const },
      { enabled: false },
      { locked: true },
      { expired: true },
    ]) {
      await pinnedTrade({ name: 'Unlisted Roofing', churchId: church.id, ...fields });
    }
    await pinnedTrade({ name: 'Closed Church Roofing', churchId: closedChurch.id });

    const ofChurch = await mapPoints({ churchId: church.id });
    const everywhere = await mapPoints();

    expect(ofChurch.names).toEqual(['Listed Roofing']);
    expect(everywhere.names).not.toContain('Unlisted Roofing');
    expect(everywhere.names).not.toContain('Closed Church Roofing');
  });

  it('follows the address: a pin appears with coordinates, moves with them and goes with the address', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { name: 'Moving Removals', churchId: church.id });
    const address = await createAddress(db, trade.id);
    expect((await mapPoints({ churchId: church.id })).points).toEqual([]);

    await db.update(addresses).set({ latitude: -37.8136, longitude: 144.9631 }).where(eq(addresses.id, address.id));
    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ lat: -37.8136, lng: 144.9631 }]);

    await db.update(trades).set({ online: true, atBusiness: false }).where(eq(trades.id, trade.id));
    expect((await mapPoints({ churchId: church.id })).points).toEqual([]);

    await db.update(trades).set({ atClient: true }).where(eq(trades.id, trade.id));
    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ lat: -37.8136 }]);

    await db.delete(addresses).where(eq(addresses.id, address.id));
    expect((await mapPoints({ churchId: church.id })).points).toEqual([]);
  });
});

describe('GET /api/trades/mapPoints: answers kept between writes', () => {
  it('shows a business approved since the same map was last asked for', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ name: 'Early Fencing', churchId: church.id });
    const waiting = await pinnedTrade({ name: 'Later Fencing', churchId: church.id, moderationStatus: 'PENDING' });
    expect((await mapPoints({ churchId: church.id })).names).toEqual(['Early Fencing']);

    await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, waiting.id));

    expect((await mapPoints({ churchId: church.id })).names).toEqual(['Early Fencing', 'Later Fencing']);
  });

  it('shows a main category renamed since the same map was last asked for', async () => {
    const church = await createChurch(db);
    const pair = await createCategoryPair(db, { name: 'Glazing' }, { name: 'Glazier' });
    await pinnedTrade({ churchId: church.id, ...inCategory(pair) });
    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ category: 'Glazing' }]);

    await db.update(categories).set({ name: 'Glass & Glazing' }).where(eq(categories.id, pair.main.id));

    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ category: 'Glass & Glazing' }]);
  });

  it('gives an unchanged map the same tag, and a changed one a new tag', async () => {
    const church = await createChurch(db);
    const trade = await pinnedTrade({ name: 'Tagged Tiling', churchId: church.id });
    const first = (await mapPoints({ churchId: church.id })).response;
    const unchanged = (await mapPoints({ churchId: church.id })).response;

    await db.update(trades).set({ name: 'Retagged Tiling' }).where(eq(trades.id, trade.id));
    const changed = (await mapPoints({ churchId: church.id })).response;

    expect(unchanged.headers.etag).toBe(first.headers.etag);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('GET /api/trades/mapPoints: compressed once per kept answer', () => {
  it('sends Brotli or gzip as the browser accepts, the same bytes each time, and the text to others', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ name: 'Squeezed Roofing', churchId: church.id });
    const url = `/api/trades/mapPoints?churchId=${church.id}`;
    const ask = (acceptEncoding?: string) =>
      app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const [brotli, again, gzipped, plain] = [await ask('gzip, deflate, br'), await ask('br'), await ask('gzip'), await ask()];

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(again.rawPayload.equals(brotli.rawPayload)).toBe(true);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body;
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(text);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(text);
    expect(markersOf(mapPointsSchema.parse(JSON.parse(text).data)).map((point) => point.name)).toEqual(['Squeezed Roofing']);
  });

  it('answers a compressed repeat with If-None-Match with 304', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ churchId: church.id });
    const url = `/api/trades/mapPoints?churchId=${church.id}`;
    const headers = { 'accept-encoding': 'br' };

    const first = await app.inject({ method: 'GET', url, headers });
    const repeat = await app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': String(first.headers.etag) } });

    expect(repeat.statusCode).toBe(304);
    expect(repeat.rawPayload.byteLength).toBe(0);
  });
});

describe('GET /api/trades/mapPoints: a street kept private', () => {
  it('puts the pin at suburb level: coordinates rounded to two decimals, never the street', async () => {
    const church = await createChurch(db);
    await pinnedTrade(
      { name: 'Home Tailoring', churchId: church.id },
      { latitude: -33.815123, longitude: 151.001987, showStreetAddress: false },
    );

    const { points } = await mapPoints({ churchId: church.id });

    expect(points).toMatchObject([{ name: 'Home Tailoring', lat: -33.82, lng: 151 }]);
  });

  it('moves the pin to suburb level when the owner hides the street, and back when they show it', async () => {
    const church = await createChurch(db);
    const trade = await pinnedTrade({ churchId: church.id }, { latitude: -34.426789, longitude: 150.893456 });

    await db.update(addresses).set({ showStreetAddress: false }).where(eq(addresses.entityId, trade.id));
    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ lat: -34.43, lng: 150.89 }]);

    await db.update(addresses).set({ showStreetAddress: true }).where(eq(addresses.entityId, trade.id));
    expect((await mapPoints({ churchId: church.id })).points).toMatchObject([{ lat: -34.42679, lng: 150.89346 }]);
  });
});

describe('GET /api/trades/mapPoints: the search filters', () => {
  it('filters by state, church, main and sub category, each narrowing the others', async () => {
    const church = await createChurch(db, { stateType: 'VIC' });
    const otherChurch = await createChurch(db, { stateType: 'VIC' });
    await pinnedTrade({ name: 'Filter Plumber VIC', churchId: church.id, stateType: 'VIC', ...inCategory(plumbing) });
    await pinnedTrade({ name: 'Filter Electrician VIC', churchId: church.id, stateType: 'VIC', ...inCategory(electrical) });
    await pinnedTrade({ name: 'Filter Plumber QLD', churchId: church.id, stateType: 'QLD', ...inCategory(plumbing) });
    await pinnedTrade({ name: 'Filter Plumber Elsewhere', churchId: otherChurch.id, stateType: 'VIC', ...inCategory(plumbing) });

    const byChurch = await mapPoints({ churchId: church.id });
    const byState = await mapPoints({ churchId: church.id, stateType: 'VIC' });
    const byMain = await mapPoints({ churchId: church.id, stateType: 'VIC', mCat: plumbing.main.id });
    const bySub = await mapPoints({ stateType: 'VIC', mCat: plumbing.main.id, sCat: plumbing.sub.id });
    const subOfOtherMain = await mapPoints({ churchId: church.id, mCat: electrical.main.id, sCat: plumbing.sub.id });

    expect(byChurch.names).toEqual(['Filter Electrician VIC', 'Filter Plumber QLD', 'Filter Plumber VIC']);
    expect(byState.names).toEqual(['Filter Electrician VIC', 'Filter Plumber VIC']);
    expect(byMain.names).toEqual(['Filter Plumber VIC']);
    expect(bySub.names).toEqual(['Filter Plumber Elsewhere', 'Filter Plumber VIC']);
    expect(subOfOtherMain.names).toEqual([]);
  });

  it('finds by text as the search does: words, category words, typos and names alike', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ name: 'Wombat Drains', churchId: church.id, ...inCategory(plumbing) });
    await pinnedTrade({ name: 'Fitzgerald Wiring', churchId: church.id, ...inCategory(electrical) });

    const words = await mapPoints({ churchId: church.id, searchText: 'blocked drains' });
    const categoryWord = await mapPoints({ churchId: church.id, searchText: 'electrician' });
    const typo = await mapPoints({ churchId: church.id, searchText: 'electrcian' });
    const nameAlike = await mapPoints({ churchId: church.id, searchText: 'Fitzgerld' });
    const nothing = await mapPoints({ churchId: church.id, searchText: 'qwxzv' });

    expect(words.names).toEqual(['Wombat Drains']);
    expect(categoryWord.names).toEqual(['Fitzgerald Wiring']);
    expect(typo.names).toEqual(['Fitzgerald Wiring']);
    expect(nameAlike.names).toEqual(['Fitzgerald Wiring']);
    expect(nothing.body.data).toMatchObject({ points: [], truncated: false });
  });

  it('lists the points by name, then id, and ignores paging parameters', async () => {
    const church = await createChurch(db);
    for (const name of ['Cedar Joinery', 'Acacia Joinery', 'Banksia Joinery']) await pinnedTrade({ name, churchId: church.id });

    const { names } = await mapPoints({ churchId: church.id, page: 1, size: 1 });

    expect(names).toEqual(['Acacia Joinery', 'Banksia Joinery', 'Cedar Joinery']);
  });

  it('may be cached publicly if revalidated each time, and answers a repeat with If-None-Match with 304', async () => {
    const church = await createChurch(db);
    await pinnedTrade({ churchId: church.id });
    const url = `/api/trades/mapPoints?churchId=${church.id}`;

    const first = await app.inject({ method: 'GET', url });
    const repeat = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });

    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(repeat.statusCode).toBe(304);
  });

  it.each([
    ['an unknown state', { stateType: 'XYZ' }, 'stateType'],
    ['a church id that is not an id', { churchId: "1' or '1'='1" }, 'churchId'],
    ['a main category that is not a number', { mCat: 'plumbing' }, 'mCat'],
  ])('refuses %s with 400', async (_case, query, field) => {
    const { response, body } = await mapPoints(query);

    expect(response.statusCode).toBe(400);
    expect(body.data.errors).toContainEqual(expect.objectContaining({ field }));
  });

  it.each([
    ['SQL', "'; drop table trades; --"],
    ['text-search operators', "plumb:* & !gas | 'x' <-> y"],
    ['a NUL character', 'plumb\u0000er'],
    ['emoji and quotes', '🔧 "plumber" \\'],
  ])('answers text with %s without failing', async (_case, searchText) => {
    const { response, body } = await mapPoints({ searchText });

    expect(response.statusCode).toBe(200);
    expect(mapPointsSchema.safeParse(body.data).success).toBe(true);
  });
});
