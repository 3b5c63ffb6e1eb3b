import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churches, trades } from '../../db/schema';
import {
  createAddress,
  createCategory,
  createCategoryPair,
  createPlumbingAndElectrical,
  createChurch,
  createOwner,
  createSocialMedia,
  createTrade,
  inCategory,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

// One vocabulary for the whole file: category names are unique per parent.
const { plumbing, electrical } = await createPlumbingAndElectrical(db);

interface CardJson {
  id: string;
  name: string;
  [field: string]: unknown;
}

async function clientFilter(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?${search.toString()}` });
  const body = response.json();
  const names: string[] = response.statusCode === 200 ? body.data.trades.content.map((card: CardJson) => card.name) : [];
  return { response, body, names };
}

async function getTrade(id: string) {
  const response = await app.inject({ method: 'GET', url: `/api/trades/${encodeURIComponent(id)}` });
  return { response, body: response.json() };
}

/** Every way a business can fail to be listed, each in its own fresh category so tests do not see each other. */
async function createUnlistedTrades(fields: Parameters<typeof createTrade>[1]) {
  const closedChurch = await createChurch(db, { enabled: false });
  return Promise.all([
    createTrade(db, { ...fields, name: 'Unlisted Pending', moderationStatus: 'PENDING' }),
    createTrade(db, { ...fields, name: 'Unlisted Rejected', moderationStatus: 'REJECTED' }),
    createTrade(db, { ...fields, name: 'Unlisted Unlisted', moderationStatus: 'UNLISTED' }),
    createTrade(db, { ...fields, name: 'Unlisted Disabled', enabled: false }),
    createTrade(db, { ...fields, name: 'Unlisted Locked', locked: true }),
    createTrade(db, { ...fields, name: 'Unlisted Expired', expired: true }),
    createTrade(db, { ...fields, name: 'Unlisted Closed Church', churchId: closedChurch.id }),
  ]);
}

describe('GET /api/trades/clientFilter: who is listed', () => {
  it('lists only approved, enabled, unlocked, unexpired businesses of enabled churches', async () => {
    const { main } = await createCategoryPair(db);
    const listed = await createTrade(db, { name: 'Listed Plumbing', mainCategoryId: main.id });
    await createUnlistedTrades({ mainCategoryId: main.id });

    const { response, body, names } = await clientFilter({ mCat: main.id, size: 50 });

    expect(response.statusCode).toBe(200);
    expect(body.status).toBe('OK');
    expect(names).toEqual([listed.name]);
    expect(body.data.trades.totalElements).toBe(1);
  });

  it('never finds an unlisted business by its words either', async () => {
    const church = await createChurch(db);
    await createUnlistedTrades({ churchId: church.id, brief: 'Quokka grooming' });
    const { names } = await clientFilter({ searchText: 'quokka grooming' });
    const { names: byName } = await clientFilter({ searchText: 'unlisted' });

    expect(names).toEqual([]);
    expect(byName).toEqual([]);
  });

  it("hides a church's businesses while the church is disabled and shows them again once enabled", async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { churchId: church.id });

    await db.update(churches).set({ enabled: false }).where(eq(churches.id, church.id));
    const whileDisabled = await clientFilter({ churchId: church.id });
    await db.update(churches).set({ enabled: true }).where(eq(churches.id, church.id));
    const onceEnabled = await clientFilter({ churchId: church.id });

    expect(whileDisabled.names).toEqual([]);
    expect(onceEnabled.names).toEqual([trade.name]);
  });

  it('lists a business once a moderator approves it, and not after it is locked', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { churchId: church.id, moderationStatus: 'PENDING' });

    const pending = await clientFilter({ churchId: church.id });
    await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, trade.id));
    const approved = await clientFilter({ churchId: church.id });
    await db.update(trades).set({ locked: true }).where(eq(trades.id, trade.id));
    const locked = await clientFilter({ churchId: church.id });

    expect(pending.names).toEqual([]);
    expect(approved.names).toEqual([trade.name]);
    expect(locked.names).toEqual([]);
  });
});

describe('GET /api/trades/clientFilter: filters', () => {
  it('filters by state', async () => {
    const { main } = await createCategoryPair(db);
    const darwin = await createTrade(db, { name: 'Darwin Roofing', stateType: 'NT', mainCategoryId: main.id });
    await createTrade(db, { name: 'Sydney Roofing', stateType: 'NSW', mainCategoryId: main.id });

    const { names } = await clientFilter({ stateType: 'NT', mCat: main.id });

    expect(names).toEqual([darwin.name]);
  });

  it('takes ALL, an empty state or no state as every state', async () => {
    const { main } = await createCategoryPair(db);
    await createTrade(db, { name: 'Hobart Tiling', stateType: 'TAS', mainCategoryId: main.id });
    await createTrade(db, { name: 'Perth Tiling', stateType: 'WA', mainCategoryId: main.id });

    for (const stateType of ['ALL', '', undefined]) {
      const { names } = await clientFilter({ mCat: main.id, ...(stateType === undefined ? {} : { stateType }) });
      expect(names).toEqual(['Hobart Tiling', 'Perth Tiling']);
    }
  });

  it('filters by church', async () => {
    const church = await createChurch(db);
    const ours = await createTrade(db, { churchId: church.id });
    await createTrade(db);

    const { names } = await clientFilter({ churchId: church.id });

    expect(names).toEqual([ours.name]);
  });

  it('filters by main category', async () => {
    const first = await createCategoryPair(db);
    const second = await createCategoryPair(db);
    const inFirst = await createTrade(db, inCategory(first));
    await createTrade(db, inCategory(second));

    const { names } = await clientFilter({ mCat: first.main.id });

    expect(names).toEqual([inFirst.name]);
  });

  it('filters by sub category', async () => {
    const { main, sub: bricklayer } = await createCategoryPair(db);
    const concreter = await createCategory(db, { parentId: main.id });
    const bricks = await createTrade(db, { mainCategoryId: main.id, categoryId: bricklayer.id });
    await createTrade(db, { mainCategoryId: main.id, categoryId: concreter.id });

    const { names } = await clientFilter({ sCat: bricklayer.id });

    expect(names).toEqual([bricks.name]);
  });

  it('finds nothing for a sub category that is not under the chosen main category', async () => {
    const pair = await createCategoryPair(db);
    const other = await createCategoryPair(db);
    await createTrade(db, inCategory(pair));

    const { response, names } = await clientFilter({ mCat: other.main.id, sCat: pair.sub.id });

    expect(response.statusCode).toBe(200);
    expect(names).toEqual([]);
  });

  it('combines state, church, main and sub category and text, each narrowing the others', async () => {
    const pair = await createCategoryPair(db);
    const other = await createCategoryPair(db);
    const church = await createChurch(db, { stateType: 'QLD' });
    const fields = { churchId: church.id, stateType: 'QLD' as const, ...inCategory(pair) };
    const wanted = await createTrade(db, { ...fields, name: 'Kookaburra Gutters' });
    await createTrade(db, { ...fields, name: 'Kookaburra Fencing' });
    await createTrade(db, { ...fields, ...inCategory(other), name: 'Kookaburra Gutters Two' });
    await createTrade(db, { ...inCategory(pair), name: 'Kookaburra Gutters Elsewhere', stateType: 'QLD' });

    const { names } = await clientFilter({
      stateType: 'QLD',
      churchId: church.id,
      mCat: pair.main.id,
      sCat: pair.sub.id,
      searchText: 'gutters',
    });
    const { names: wrongState } = await clientFilter({ stateType: 'VIC', churchId: church.id });

    expect(names).toEqual([wanted.name]);
    expect(wrongState).toEqual([]);
  });

  it('takes -1 and empty category and church ids as none chosen', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { churchId: church.id, ...inCategory(plumbing) });

    const { response, names } = await clientFilter({ churchId: church.id, mCat: -1, sCat: '' });
    const noChurch = await clientFilter({ churchId: -1, mCat: '', searchText: trade.name });

    expect(response.statusCode).toBe(200);
    expect(names).toEqual([trade.name]);
    expect(noChurch.names).toContain(trade.name);
  });
});

describe('GET /api/trades/clientFilter: text search', () => {
  it("finds a plumber by 'plumbing' through the category's words", async () => {
    const church = await createChurch(db);
    const plumber = await createTrade(db, {
      name: 'Harbour Pipes',
      brief: 'Fast and tidy, seven days.',
      churchId: church.id,
      ...inCategory(plumbing),
    });

    const { names } = await clientFilter({ searchText: 'plumbing', churchId: church.id });

    expect(names).toEqual([plumber.name]);
  });

  it("finds 'Electrician' from the prefix 'electri' still being typed", async () => {
    const church = await createChurch(db);
    const electrician = await createTrade(db, { name: 'Volt Electrician', churchId: church.id });

    const { names } = await clientFilter({ searchText: 'electri', churchId: church.id });

    expect(names).toEqual([electrician.name]);
  });

  it("finds electricians despite the typo 'electrcian'", async () => {
    const church = await createChurch(db);
    const electrician = await createTrade(db, { name: 'Bright Spark', churchId: church.id, ...inCategory(electrical) });

    const { names, body } = await clientFilter({ searchText: 'electrcian', churchId: church.id });

    expect(names).toEqual([electrician.name]);
    expect(body.data.trades.totalElements).toBe(1);
  });

  it('finds a business whose name is misspelt, the most alike first', async () => {
    const church = await createChurch(db);
    const fitzgerald = await createTrade(db, { name: 'Fitzgerald Joinery', churchId: church.id });
    await createTrade(db, { name: 'Fitzroy Joinery', churchId: church.id });

    const { names } = await clientFilter({ searchText: 'Fitzgerld', churchId: church.id });

    expect(names[0]).toBe(fitzgerald.name);
  });

  it('finds nothing, without failing, for words nothing resembles', async () => {
    const { response, body } = await clientFilter({ searchText: 'qwxzvbn jjjkkk' });

    expect(response.statusCode).toBe(200);
    expect(body.data.trades).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('needs every word: a business with only some of them is not found', async () => {
    const church = await createChurch(db);
    const both = await createTrade(db, { name: 'Wombat Gutter Cleaning', churchId: church.id });
    await createTrade(db, { name: 'Wombat Window Cleaning', churchId: church.id });

    const { names } = await clientFilter({ searchText: 'gutter cleaning', churchId: church.id });

    expect(names).toEqual([both.name]);
  });

  it('puts a business named for the words above one that only mentions them in its brief', async () => {
    const church = await createChurch(db);
    const named = await createTrade(db, { name: 'Zebra Gutters', brief: 'Seven days.', churchId: church.id });
    const mentioned = await createTrade(db, {
      name: 'Aardvark Roofing',
      brief: 'We also clear gutters.',
      churchId: church.id,
    });

    const { names } = await clientFilter({ searchText: 'gutters', churchId: church.id });

    expect(names).toEqual([named.name, mentioned.name]);
  });

  it('orders a search without text by name, then by id', async () => {
    const church = await createChurch(db);
    const twins = [
      await createTrade(db, { name: 'Bilby Bakery', churchId: church.id }),
      await createTrade(db, { name: 'Bilby Bakery', churchId: church.id }),
    ].sort((a, b) => a.id.localeCompare(b.id));
    const first = await createTrade(db, { name: 'Aardvark Bakery', churchId: church.id });

    const { body } = await clientFilter({ churchId: church.id });

    expect(body.data.trades.content.map((card: CardJson) => card.id)).toEqual([first.id, twins[0]!.id, twins[1]!.id]);
  });
});

describe('GET /api/trades/clientFilter: cards and pages', () => {
  it('shows what a card needs and nothing private', async () => {
    const owner = await createOwner(db, { firstName: 'Mary', lastName: 'Nguyen', phone: '0412 345 678' });
    const church = await createChurch(db, { name: 'St Card Check Parish' });
    const trade = await createTrade(db, {
      name: 'Card Check Electrical',
      ownerId: owner.id,
      churchId: church.id,
      website: 'https://card.example.com.au',
      publicEmail: 'office@card.example.com.au',
      ...inCategory(electrical),
    });
    await createAddress(db, trade.id, { fullAddress: '7 Volt St, Penrith NSW 2750' });

    const { body } = await clientFilter({ churchId: church.id });
    const [card] = body.data.trades.content;

    expect(card).toEqual({
      id: trade.id,
      name: 'Card Check Electrical',
      brief: trade.brief,
      logoUri: null,
      website: 'https://card.example.com.au',
      ownerEmail: 'office@card.example.com.au',
      ownerName: 'Mary Nguyen',
      ownerPhone: '0412 345 678',
      fullAddress: '7 Volt St, Penrith NSW 2750',
      stateType: 'NSW',
      churchName: 'St Card Check Parish',
      mainCategory: 'Electrical',
      subCategory: 'Electrician',
      online: false,
      badges: { abn: null, church: null, licence: null },
      rating: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|ownerId|moderation|locked|expired|listed|enabled/i);
    expect(JSON.stringify(body)).not.toContain(owner.email);
  });

  it('counts every match and pages through them in name order', async () => {
    const church = await createChurch(db);
    for (const name of ['Zeta Florist', 'Zeta Bakery', 'Zeta Carpentry', 'Zeta Dental', 'Zeta Events']) {
      await createTrade(db, { name, churchId: church.id });
    }
    const pages = await Promise.all([0, 1, 2, 3].map((page) => clientFilter({ churchId: church.id, page, size: 2 })));

    for (const [number, { body }] of pages.entries()) {
      expect(body.data.trades).toMatchObject({ number, size: 2, totalElements: 5, totalPages: 3 });
      expect(body.data.trades.totalIsEstimate).toBeUndefined();
    }
    expect(pages.map(({ names }) => names)).toEqual([
      ['Zeta Bakery', 'Zeta Carpentry'],
      ['Zeta Dental', 'Zeta Events'],
      ['Zeta Florist'],
      [],
    ]);
  });

  it('counts text matches exactly too, on every page', async () => {
    const church = await createChurch(db);
    for (const name of ['Gecko Tiling North', 'Gecko Tiling South', 'Gecko Tiling East']) {
      await createTrade(db, { name, churchId: church.id });
    }

    const { body } = await clientFilter({ churchId: church.id, searchText: 'gecko tiling', page: 1, size: 2 });
    const past = await clientFilter({ churchId: church.id, searchText: 'gecko tiling', page: 5, size: 2 });

    expect(body.data.trades).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(body.data.trades.content).toHaveLength(1);
    expect(past.body.data.trades).toMatchObject({ content: [], totalElements: 3, totalPages: 2 });
  });

  it('may be cached publicly if revalidated each time, and answers a repeat with If-None-Match with 304', async () => {
    const url = `/api/trades/clientFilter?churchId=${(await createTrade(db)).churchId}`;

    const first = await app.inject({ method: 'GET', url });
    const repeat = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });

    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
  });
});

describe('GET /api/trades/clientFilter: parameters it refuses or brings into range', () => {
  it.each([
    ['a negative page', { page: -1 }, { number: 0, size: 9 }],
    ['a page that is not a number', { page: 'abc' }, { number: 0 }],
    ['a page beyond any listing', { page: 5_000_000_000 }, { number: 1_000_000, content: [] }],
    ['a size of 0', { size: 0 }, { size: 1 }],
    ['a size of 500', { size: 500 }, { size: 50 }],
    ['a size that is not a number', { size: 'many' }, { size: 9 }],
  ])('brings %s into range', async (_case, query, expected) => {
    const { response, body } = await clientFilter(query);

    expect(response.statusCode).toBe(200);
    expect(body.data.trades).toMatchObject(expected);
  });

  it.each([
    ['an unknown state', { stateType: 'XYZ' }, 'stateType', 'State must be one of ALL, NSW, VIC, QLD, ACT, TAS, SA, NT, WA'],
    ['a state in lower case', { stateType: 'nsw' }, 'stateType', 'State must be one of ALL, NSW, VIC, QLD, ACT, TAS, SA, NT, WA'],
    ['SELECT as a state', { stateType: 'SELECT' }, 'stateType', 'State must be one of ALL, NSW, VIC, QLD, ACT, TAS, SA, NT, WA'],
    ['a church id that is not an id', { churchId: "1' or '1'='1" }, 'churchId', 'Church must be a church id'],
    ['a main category that is not a number', { mCat: 'plumbing' }, 'mCat', 'Category must be a category id'],
    ['a sub category beyond any id', { sCat: '99999999999' }, 'sCat', 'Category must be a category id'],
    ['a fractional category', { mCat: '1.5' }, 'mCat', 'Category must be a category id'],
  ])('refuses %s with 400 and says why', async (_case, query, field, message) => {
    const { response, body } = await clientFilter(query);

    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({ status: 'BAD_REQUEST', message });
    expect(body.data.errors).toContainEqual({ field, message });
  });

  // Each case in a church of its own with these two: what symbols leave no word of lists both.
  const plumber = 'Harbour Plumbing';
  const gardener = 'Possum Gardening';
  it.each([
    ['10,000 characters', 'plumbing '.repeat(1112).slice(0, 10_000), [plumber]],
    ['SQL', "'; drop table trades; --", []],
    ['unbalanced parentheses', '(((', [plumber, gardener]],
    ['regular-expression characters', '.*+?[', [plumber, gardener]],
    ['a backslash', '\\', [plumber, gardener]],
    ['LIKE wildcards', '%_', [plumber, gardener]],
    ['text-search operators', "plumb:* & !gas | 'x' <-> y", []],
    ['emoji', '🔧🪠 plumber 👍', [plumber]],
    ['a NUL character', 'plumb\u0000er', [plumber]],
    ['only words the text search ignores', 'the and of', []],
    ['unicode letters', 'Ñandú café Ελληνικά 日本語', []],
  ])('answers text with %s without failing, by its words alone', async (_case, searchText, expected) => {
    const church = await createChurch(db);
    await createTrade(db, { name: plumber, churchId: church.id, ...inCategory(plumbing) });
    await createTrade(db, { name: gardener, churchId: church.id });

    const { response, body, names } = await clientFilter({ searchText, churchId: church.id });

    expect(response.statusCode).toBe(200);
    expect(names).toEqual(expected);
    expect(body.data.trades.totalElements).toBe(expected.length);
  });

  it('still finds what the words say when symbols surround them', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { name: 'Possum Gardening', churchId: church.id });

    const { names } = await clientFilter({ searchText: "'; (possum) \\ %_ .*+?[ 🌿", churchId: church.id });

    expect(names).toEqual([trade.name]);
  });

  it('leaves the trades table in place after an injection attempt', async () => {
    const trade = await createTrade(db);
    await clientFilter({ searchText: "'; drop table trades; --" });

    expect((await getTrade(trade.id)).response.statusCode).toBe(200);
  });
});

describe('GET /api/trades/{id}', () => {
  it('shows a listed business with its public details', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, {
      churchId: church.id,
      service: 'Blocked drains and hot water.',
      tags: 'drains, hot water',
      atClient: true,
      businessKind: 'JOINT_VENTURE',
      ...inCategory(plumbing),
    });

    const { response, body } = await getTrade(trade.id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(body.data.trade).toMatchObject({
      id: trade.id,
      name: trade.name,
      service: 'Blocked drains and hot water.',
      tags: 'drains, hot water',
      churchId: church.id,
      churchName: church.name,
      mainCategoryId: plumbing.main.id,
      categoryId: plumbing.sub.id,
      mainCategory: 'Plumbing & Gas',
      subCategory: 'Plumber',
      atClient: true,
      atBusiness: true,
      online: false,
      businessKind: 'JOINT_VENTURE',
    });
    expect(Object.keys(body.data.trade).sort()).toEqual(
      [
        ...['id', 'name', 'brief', 'logoUri', 'image', 'website', 'ownerEmail', 'ownerName', 'ownerPhone', 'fullAddress'],
        ...['stateType', 'churchName', 'mainCategory', 'subCategory', 'online', 'service', 'tags', 'churchId'],
        ...['mainCategoryId', 'categoryId', 'atClient', 'atBusiness', 'socialMedias', 'latitude', 'longitude'],
        ...['businessKind', 'badges', 'replyTime', 'rating'],
      ].sort(),
    );
  });

  it('gives every social media link of the business, oldest first, with the link each stands for', async () => {
    const trade = await createTrade(db);
    // Stored a second apart: entries stored within one clock tick would have no order between them.
    const storedAt = (second: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, second));
    await createSocialMedia(db, trade.id, { mediaType: 'FACEBOOK', name: 'parishplumbing', createdAt: storedAt(1) });
    await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'https://plumbing.example.com.au', createdAt: storedAt(2) });
    await createSocialMedia(db, trade.id, { mediaType: 'INSTAGRAM', name: 'https://www.instagram.com/parish.plumbing', createdAt: storedAt(3) });
    // Stored before references were checked: it names no link, so the public page has none to show.
    await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'not a link', createdAt: storedAt(4) });
    const other = await createTrade(db);
    await createSocialMedia(db, other.id, { mediaType: 'TIKTOK', name: 'someoneelse' });

    const { body } = await getTrade(trade.id);

    expect(body.data.trade.socialMedias).toEqual([
      { mediaType: 'FACEBOOK', name: 'parishplumbing', url: 'https://www.facebook.com/parishplumbing' },
      { mediaType: 'WEBSITE', name: 'https://plumbing.example.com.au', url: 'https://plumbing.example.com.au' },
      {
        mediaType: 'INSTAGRAM',
        name: 'https://www.instagram.com/parish.plumbing',
        url: 'https://www.instagram.com/parish.plumbing',
      },
    ]);
  });

  it('gives where the map pin goes: the address, the suburb when the street is private, none online-only', async () => {
    const place = { latitude: -33.815123, longitude: 151.001987 };
    const whole = await createTrade(db);
    await createAddress(db, whole.id, place);
    const privateStreet = await createTrade(db);
    await createAddress(db, privateStreet.id, { ...place, showStreetAddress: false });
    const onlineOnly = await createTrade(db, { online: true, atClient: false, atBusiness: false });
    await createAddress(db, onlineOnly.id, place);
    const addressless = await createTrade(db);

    const pins = await Promise.all(
      [whole, privateStreet, onlineOnly, addressless].map(async (trade) => {
        const { body } = await getTrade(trade.id);
        return [body.data.trade.latitude, body.data.trade.longitude];
      }),
    );

    expect(pins).toEqual([
      [-33.815123, 151.001987],
      [-33.82, 151],
      [null, null],
      [null, null],
    ]);
  });

  it('answers 404 for every business that is not listed', async () => {
    const unlisted = await createUnlistedTrades({});

    for (const trade of unlisted) {
      const { response, body } = await getTrade(trade.id);
      expect(response.statusCode, trade.name).toBe(404);
      expect(body).toMatchObject({ status: 'NOT_FOUND', message: 'Trade not found' });
    }
  });

  it.each([
    ['an unknown id', '6f1c2b1e-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-trade'],
    ['an injection attempt', "1' or '1'='1"],
    ['a very long id', 'x'.repeat(5000)],
  ])('answers 404 for %s', async (_case, id) => {
    const { response, body } = await getTrade(id);

    expect(response.statusCode).toBe(404);
    expect(body.status).toBe('NOT_FOUND');
  });
});
