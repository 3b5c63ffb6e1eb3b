import { mapPointsSchema } from '@churchtrades/shared/map';
import { markersOf } from '@churchtrades/shared/map-markers';
import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, trades } from '../../db/schema';
import {
  createAddress,
  createPlumbingAndElectrical,
  createChurch,
  createTrade,
  inCategory,
  noReplyTime,
  noSocialMedia,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { systemClock } from '../../clock';
import { createReview } from '../reviews/review-factory';
import { createTradeRepo } from './repo';
import { DEFAULT_SEARCH_LIMITS } from './search/limits';
import { createTradeService } from './service';

const { app, database } = await createTestApp();
const db = database.db;

const { plumbing, electrical } = await createPlumbingAndElectrical(db);

type Query = Record<string, string | number>;

async function get(path: string, query: Query = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/${path}?${search.toString()}` });
  return { response, body: response.json() };
}

async function cards(query: Query) {
  const { response, body } = await get('trades/clientFilter', { size: 50, ...query });
  expect(response.statusCode).toBe(200);
  return body.data.trades.content as { id: string; name: string; rating: { average: number; count: number } | null }[];
}

async function names(query: Query) {
  return (await cards(query)).map((card) => card.name);
}

async function mapNames(query: Query) {
  const { response, body } = await get('trades/mapPoints', query);
  expect(response.statusCode).toBe(200);
  return markersOf(mapPointsSchema.parse(body.data)).map((point) => point.name);
}

/** A listed business pinned in Sydney whose published reviews number `count` and add up to `total` stars. */
async function rated(name: string, count: number, total: number, fields: Parameters<typeof createTrade>[1] = {}) {
  const trade = await createTrade(db, { name, reviewCount: count, reviewStarsTotal: total, ...fields });
  await createAddress(db, trade.id, { latitude: -33.8688, longitude: 151.2093, suburb: 'Sydney', stateType: 'NSW' });
  return trade;
}

/**
 * One church's businesses around "4 stars and up": 4.0 from 3 reviews, 3.95 (shown as 4.0), 3.9, 5.0 but from 2
 * reviews, 5.0 from 3 with a checked licence, 4.5 in Victoria, and none.
 */
async function parish() {
  const church = await createChurch(db, { name: `St Clare ${Math.random().toString(36).slice(2, 8)}`, stateType: 'NSW' });
  const churchId = church.id;
  await rated('Four Star Plumbing', 3, 12, { churchId, ...inCategory(plumbing) });
  await rated('Rounded Plumbing', 20, 79, { churchId, ...inCategory(plumbing) });
  await rated('Almost Plumbing', 20, 78, { churchId, ...inCategory(plumbing) });
  await rated('Two Reviews Sparky', 2, 10, { churchId, ...inCategory(electrical) });
  await rated('Five Star Sparky', 3, 15, {
    churchId,
    ...inCategory(electrical),
    licenceNumber: '123456C',
    licenceState: 'NSW',
    licenceKind: 'Electrical contractor',
    licenceCheckedAt: new Date('2026-10-01T03:00:00Z'),
  });
  await rated('Victorian Plumbing', 4, 18, { churchId, stateType: 'VIC', ...inCategory(plumbing) });
  await rated('Newcomer Plumbing', 0, 0, { churchId, ...inCategory(plumbing) });
  return church;
}

const FOUR_AND_UP = ['Five Star Sparky', 'Four Star Plumbing', 'Rounded Plumbing', 'Victorian Plumbing'];

describe('"4 stars and up" on GET /api/trades/clientFilter', () => {
  it('keeps the businesses whose shown rating is 4.0 or more, a 3.95 shown as 4.0 included, without text', async () => {
    const church = await parish();

    expect(await names({ churchId: church.id, minRating: 4 })).toEqual(FOUR_AND_UP);
    expect(await names({ churchId: church.id, minRating: '' })).toHaveLength(7);
    expect(await names({ churchId: church.id })).toHaveLength(7);
    const rounded = (await cards({ churchId: church.id, minRating: 4 })).find((card) => card.name === 'Rounded Plumbing');
    expect(rounded?.rating).toEqual({ average: 4, count: 20 });
  });

  it('works with the state, category and sub category filters, and with "Verified only"', async () => {
    const church = await parish();

    expect(await names({ churchId: church.id, stateType: 'NSW', minRating: 4 })).toEqual(['Five Star Sparky', 'Four Star Plumbing', 'Rounded Plumbing']);
    expect(await names({ stateType: 'NSW', mCat: plumbing.main.id, churchId: church.id, minRating: 4 })).toEqual([
      'Four Star Plumbing',
      'Rounded Plumbing',
    ]);
    expect(await names({ stateType: 'NSW', mCat: electrical.main.id, sCat: electrical.sub.id, churchId: church.id, minRating: 4 })).toEqual([
      'Five Star Sparky',
    ]);
    expect(await names({ churchId: church.id, verified: 'true', minRating: 4 })).toEqual(['Five Star Sparky']);
  });

  it('works with ranked text, a misspelt word, names alike and "Near me"', async () => {
    const church = await parish();

    expect((await names({ churchId: church.id, searchText: 'plumbing', minRating: 4 })).sort()).toEqual([
      'Four Star Plumbing',
      'Rounded Plumbing',
      'Victorian Plumbing',
    ]);
    expect(await names({ churchId: church.id, searchText: 'electrcian', minRating: 4 })).toEqual(['Five Star Sparky']);
    expect(await names({ churchId: church.id, searchText: 'Sparkky', minRating: 4 })).toEqual(['Five Star Sparky']);
    const nearMe = await cards({ churchId: church.id, lat: -33.87, lng: 151.21, minRating: 4 });
    expect(nearMe.map((card) => card.name).sort()).toEqual(FOUR_AND_UP);
    expect(nearMe.every((card) => card.rating !== null && card.rating.average >= 4)).toBe(true);
  });

  it('works with a text search too large to rank, walked in name order', async () => {
    const church = await parish();
    const service = createTradeService({
      repo: createTradeRepo(db),
      clock: systemClock,
      socialMediaOf: noSocialMedia,
      replyTimeOf: noReplyTime,
      limits: { ...DEFAULT_SEARCH_LIMITS, rankedMatchLimit: 0, walkBudgetMin: 2, walkRowsPerMatch: 1, walkBudgetMax: 2 },
    });
    const query = { page: 0, size: 9, searchText: 'plumbing', stateType: 'ALL' as const, churchId: church.id, verified: false, lat: undefined, lng: undefined, mCat: undefined, sCat: undefined };

    const page = await service.searchListed({ ...query, minRating: 4 });

    expect(page.content.map((card) => card.name)).toEqual(['Four Star Plumbing', 'Rounded Plumbing', 'Victorian Plumbing']);
    expect((await service.searchListed({ ...query, minRating: undefined })).content).toHaveLength(5);
  });

  it('refuses any value but 4 with a 400 that says so, on the list and the map', async () => {
    for (const bad of ['5', 'abc', '4.5', '3', '4,5']) {
      for (const path of ['trades/clientFilter', 'trades/mapPoints']) {
        const { response, body } = await get(path, { minRating: bad });
        expect(response.statusCode).toBe(400);
        expect(body).toMatchObject({ status: 'BAD_REQUEST', message: expect.stringContaining(MESSAGES.minRatingChoice) });
        expect(body.data.errors).toEqual([{ field: 'minRating', message: MESSAGES.minRatingChoice }]);
      }
    }
  });
});

describe('"4 stars and up" on GET /api/trades/mapPoints', () => {
  it('keeps the same businesses with the other filters and text', async () => {
    const church = await parish();

    expect(await mapNames({ churchId: church.id, minRating: 4 })).toEqual(FOUR_AND_UP);
    expect(await mapNames({ churchId: church.id, stateType: 'NSW', mCat: plumbing.main.id, minRating: 4 })).toEqual([
      'Four Star Plumbing',
      'Rounded Plumbing',
    ]);
    expect(await mapNames({ churchId: church.id, searchText: 'electrician', minRating: 4 })).toEqual(['Five Star Sparky']);
    expect(await mapNames({ churchId: church.id, verified: 'true', minRating: 4 })).toEqual(['Five Star Sparky']);
  });

  it('keeps the filtered map apart from the unfiltered one, and answers anew once a review changes a rating', async () => {
    const church = await parish();

    expect(await mapNames({ churchId: church.id })).toHaveLength(7);
    expect(await mapNames({ churchId: church.id, minRating: 4 })).toEqual(FOUR_AND_UP);
    expect(await mapNames({ churchId: church.id })).toHaveLength(7);

    const [newcomer] = await db
      .select()
      .from(trades)
      .where(and(eq(trades.churchId, church.id), eq(trades.name, 'Newcomer Plumbing')));
    for (const stars of [4, 4, 5]) await createReview(db, { tradeId: newcomer!.id, stars });

    expect(await mapNames({ churchId: church.id, minRating: 4 })).toEqual([...FOUR_AND_UP.slice(0, 2), 'Newcomer Plumbing', ...FOUR_AND_UP.slice(2)]);
  });
});

describe('the rating on cards and business details', () => {
  it('shows none at 2 published reviews, and the average and count from the third', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { name: 'Growing Gardens', churchId: church.id });
    await createReview(db, { tradeId: trade.id, stars: 5 });
    await createReview(db, { tradeId: trade.id, stars: 4 });
    await createReview(db, { tradeId: trade.id, stars: 1, status: 'HELD', holdReasons: ['LINK'] });
    const service = createTradeService({ repo: createTradeRepo(db), clock: systemClock, socialMediaOf: noSocialMedia, replyTimeOf: noReplyTime });

    expect((await cards({ churchId: church.id }))[0]?.rating).toBeNull();
    expect((await get(`trades/${trade.id}`)).body.data.trade.rating).toBeNull();
    expect((await service.previewCards([trade.id]))[0]?.rating).toBeNull();

    await createReview(db, { tradeId: trade.id, stars: 4 });

    const rating = { average: 4.3, count: 3 };
    expect((await cards({ churchId: church.id }))[0]?.rating).toEqual(rating);
    expect((await get(`trades/${trade.id}`)).body.data.trade.rating).toEqual(rating);
    expect((await service.previewCards([trade.id]))[0]?.rating).toEqual(rating);
  });
});

describe("the trade's review totals, kept by the reviews' trigger", () => {
  async function totals(...ids: string[]) {
    const rows = await db
      .select({ id: trades.id, count: trades.reviewCount, stars: trades.reviewStarsTotal })
      .from(trades)
      .where(inArray(trades.id, ids));
    return ids.map((id) => {
      const row = rows.find((found) => found.id === id)!;
      return [row.count, row.stars];
    });
  }

  it('counts a published review as it is written, and no held one', async () => {
    const trade = await createTrade(db);

    await createReview(db, { tradeId: trade.id, stars: 4 });
    await createReview(db, { tradeId: trade.id, stars: 2, status: 'HELD', holdReasons: ['PROFANITY'] });

    expect(await totals(trade.id)).toEqual([[1, 4]]);
  });

  it('follows a review held, published again and removed, and a change of its stars', async () => {
    const trade = await createTrade(db);
    await createReview(db, { tradeId: trade.id, stars: 5 });
    const review = await createReview(db, { tradeId: trade.id, stars: 3 });
    const set = (fields: Partial<typeof reviews.$inferInsert>) => db.update(reviews).set(fields).where(eq(reviews.id, review.id));
    expect(await totals(trade.id)).toEqual([[2, 8]]);

    await set({ status: 'HELD' });
    expect(await totals(trade.id)).toEqual([[1, 5]]);
    await set({ status: 'PUBLISHED' });
    expect(await totals(trade.id)).toEqual([[2, 8]]);
    await set({ stars: 1, editedAt: new Date() });
    expect(await totals(trade.id)).toEqual([[2, 6]]);
    await set({ status: 'REMOVED', removedAt: new Date(), removedReason: 'Not about this business' });
    expect(await totals(trade.id)).toEqual([[1, 5]]);
  });

  it('forgets a deleted review, and moves a review moved to another business', async () => {
    const trade = await createTrade(db);
    const other = await createTrade(db);
    const kept = await createReview(db, { tradeId: trade.id, stars: 5 });
    const moved = await createReview(db, { tradeId: trade.id, stars: 2 });
    await createReview(db, { tradeId: other.id, stars: 4 });

    await db.update(reviews).set({ tradeId: other.id }).where(eq(reviews.id, moved.id));
    expect(await totals(trade.id, other.id)).toEqual([
      [1, 5],
      [2, 6],
    ]);

    await db.delete(reviews).where(eq(reviews.id, kept.id));
    expect(await totals(trade.id, other.id)).toEqual([
      [0, 0],
      [2, 6],
    ]);
  });
});
