import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createCategory, createCategoryPair, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { tradeSearchKeywords } from '../trades/search-keywords';

const { app, database } = await createTestApp();
const db = database.db;

const plumbing = await createCategoryPair(
  db,
  { name: 'Plumbing & Gas', tags: 'plumbing, gas' },
  { name: 'Plumber', tags: 'plumber, blocked drains' },
);
const church = await createChurch(db, { name: 'St Brigid Bankstown', stateType: 'NSW', suburb: 'Bankstown' });

function newTrade(fields: Record<string, unknown> = {}) {
  return {
    name: 'Brigid Plumbing',
    brief: 'Blocked drains cleared the same day.',
    mainCategoryId: plumbing.main.id,
    categoryId: plumbing.sub.id,
    stateType: 'NSW',
    churchId: church.id,
    ...fields,
  };
}

async function trader(fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, fields);
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

async function tradesOf(ownerId: string) {
  return db.select().from(trades).where(eq(trades.ownerId, ownerId));
}

describe('POST /api/trades/new', () => {
  it("creates the user's business, pending approval and enabled, and answers it as the owner sees it", async () => {
    const { account, browser } = await trader({ firstName: 'Brigid', lastName: 'Walsh', phone: '0400 111 222' });

    const response = await browser.post('/api/trades/new', newTrade());

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ statusCode: 201, status: 'CREATED', message: MESSAGES.tradeCreated });
    const trade = response.json().data.trade;
    expect(trade).toMatchObject({
      name: 'Brigid Plumbing',
      brief: 'Blocked drains cleared the same day.',
      service: '',
      tags: '',
      mainCategoryId: plumbing.main.id,
      categoryId: plumbing.sub.id,
      mainCategory: 'Plumbing & Gas',
      subCategory: 'Plumber',
      systemTags: 'Plumbing & Gas, Plumber, plumber, blocked drains',
      stateType: 'NSW',
      churchId: church.id,
      churchName: 'St Brigid Bankstown',
      churchGeo: 'Bankstown NSW',
      logoUri: null,
      website: null,
      enabled: true,
      locked: false,
      expired: false,
      listingState: 'PENDING',
      moderationReason: null,
      owner: { userId: account.id, name: 'Brigid Walsh', email: account.email, phone: '0400 111 222', role: 'TRADER' },
    });
    const [row] = await tradesOf(account.id);
    expect(row).toMatchObject({ id: trade.id, moderationStatus: 'PENDING', enabled: true, listed: false });
    expect(row!.searchKeywords).toBe(tradeSearchKeywords({ mainCategory: plumbing.main, subCategory: plumbing.sub }));
  });

  it('takes a main category alone and a category id sent as a string', async () => {
    const { browser } = await trader();
    const { categoryId: _categoryId, ...mainOnly } = newTrade({ mainCategoryId: String(plumbing.main.id) });

    const response = await browser.post('/api/trades/new', mainOnly);

    expect(response.statusCode).toBe(201);
    expect(response.json().data.trade).toMatchObject({ mainCategoryId: plumbing.main.id, categoryId: null, subCategory: null });
  });

  it("implies the main category from a sub category, and the state from the church, as SPEC's fields carry them", async () => {
    const { browser } = await trader();
    const specFields = { churchId: church.id, categoryId: plumbing.sub.id, name: 'Brigid Drains', brief: 'Drains cleared.', service: '', tags: '' };

    const response = await browser.post('/api/trades/new', specFields);

    expect(response.statusCode).toBe(201);
    expect(response.json().data.trade).toMatchObject({
      mainCategoryId: plumbing.main.id,
      categoryId: plumbing.sub.id,
      stateType: 'NSW',
    });
  });

  it('accepts a main category alone sent as the category', async () => {
    const { browser } = await trader();
    const { mainCategoryId: _main, ...body } = newTrade({ categoryId: plumbing.main.id });

    const response = await browser.post('/api/trades/new', body);

    expect(response.json().data.trade).toMatchObject({ mainCategoryId: plumbing.main.id, categoryId: null, subCategory: null });
  });

  it('keeps service and tags sent at creation, and the kind of business and public e-mail', async () => {
    const { account, browser } = await trader();

    const response = await browser.post(
      '/api/trades/new',
      newTrade({
        service: ' Blocked drains\nHot water ',
        tags: 'drains, gas',
        businessKind: 'SOLE_TRADER',
        publicEmail: 'hello@brigid.example.com.au',
      }),
    );

    expect(response.json().data.trade).toMatchObject({
      service: 'Blocked drains\nHot water',
      tags: 'drains, gas',
      businessKind: 'SOLE_TRADER',
      publicEmail: 'hello@brigid.example.com.au',
    });
    const [row] = await tradesOf(account.id);
    expect(row).toMatchObject({ service: 'Blocked drains\nHot water', tags: 'drains, gas', businessKind: 'SOLE_TRADER' });
  });

  it('refuses a business without any category with 400', async () => {
    const { account, browser } = await trader();
    const { mainCategoryId: _main, categoryId: _sub, ...body } = newTrade();

    const response = await browser.post('/api/trades/new', body);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.chooseMainCategory });
    expect(await tradesOf(account.id)).toEqual([]);
  });

  it('trims the name and brief and drops characters the database cannot hold', async () => {
    const { browser } = await trader();

    const response = await browser.post('/api/trades/new', newTrade({ name: '  Brigid\u0000 Gas  ', brief: ' Hot water. ' }));

    expect(response.json().data.trade).toMatchObject({ name: 'Brigid Gas', brief: 'Hot water.' });
  });

  it('refuses a second business of the same owner with 409 and keeps the first', async () => {
    const { account, browser } = await trader();
    await browser.post('/api/trades/new', newTrade({ name: 'First Business' }));

    const response = await browser.post('/api/trades/new', newTrade({ name: 'Second Business' }));

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.tradeAlreadyExists });
    expect((await tradesOf(account.id)).map((row) => row.name)).toEqual(['First Business']);
  });

  it('answers the business it made, and makes one, when the same form is sent again', async () => {
    const { account, browser } = await trader();
    const first = await browser.post('/api/trades/new', newTrade());

    const again = await browser.post('/api/trades/new', newTrade({ name: ' Brigid Plumbing ' }));

    expect(again.statusCode).toBe(201);
    expect(again.json().data.trade).toEqual(first.json().data.trade);
    expect(await tradesOf(account.id)).toHaveLength(1);
  });

  it('refuses a business for an owner who has one from before with 409', async () => {
    const { account, browser } = await trader();
    await createTrade(db, { ownerId: account.id });

    const response = await browser.post('/api/trades/new', newTrade());

    expect(response.statusCode).toBe(409);
  });

  it.each([
    ['a state other than the church’s', () => newTrade({ stateType: 'VIC' }), MESSAGES.stateNotChurchState],
    ['a sub category of another main category', async () => newTrade({ categoryId: (await createCategoryPair(db)).sub.id }), MESSAGES.chooseSubCategoryOfMain],
    ['a sub category as the main category', () => newTrade({ mainCategoryId: plumbing.sub.id }), MESSAGES.chooseMainCategory],
    ['a main category that does not exist', () => newTrade({ mainCategoryId: 987_654 }), MESSAGES.chooseMainCategory],
    ['a main category beyond any id', () => newTrade({ mainCategoryId: '99999999999' }), MESSAGES.chooseMainCategory],
    ['another main category in place of the sub category', async () => newTrade({ categoryId: (await createCategory(db)).id }), MESSAGES.chooseSubCategoryOfMain],
    ['a category that does not exist', () => newTrade({ mainCategoryId: undefined, categoryId: 987_654 }), MESSAGES.chooseCategory],
    ['a kind of business SPEC does not name', () => newTrade({ businessKind: 'TRUST' }), MESSAGES.chooseBusinessKind],
    ['a church that does not exist', () => newTrade({ churchId: '00000000-0000-4000-8000-000000000000' }), MESSAGES.chooseChurch],
    ['a disabled church', async () => newTrade({ churchId: (await createChurch(db, { enabled: false })).id }), MESSAGES.churchNotAvailable],
    ['a name of spaces only', () => newTrade({ name: '      ' }), MESSAGES.nameRequired],
  ])('refuses %s with 400 and creates nothing', async (_case, body, message) => {
    const { account, browser } = await trader();

    const response = await browser.post('/api/trades/new', await body());

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message });
    expect(await tradesOf(account.id)).toEqual([]);
  });

  it.each([
    ['a 10,000-character name', newTrade({ name: 'N'.repeat(10_000) }), 'name', MESSAGES.nameTooLong],
    ['a 10,000-character brief', newTrade({ brief: 'B'.repeat(10_000) }), 'brief', MESSAGES.briefTooLong],
    ['a word for the main category', newTrade({ mainCategoryId: 'plumbing' }), 'mainCategoryId', MESSAGES.chooseMainCategory],
    ['a malformed church id', newTrade({ churchId: "1' or '1'='1" }), 'churchId', MESSAGES.chooseChurch],
    ['SELECT as the state', newTrade({ stateType: 'SELECT' }), 'stateType', MESSAGES.chooseState],
    ['no name', { ...newTrade(), name: undefined }, 'name', MESSAGES.nameRequired],
  ])('refuses %s with 400 and says which field', async (_case, body, field, message) => {
    const { browser } = await trader();

    const response = await browser.post('/api/trades/new', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });

  it('refuses a read-only USER with 403', async () => {
    const { account, browser } = await trader({ role: 'USER' });

    const response = await browser.post('/api/trades/new', newTrade());

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.readOnlyAccount });
    expect(await tradesOf(account.id)).toEqual([]);
  });

  it('wants a session', async () => {
    const response = await testBrowser(app).post('/api/trades/new', newTrade());

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
  });
});
