import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churches } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}, account: Parameters<typeof createAccount>[1] = {}) {
  const owner = await createAccount(db, account);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

async function ownTrade(trade: Parameters<typeof createTrade>[1]) {
  const { owner, browser } = await ownerWithTrade(trade);
  return (await browser.get(`/api/trades/byUser/${owner.id}`)).json().data.trade;
}

describe('GET /api/trades/byUser/{userId}', () => {
  it("answers the user's own business with its church, categories and owner", async () => {
    const pair = await createCategoryPair(db, { name: 'Garden Care' }, { name: 'Landscaper', tags: 'lawns, hedges' });
    const church = await createChurch(db, { name: 'St Anne Ryde', stateType: 'NSW', suburb: 'Ryde' });
    const { owner, trade, browser } = await ownerWithTrade(
      { churchId: church.id, ...inCategory(pair), service: 'Mowing', tags: 'green', atClient: true, website: 'https://anne.example.com.au' },
      { firstName: 'Anne', lastName: 'Lee', phone: '0400 999 888' },
    );

    const response = await browser.get(`/api/trades/byUser/${owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.tradeFound });
    expect(response.json().data.trade).toEqual({
      id: trade.id,
      name: trade.name,
      brief: trade.brief,
      service: 'Mowing',
      tags: 'green',
      mainCategoryId: pair.main.id,
      categoryId: pair.sub.id,
      mainCategory: 'Garden Care',
      subCategory: 'Landscaper',
      systemTags: 'Garden Care, Landscaper, lawns, hedges',
      stateType: 'NSW',
      churchId: church.id,
      churchName: 'St Anne Ryde',
      churchGeo: 'Ryde NSW',
      priest: null,
      businessKind: null,
      abn: null,
      abnCheck: null,
      licence: null,
      logoUri: null,
      image: null,
      website: 'https://anne.example.com.au',
      publicEmail: null,
      atClient: true,
      atBusiness: true,
      online: false,
      enabled: true,
      locked: false,
      expired: false,
      listingState: 'LISTED',
      stillTrading: { askedAt: null, expiresOn: null, expiredForNoAnswer: false },
      moderationReason: null,
      owner: { userId: owner.id, name: 'Anne Lee', email: owner.email, phone: '0400 999 888', role: 'TRADER' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a null trade while the user has no business', async () => {
    const owner = await createAccount(db);
    const browser = await loggedInBrowser(app, db, owner.id);

    const response = await browser.get(`/api/trades/byUser/${owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.noTradeYet, data: { trade: null } });
  });

  it('shows a read-only USER their business', async () => {
    const { owner, trade, browser } = await ownerWithTrade({}, { role: 'USER' });

    const response = await browser.get(`/api/trades/byUser/${owner.id}`);

    expect(response.json().data.trade).toMatchObject({ id: trade.id, owner: { role: 'USER' } });
  });

  it("refuses another user's business with 403", async () => {
    const { browser } = await ownerWithTrade();
    const other = await ownerWithTrade();

    const response = await browser.get(`/api/trades/byUser/${other.owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourTradeToView });
    expect(JSON.stringify(response.json())).not.toContain(other.trade.id);
  });

  it('shows any business to an administrator', async () => {
    const { owner, trade } = await ownerWithTrade();
    const admin = await createAccount(db, { role: 'ADMIN' });

    const response = await (await loggedInBrowser(app, db, admin.id)).get(`/api/trades/byUser/${owner.id}`);

    expect(response.json().data.trade.id).toBe(trade.id);
  });

  it('refuses a malformed user id with 400', async () => {
    const { browser } = await ownerWithTrade();

    const response = await browser.get("/api/trades/byUser/1' or '1'='1");

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });

  it('wants a session', async () => {
    const { owner } = await ownerWithTrade();

    const response = await testBrowser(app).get(`/api/trades/byUser/${owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
  });
});

describe('the listing state an owner sees', () => {
  it.each([
    ['PENDING', { moderationStatus: 'PENDING' as const }],
    ['LISTED', { moderationStatus: 'APPROVED' as const }],
    ['UNLISTED', { moderationStatus: 'UNLISTED' as const }],
    ['HIDDEN', { enabled: false }],
    ['HIDDEN', { locked: true }],
    ['HIDDEN', { expired: true }],
  ])('is %s for %o', async (listingState, fields) => {
    expect((await ownTrade(fields)).listingState).toBe(listingState);
  });

  it("is REJECTED with the moderator's reason", async () => {
    const trade = await ownTrade({ moderationStatus: 'REJECTED', moderationReason: 'Please describe the services.' });

    expect(trade).toMatchObject({ listingState: 'REJECTED', moderationReason: 'Please describe the services.' });
  });

  it('is HIDDEN for an approved business while its church is disabled', async () => {
    const church = await createChurch(db);
    const { owner, browser } = await ownerWithTrade({ churchId: church.id });
    await db.update(churches).set({ enabled: false }).where(eq(churches.id, church.id));

    const response = await browser.get(`/api/trades/byUser/${owner.id}`);

    expect(response.json().data.trade.listingState).toBe('HIDDEN');
  });

  it('shows the church by its state alone when its suburb is not known', async () => {
    const church = await createChurch(db, { stateType: 'TAS', suburb: null });

    expect((await ownTrade({ churchId: church.id, stateType: 'TAS' })).churchGeo).toBe('TAS');
  });
});

describe('the API document', () => {
  it("describes the owner's business, address and social media routes", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/trades/new',
        '/api/trades/byUser/{userId}',
        '/api/trades/updateTradeProfile',
        '/api/trades/toggleLocked',
        '/api/trades/logo',
        '/api/address/create',
        '/api/address/delete/{id}',
        '/api/socialMedia/create',
        '/api/socialMedia/searchByReferenceId/{id}',
      ]),
    );
  });
});
