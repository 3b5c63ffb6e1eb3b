import { mapPointsSchema } from '@churchtrades/shared/map';
import { describe, expect, it } from 'vitest';
import { createAddress, createCategoryPair, createChurch, createTrade, inCategory, noReplyTime, noSocialMedia } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { systemClock } from '../../clock';
import { createTradeRepo } from './repo';
import { DEFAULT_SEARCH_LIMITS, type TradeSearchLimits } from './search/limits';
import { createTradeService } from './service';

// Large-set behaviour on a small database: limits of 0 make every set "larger than PostgreSQL should count".
const { database } = await createTestApp();
const db = database.db;
const repo = createTradeRepo(db);

function serviceWith(limits: Partial<TradeSearchLimits>, repoOverrides: Partial<typeof repo> = {}) {
  return createTradeService({
    repo: { ...repo, ...repoOverrides },
    clock: systemClock,
    socialMediaOf: noSocialMedia,
    replyTimeOf: noReplyTime,
    limits: { ...DEFAULT_SEARCH_LIMITS, ...limits },
  });
}

function query(fields: { churchId: string; page?: number; size?: number; searchText?: string }) {
  return { page: 0, size: 9, searchText: '', stateType: 'ALL' as const, mCat: undefined, sCat: undefined, verified: false, minRating: undefined, lat: undefined, lng: undefined, ...fields };
}

describe('searching a set too large to count or rank whole', () => {
  it('lists the businesses named for the words first, then the others, each in name order', async () => {
    const church = await createChurch(db);
    for (const [name, brief] of [
      ['Zed Roofing', 'We clear gutters too.'],
      ['Yarra Gutters', 'Seven days.'],
      ['Abbey Roofing', 'Gutters replaced.'],
      ['Bondi Gutters', 'Seven days.'],
      ['Coogee Painting', 'Seven days.'],
    ]) {
      await createTrade(db, { name, brief, churchId: church.id });
    }
    const service = serviceWith({ rankedMatchLimit: 0 });

    const page = await service.searchListed(query({ churchId: church.id, searchText: 'gutters' }));

    expect(page.content.map((card) => card.name)).toEqual([
      'Bondi Gutters',
      'Yarra Gutters',
      'Abbey Roofing',
      'Zed Roofing',
    ]);
  });

  it('continues the tiers across pages', async () => {
    const church = await createChurch(db);
    for (const name of ['Bb Tiling', 'Aa Tiling', 'Cc Bathrooms']) {
      await createTrade(db, { name, brief: 'Tiling and more.', churchId: church.id });
    }
    const service = serviceWith({ rankedMatchLimit: 0 });

    const pages = await Promise.all(
      [0, 1].map((page) => service.searchListed(query({ churchId: church.id, searchText: 'tiling', page, size: 2 }))),
    );

    expect(pages.map((page) => page.content.map((card) => card.name))).toEqual([
      ['Aa Tiling', 'Bb Tiling'],
      ['Cc Bathrooms'],
    ]);
  });

  it("gives PostgreSQL's estimate as the total, flagged as one, while the pages go on", async () => {
    const church = await createChurch(db);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await createTrade(db, { name: `${name} Bakery`, churchId: church.id });
    }
    const service = serviceWith({ exactCountLimit: 0 });

    const page = await service.searchListed(query({ churchId: church.id, size: 2 }));

    expect(page.totalIsEstimate).toBe(true);
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
  });

  it('gives the exact total once a page shows where the set ends', async () => {
    const church = await createChurch(db);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await createTrade(db, { name: `${name} Dental`, churchId: church.id });
    }
    const service = serviceWith({ exactCountLimit: 0 });

    const last = await service.searchListed(query({ churchId: church.id, page: 2, size: 2 }));

    expect(last).toMatchObject({ totalElements: 5, totalPages: 3 });
    expect(last.totalIsEstimate).toBeUndefined();
  });

  it('finds no names alike when the words resemble too many names to compare', async () => {
    const church = await createChurch(db);
    await createTrade(db, { name: 'Fitzgerald Joinery', churchId: church.id });

    const vague = await serviceWith({ similarNameLimit: 0 }).searchListed(
      query({ churchId: church.id, searchText: 'fitzgerld' }),
    );
    const usual = await serviceWith({}).searchListed(query({ churchId: church.id, searchText: 'fitzgerld' }));

    expect(vague).toMatchObject({ content: [], totalElements: 0 });
    expect(usual.content.map((card) => card.name)).toEqual(['Fitzgerald Joinery']);
  });

  it('collects matches the name-ordered walk finds too rarely, name matches still first', async () => {
    const church = await createChurch(db);
    for (let n = 10; n < 22; n += 1) await createTrade(db, { name: `Aa Bakery ${n}`, churchId: church.id });
    await createTrade(db, { name: 'Zy Roofing', brief: 'Gutters too.', churchId: church.id });
    await createTrade(db, { name: 'Zz Gutters', churchId: church.id });
    // A walk may check five rows only: none of the first five matches.
    const service = serviceWith({ rankedMatchLimit: 0, walkBudgetMin: 5, walkRowsPerMatch: 1, walkBudgetMax: 5 });

    const page = await service.searchListed(query({ churchId: church.id, searchText: 'gutters' }));

    expect(page.content.map((card) => card.name)).toEqual(['Zz Gutters', 'Zy Roofing']);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1 });
  });

  it('walks on from where its budget ran out when the matches it found say walking is cheaper', async () => {
    const church = await createChurch(db);
    for (const name of ['A1 Gutters', 'A2 Bakery', 'A3 Bakery', 'A4 Bakery', 'A5 Bakery', 'A6 Gutters', 'A7 Gutters']) {
      await createTrade(db, { name, churchId: church.id });
    }
    const walks: unknown[] = [];
    const service = serviceWith(
      { rankedMatchLimit: 0, walkBudgetMin: 3, walkRowsPerMatch: 1, walkBudgetMax: 20, collectCostInWalkedRows: 100 },
      {
        walkIdsByName: async (...args) => {
          walks.push(args[4]);
          return repo.walkIdsByName(...args);
        },
      },
    );

    const page = await service.searchListed(query({ churchId: church.id, searchText: 'gutters', size: 2 }));

    expect(page.content.map((card) => card.name)).toEqual(['A1 Gutters', 'A6 Gutters']);
    expect(walks[0]).toBeUndefined();
    expect(walks[1]).toMatchObject({ name: 'A3 Bakery' });
  });

  it('stops ranking at its limit when a search matches more than PostgreSQL estimated, and lists it in tiers', async () => {
    const church = await createChurch(db);
    await createTrade(db, { name: 'Aa Roofing', brief: 'Gutters, gutters, gutters.', churchId: church.id });
    await createTrade(db, { name: 'Bb Gutters', churchId: church.id });
    // ts_rank would put this one first: the word is in its name and its tags.
    await createTrade(db, { name: 'Cc Gutters', tags: 'gutters', churchId: church.id });
    const service = serviceWith({ rankedMatchLimit: 2 }, { estimate: async () => 1 });

    const page = await service.searchListed(query({ churchId: church.id, searchText: 'gutters' }));
    const ranked = await serviceWith({}).searchListed(query({ churchId: church.id, searchText: 'gutters' }));

    expect(page.content.map((card) => card.name)).toEqual(['Bb Gutters', 'Cc Gutters', 'Aa Roofing']);
    expect(page).toMatchObject({ totalElements: 3 });
    expect(ranked.content.map((card) => card.name)).toEqual(['Cc Gutters', 'Bb Gutters', 'Aa Roofing']);
  });
});

describe('the map of a text', () => {
  it('finds a match the name-ordered walk does not reach, and a typo read as a category word', async () => {
    const church = await createChurch(db);
    for (let n = 10; n < 16; n += 1) {
      const bakery = await createTrade(db, { name: `Aa Bakery ${n}`, churchId: church.id });
      await createAddress(db, bakery.id, { latitude: -33.87, longitude: 151.21 });
    }
    const roofing = await createCategoryPair(db, { name: 'Roofing' }, { name: 'Gutter Cleaning', tags: 'gutters' });
    const gutters = await createTrade(db, { name: 'Zz Gutters', churchId: church.id, ...inCategory(roofing) });
    await createAddress(db, gutters.id, { latitude: -33.87, longitude: 151.21 });
    // A walk may check two rows only: both bakeries.
    const service = serviceWith({ walkBudgetMin: 2, walkRowsPerMatch: 1, walkBudgetMax: 2 });
    const mapOf = async (searchText: string) => {
      const { page: _page, size: _size, ...mapQuery } = query({ churchId: church.id, searchText });
      const answer = await service.mapPoints(mapQuery);
      return mapPointsSchema.parse(JSON.parse(answer.json)).points.map((point) => point[1]);
    };

    expect(await mapOf('gutters')).toEqual(['Zz Gutters']);
    expect(await mapOf('gutetrs')).toEqual(['Zz Gutters']);
  });
});
