import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type TradeAdminRow, tradeAdminSearchQuerySchema } from '@churchtrades/shared/trade-admin';
import { describe, expect, it } from 'vitest';
import { createActor, createChurch, createOwner, createTrade } from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { createTradeAdminRepo } from './repo';
import { createTradeAdminService } from './service';

const { app, database } = await createTestApp();
const db = database.db;

const admin = await loggedInBrowser(app, db, (await createOwner(db, { role: 'ADMIN' })).id);

/** A word no other test's businesses carry, to put in this test's names and search for. */
function newTag(): string {
  return `tag${randomUUID().slice(0, 8)}`;
}

async function search(params: Record<string, string>) {
  const response = await admin.get(`/api/trades/searchTrade?${new URLSearchParams(params).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.trades as { content: TradeAdminRow[]; totalElements: number; totalPages: number };
}

async function namesFound(params: Record<string, string>): Promise<string[]> {
  return (await search(params)).content.map((trade) => trade.name);
}

describe('GET /api/trades/searchTrade', () => {
  it('finds every business whose name contains the text, listed or not, by name', async () => {
    const tag = newTag();
    await createTrade(db, { name: `Zion Plumbing ${tag}` });
    await createTrade(db, { name: `Abel Electrics ${tag}`, moderationStatus: 'PENDING' });
    await createTrade(db, { name: `Mercy Carpentry ${tag}`, locked: true });
    await createTrade(db, { name: 'Unrelated Business' });

    expect(await namesFound({ name: tag.toUpperCase() })).toEqual([
      `Abel Electrics ${tag}`,
      `Mercy Carpentry ${tag}`,
      `Zion Plumbing ${tag}`,
    ]);
  });

  it("finds a business by its owner's name or e-mail", async () => {
    const tag = newTag();
    const byName = await createOwner(db, { lastName: `Owner${tag}` });
    const byEmail = await createOwner(db, { email: `${tag}@example.com.au` });
    await createTrade(db, { ownerId: byName.id, name: `Bakery ${tag.slice(3)}` });
    await createTrade(db, { ownerId: byEmail.id, name: `Cafe ${tag.slice(3)}` });

    expect(await namesFound({ name: tag })).toEqual([`Bakery ${tag.slice(3)}`, `Cafe ${tag.slice(3)}`]);
  });

  it('takes % and _ in the text literally', async () => {
    const tag = newTag();
    await createTrade(db, { name: `100%_${tag}` });
    await createTrade(db, { name: `100ab${tag}` });

    expect(await namesFound({ name: `100%_${tag}` })).toEqual([`100%_${tag}`]);
  });

  it('finds by state, ALL or empty meaning every state', async () => {
    const tag = newTag();
    await createTrade(db, { name: `A ${tag}`, stateType: 'WA' });
    await createTrade(db, { name: `B ${tag}`, stateType: 'NT' });

    expect(await namesFound({ name: tag, stateType: 'WA' })).toEqual([`A ${tag}`]);
    expect(await namesFound({ name: tag, stateType: 'ALL' })).toEqual([`A ${tag}`, `B ${tag}`]);
    expect(await namesFound({ name: tag, stateType: '' })).toEqual([`A ${tag}`, `B ${tag}`]);
  });

  it.each(['PENDING', 'APPROVED', 'REJECTED', 'UNLISTED'] as const)('finds by the status %s', async (status) => {
    const tag = newTag();
    for (const other of ['PENDING', 'APPROVED', 'REJECTED', 'UNLISTED'] as const) {
      await createTrade(db, { name: `${other} ${tag}`, moderationStatus: other });
    }

    expect(await namesFound({ name: tag, status })).toEqual([`${status} ${tag}`]);
    expect(await namesFound({ name: tag, status: '' })).toHaveLength(4);
  });

  it('answers a page at a time, with the count of every business found', async () => {
    const tag = newTag();
    for (const letter of ['A', 'B', 'C', 'D', 'E']) await createTrade(db, { name: `${letter} ${tag}` });

    const page = await search({ name: tag, page: '2', size: '2' });

    expect(page).toMatchObject({ number: 2, size: 2, totalElements: 5, totalPages: 3 });
    expect(page.content.map((trade) => trade.name)).toEqual([`E ${tag}`]);
  });

  it('shows each business with its church, owner, status and switches', async () => {
    const tag = newTag();
    const church = await createChurch(db, { name: `St Jude ${tag}` });
    const owner = await createOwner(db, { firstName: 'Ruth', lastName: 'Baker' });
    const trade = await createTrade(db, {
      name: `Ruth's Bakery ${tag}`,
      churchId: church.id,
      ownerId: owner.id,
      stateType: 'VIC',
      moderationStatus: 'APPROVED',
      expired: true,
    });

    const [row] = (await search({ name: tag })).content;

    expect(row).toEqual({
      id: trade.id,
      name: trade.name,
      stateType: 'VIC',
      churchName: church.name,
      ownerName: 'Ruth Baker',
      ownerEmail: owner.email,
      status: 'APPROVED',
      listed: false,
      enabled: true,
      locked: false,
      expired: true,
      createdAt: trade.createdAt.toISOString(),
    });
  });

  it('refuses an unknown status or state with 400', async () => {
    expect((await admin.get('/api/trades/searchTrade?status=LISTED')).json()).toMatchObject({
      statusCode: 400,
      message: MESSAGES.chooseModerationStatus,
    });
    expect((await admin.get('/api/trades/searchTrade?stateType=Victoria')).statusCode).toBe(400);
  });

  it('is kept by no cache', async () => {
    expect((await admin.get('/api/trades/searchTrade')).headers['cache-control']).toBe('no-store');
  });

  it('answers 401 to a visitor', async () => {
    expect((await testBrowser(app).get('/api/trades/searchTrade')).statusCode).toBe(401);
  });

  it.each(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR'] as const)('answers 403 to a %s', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role, governedState: 'NSW' })).id);

    const response = await browser.get('/api/trades/searchTrade');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.forbidden });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['DEVELOPER', 'SUPER'] as const)('lets a %s in, to the businesses an administrator finds', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role })).id);
    const tag = newTag();
    await createTrade(db, { name: `Jubilee Tiling ${tag}`, moderationStatus: 'PENDING' });

    const response = await browser.get(`/api/trades/searchTrade?name=${tag}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.trades.content.map((trade: TradeAdminRow) => trade.name)).toEqual([`Jubilee Tiling ${tag}`]);
  });
});

describe('the API document', () => {
  it('describes the business search of administrators', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(Object.keys(response.json().paths)).toContain('/api/trades/searchTrade');
  });
});

describe('the business administration service, whoever calls it', () => {
  const tradeAdmin = createTradeAdminService(createTradeAdminRepo(db));

  it('refuses a trader the search', async () => {
    const trader = await createActor(db, 'TRADER');

    await expectRefused([() => tradeAdmin.search(trader, tradeAdminSearchQuerySchema.parse({}))]);
  });

  it('finds businesses for an administrator', async () => {
    const tag = newTag();
    await createTrade(db, { name: `Hope Glazing ${tag}` });

    const page = await tradeAdmin.search(await createActor(db, 'ADMIN'), tradeAdminSearchQuerySchema.parse({ name: tag }));

    expect(page.content.map((trade) => trade.name)).toEqual([`Hope Glazing ${tag}`]);
  });
});
