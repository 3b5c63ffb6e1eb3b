import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { abnLookups, trades } from '../../db/schema';
import { startAbrRegister, TEST_ABNS } from '../../../test/abr-register';
import { createAccount, createCategoryPair, createTrade, inCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const [ACTIVE, CANCELLED, OTHER_NAME, UNKNOWN, SLOW, SOLE, RENAMED, LISTED] = TEST_ABNS;

const register = await startAbrRegister({
  records: [
    { abn: ACTIVE, status: 'Active', entityName: 'HARBOUR LIGHTS PLUMBING PTY LTD' },
    { abn: CANCELLED, status: 'Cancelled', entityName: 'Closed Doors Pty Ltd' },
    { abn: OTHER_NAME, status: 'Active', entityName: 'SOMEONE ELSE HOLDINGS PTY LTD', businessNames: ['Other Trade'] },
    { abn: SLOW, status: 'Active', entityName: 'Slow Answers Pty Ltd' },
    { abn: SOLE, status: 'Active', entityName: 'MCALLISTER, Ruth Anne' },
    { abn: RENAMED, status: 'Active', entityName: 'Renamed Later Pty Ltd' },
    { abn: LISTED, status: 'Active', entityName: 'New Listing Electrical' },
  ],
  slowAbns: [SLOW],
  slowMs: 5000,
});
afterAll(() => register.stop());

const { app, database } = await createTestApp({
  backgroundWork: false,
  abr: { guid: register.guid, url: register.url, timeoutMs: 400 },
});
const db = database.db;
const plumbing = await createCategoryPair(db, { name: 'Plumbing' }, { name: 'Plumber' });

async function ownerWithTrade(fields: Parameters<typeof createTrade>[1] = {}, owner: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, owner);
  const trade = await createTrade(db, { ...inCategory(plumbing), ...fields, ownerId: account.id });
  return { trade, browser: await loggedInBrowser(app, db, account.id) };
}

function profileOf(trade: { id: string; churchId: string; name: string }, fields: Record<string, unknown>) {
  return { tradeId: trade.id, churchId: trade.churchId, categoryId: plumbing.sub.id, name: trade.name, brief: 'Friendly local business serving the parish and beyond.', ...fields };
}

async function stored(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe("an owner's ABN checked with the register", () => {
  it('is verified when active and registered to the business, whatever "Pty Ltd" and case', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Harbour Lights Plumbing' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: '51 824 753 556' }));

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.tradeUpdated,
      data: {
        trade: {
          abn: ACTIVE,
          abnCheck: { status: 'ACTIVE', registeredName: 'HARBOUR LIGHTS PLUMBING PTY LTD', checkedAt: expect.any(String) },
        },
      },
    });
    const row = await stored(trade.id);
    expect(row).toMatchObject({ abn: ACTIVE, abnStatus: 'ACTIVE', moderationStatus: 'APPROVED', changedSinceApproval: false });
    expect(row.verifiedUntil).not.toBeNull();
  });

  it('is CANCELLED when the register lists it cancelled, and not verified', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Closed Doors' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: CANCELLED }));

    expect(response.json().data.trade.abnCheck).toMatchObject({ status: 'CANCELLED' });
    expect((await stored(trade.id)).verifiedUntil).toBeNull();
  });

  it('is MISMATCH, naming the registered name, when active under another name', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Bright Pipes' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: OTHER_NAME }));

    expect(response.json().data.trade.abnCheck).toMatchObject({ status: 'MISMATCH', registeredName: 'SOMEONE ELSE HOLDINGS PTY LTD' });
    expect((await stored(trade.id)).verifiedUntil).toBeNull();
  });

  it('is NOT_FOUND when the register knows no such ABN', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: UNKNOWN }));

    expect(response.json().data.trade.abnCheck).toMatchObject({ status: 'NOT_FOUND', registeredName: null });
  });

  it("takes a sole trader's ABN registered to its owner", async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Ruth Fixes Taps' }, { firstName: 'Ruth', lastName: 'McAllister' });

    const asCompany = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: SOLE, businessKind: 'COMPANY' }));
    const asSoleTrader = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { businessKind: 'SOLE_TRADER' }));

    expect(asCompany.json().data.trade.abnCheck.status).toBe('MISMATCH');
    expect(asSoleTrader.json().data.trade.abnCheck).toMatchObject({ status: 'ACTIVE', registeredName: 'MCALLISTER, Ruth Anne' });
  });

  it("is checked again at once when a sole trader's owner changes their name", async () => {
    const { trade, browser } = await ownerWithTrade(
      { name: 'Ruth Mends Roofs', businessKind: 'SOLE_TRADER' },
      { firstName: 'Ruth', lastName: 'McAllister', email: 'ruth.mcallister@example.com', bio: 'Roofer', phone: '0400000000' },
    );
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: SOLE }));
    expect((await stored(trade.id)).abnStatus).toBe('ACTIVE');

    const renamed = await browser.patch('/api/user/update', {
      firstName: 'Ruth',
      lastName: 'Brennan',
      email: 'ruth.mcallister@example.com',
      bio: 'Roofer of the parish',
      phone: '0400000000',
    });

    expect(renamed.statusCode).toBe(200);
    expect(await stored(trade.id)).toMatchObject({ abnStatus: 'MISMATCH', verifiedUntil: null });
  });

  it('is checked again at once when the business is renamed, from the answer kept for a day', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Renamed Later' });
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: RENAMED }));
    const asked = register.asked.filter((abn) => abn === RENAMED).length;

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Renamed Since' }));

    expect(response.json().data.trade.abnCheck.status).toBe('MISMATCH');
    expect(register.asked.filter((abn) => abn === RENAMED)).toHaveLength(asked);
  });

  it('keeps the ABN when absent, and removes it when empty', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Harbour Lights Plumbing' });
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: ACTIVE }));

    const kept = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, {}));
    const removed = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: '' }));

    expect(kept.json().data.trade).toMatchObject({ abn: ACTIVE, abnCheck: { status: 'ACTIVE' } });
    expect(removed.json().data.trade).toMatchObject({ abn: null, abnCheck: null });
    expect(await stored(trade.id)).toMatchObject({ abnStatus: null, abnCheckedAt: null, verifiedUntil: null });
  });

  it('refuses digits that fail the check, with the form\'s message', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: '51824753557' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: 'abn', message: MESSAGES.abnInvalid }]);
  });

  it('checks the ABN a new business is listed with', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { churchId } = await createTrade(db);

    const response = await browser.post('/api/trades/new', {
      name: 'New Listing Electrical',
      brief: 'Wiring and lights for homes.',
      categoryId: plumbing.sub.id,
      churchId,
      abn: LISTED,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.trade.abnCheck).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('a register that does not answer in time', () => {
  it('leaves a new ABN waiting, saves the profile and tells the owner', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Slow Answers' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: SLOW, brief: 'Changed while waiting' }));

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(`${MESSAGES.tradeUpdated}. ${MESSAGES.abnRegisterWaiting}`);
    expect(response.json().data.trade).toMatchObject({ brief: 'Changed while waiting', abnCheck: { status: 'UNCHECKED', checkedAt: null } });
    const row = await stored(trade.id);
    expect(row.abnNextCheckAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves the last known state as it was', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Harbour Lights Plumbing' });
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { abn: ACTIVE }));
    const before = await stored(trade.id);
    await db.delete(abnLookups).where(eq(abnLookups.abn, ACTIVE));
    register.slowDown(ACTIVE);

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Harbour Lights Plumbing Co' }));

    expect(response.json().message).toBe(`${MESSAGES.tradeUpdated}. ${MESSAGES.abnRegisterWaiting}`);
    expect(await stored(trade.id)).toMatchObject({
      name: 'Harbour Lights Plumbing Co',
      abnStatus: 'ACTIVE',
      abnCheckedAt: before.abnCheckedAt,
      abnRegisteredName: before.abnRegisteredName,
    });
  });
});
