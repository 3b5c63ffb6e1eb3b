import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import {
  createAccount,
  createAddress,
  createCategoryPair,
  createChurch,
  createTrade,
  inCategory,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';
import { tradeSearchKeywords } from '../trades/search-keywords';

const { app, database } = await createTestApp();
const db = database.db;

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas', tags: 'plumbing' }, { name: 'Plumber', tags: 'drains' });
const electrical = await createCategoryPair(db, { name: 'Electrical', tags: 'wiring' }, { name: 'Electrician', tags: 'lights' });

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...inCategory(plumbing), ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function profileOf(trade: { id: string; churchId: string }, fields: Record<string, unknown> = {}) {
  return {
    tradeId: trade.id,
    churchId: trade.churchId,
    categoryId: plumbing.sub.id,
    name: 'Harbour Pipes',
    brief: 'Fast and tidy, seven days.',
    service: 'Blocked drains',
    tags: 'pipes',
    ...fields,
  };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe('PATCH /api/trades/updateTradeProfile', () => {
  it('changes the profile, trimmed, and answers the business', async () => {
    const { trade, browser } = await ownerWithTrade({ moderationStatus: 'PENDING' });

    const response = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { name: '  Harbour Pipes ', brief: ' Fast. ', service: ' Drains\nHot water ', tags: ' pipes ' }),
    );

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.tradeUpdated });
    expect(response.json().data.trade).toMatchObject({
      id: trade.id,
      name: 'Harbour Pipes',
      brief: 'Fast.',
      service: 'Drains\nHot water',
      tags: 'pipes',
      listingState: 'PENDING',
    });
  });

  it("moves the business to its new church's state and its sub category's main category, and indexes them", async () => {
    const { trade, browser } = await ownerWithTrade();
    await createAddress(db, trade.id, { suburb: 'Fremantle' });
    const perth = await createChurch(db, { name: 'St Perth', stateType: 'WA', suburb: 'Perth' });

    const response = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { churchId: perth.id, categoryId: String(electrical.sub.id) }),
    );

    expect(response.json().data.trade).toMatchObject({
      stateType: 'WA',
      churchId: perth.id,
      churchGeo: 'Perth WA',
      mainCategoryId: electrical.main.id,
      categoryId: electrical.sub.id,
      systemTags: 'Electrical, Electrician, lights',
    });
    expect((await storedTrade(trade.id)).searchKeywords).toBe(
      tradeSearchKeywords({ mainCategory: electrical.main, subCategory: electrical.sub, suburb: 'Fremantle' }),
    );
  });

  it.each([
    ['no church and no category', { churchId: undefined, categoryId: undefined }],
    ['an empty church and category', { churchId: '', categoryId: '' }],
    ['-1 for both', { churchId: '-1', categoryId: -1 }],
  ])('keeps the church and category for %s, and the service and tags when left out', async (_case, fields) => {
    const { trade, browser } = await ownerWithTrade({ service: 'Old service', tags: 'old tags' });

    const response = await browser.patch('/api/trades/updateTradeProfile', {
      ...profileOf(trade, fields),
      service: undefined,
      tags: undefined,
    });

    expect(response.json().data.trade).toMatchObject({
      churchId: trade.churchId,
      mainCategoryId: plumbing.main.id,
      categoryId: plumbing.sub.id,
      service: 'Old service',
      tags: 'old tags',
    });
  });

  it('flags a change to an approved business for its moderators and keeps it listed', async () => {
    const { trade, browser } = await ownerWithTrade({ moderationStatus: 'APPROVED' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Renamed Pipes' }));

    expect(response.json().data.trade.listingState).toBe('LISTED');
    expect(await storedTrade(trade.id)).toMatchObject({ changedSinceApproval: true, listed: true, name: 'Renamed Pipes' });
  });

  it('does not flag a save that changes nothing, nor a business not yet approved', async () => {
    const approved = await ownerWithTrade({ moderationStatus: 'APPROVED', service: 'Blocked drains', tags: 'pipes', name: 'Harbour Pipes', brief: 'Fast and tidy, seven days.' });
    const pending = await ownerWithTrade({ moderationStatus: 'PENDING' });

    await approved.browser.patch('/api/trades/updateTradeProfile', profileOf(approved.trade));
    await pending.browser.patch('/api/trades/updateTradeProfile', profileOf(pending.trade, { name: 'Changed' }));

    expect((await storedTrade(approved.trade.id)).changedSinceApproval).toBe(false);
    expect((await storedTrade(pending.trade.id)).changedSinceApproval).toBe(false);
  });

  it("does not flag an administrator's change to someone else's business, nor a change at a church that does not moderate", async () => {
    const approved = await ownerWithTrade({ moderationStatus: 'APPROVED' });
    const unmoderated = await ownerWithTrade({
      moderationStatus: 'APPROVED',
      churchId: (await createChurch(db, { moderated: false })).id,
    });
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    await admin.patch('/api/trades/updateTradeProfile', profileOf(approved.trade, { name: 'Fixed By Admin' }));
    await unmoderated.browser.patch('/api/trades/updateTradeProfile', profileOf(unmoderated.trade, { name: 'Renamed Freely' }));

    expect(await storedTrade(approved.trade.id)).toMatchObject({ name: 'Fixed By Admin', changedSinceApproval: false, listed: true });
    expect(await storedTrade(unmoderated.trade.id)).toMatchObject({ name: 'Renamed Freely', changedSinceApproval: false });
  });

  it('flags a change an administrator makes to their own approved business', async () => {
    const admin = await createAccount(db, { role: 'ADMIN' });
    const trade = await createTrade(db, { ...inCategory(plumbing), ownerId: admin.id });
    const browser = await loggedInBrowser(app, db, admin.id);

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Admin Owned Renamed' }));

    expect((await storedTrade(trade.id)).changedSinceApproval).toBe(true);
  });

  it('accepts a main category alone, under which search finds the business', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { categoryId: electrical.main.id }));

    expect(response.json().data.trade).toMatchObject({
      mainCategoryId: electrical.main.id,
      categoryId: null,
      mainCategory: 'Electrical',
      subCategory: null,
      systemTags: 'Electrical',
    });
    const found = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?mCat=${electrical.main.id}` });
    expect(found.json().data.trades.content.map((card: { id: string }) => card.id)).toContain(trade.id);
  });

  it('takes a main category sent alone as mainCategoryId, leaving its sub category', async () => {
    const { trade, browser } = await ownerWithTrade();
    const { categoryId: _categoryId, ...withoutCategory } = profileOf(trade, { mainCategoryId: electrical.main.id });

    const response = await browser.patch('/api/trades/updateTradeProfile', withoutCategory);

    expect(response.json().data.trade).toMatchObject({ mainCategoryId: electrical.main.id, categoryId: null });
  });

  it('keeps its categories when the change names none', async () => {
    const { trade, browser } = await ownerWithTrade();
    const { categoryId: _categoryId, ...withoutCategory } = profileOf(trade);

    const response = await browser.patch('/api/trades/updateTradeProfile', withoutCategory);

    expect(response.json().data.trade).toMatchObject({ mainCategoryId: plumbing.main.id, categoryId: plumbing.sub.id });
  });

  it('states the kind of business, keeps it when absent, and takes it away with an empty choice', async () => {
    const { trade, browser } = await ownerWithTrade();

    const stated = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { businessKind: 'JOINT_VENTURE' }));
    const kept = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade));
    const cleared = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { businessKind: '' }));

    expect(stated.json().data.trade.businessKind).toBe('JOINT_VENTURE');
    expect(kept.json().data.trade.businessKind).toBe('JOINT_VENTURE');
    expect(cleared.json().data.trade.businessKind).toBeNull();
    expect((await storedTrade(trade.id)).businessKind).toBeNull();
  });

  it('keeps a business at its own church while that church is disabled', async () => {
    const closed = await createChurch(db, { enabled: false });
    const { trade, browser } = await ownerWithTrade({ churchId: closed.id });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Still Here' }));

    expect(response.json().data.trade).toMatchObject({ churchId: closed.id, name: 'Still Here' });
  });

  it.each([
    ['a category that does not exist', () => ({ categoryId: 987_654 }), MESSAGES.chooseCategory],
    ['a category beyond any id', () => ({ categoryId: '99999999999' }), MESSAGES.chooseCategory],
    ['a sub category of another main category', () => ({ mainCategoryId: electrical.main.id, categoryId: plumbing.sub.id }), MESSAGES.chooseSubCategoryOfMain],
    ['a sub category as the main category', () => ({ mainCategoryId: plumbing.sub.id }), MESSAGES.chooseMainCategory],
    ['a kind of business SPEC does not name', () => ({ businessKind: 'PARTNERSHIP' }), MESSAGES.chooseBusinessKind],
    ['another, disabled church', async () => ({ churchId: (await createChurch(db, { enabled: false })).id }), MESSAGES.churchNotAvailable],
    ['a church that does not exist', () => ({ churchId: '00000000-0000-4000-8000-000000000000' }), MESSAGES.chooseChurch],
    ['a malformed church id', () => ({ churchId: 'st-marys' }), MESSAGES.chooseChurch],
    ['a name of spaces only', () => ({ name: '     ' }), MESSAGES.nameRequired],
    ['a brief of spaces only', () => ({ brief: '     ' }), MESSAGES.briefRequired],
  ])('refuses %s with 400 and changes nothing', async (_case, fields, message) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, await fields()));

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it.each([
    ['a 10,000-character name', { name: 'N'.repeat(10_000) }, 'name', MESSAGES.nameTooLong],
    ['a 1,001-character brief', { brief: 'B'.repeat(1_001) }, 'brief', MESSAGES.briefTooLong],
    ['a 2,001-character service', { service: 'S'.repeat(2_001) }, 'service', MESSAGES.serviceTooLong],
    ['2,001 characters of tags', { tags: 'T'.repeat(2_001) }, 'tags', MESSAGES.tagsTooLong],
    ['a word for the category', { categoryId: 'plumber' }, 'categoryId', expect.any(String)],
    ['a number for the name', { name: 12345 }, 'name', MESSAGES.nameRequired],
  ])('refuses %s with 400 and says which field', async (_case, fields, field, message) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, fields));

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });

  it('refuses a malformed trade id with 400 and answers 404 for one that does not exist', async () => {
    const { trade, browser } = await ownerWithTrade();

    const malformed = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { tradeId: 'abc-123' }));
    const unknown = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { tradeId: '00000000-0000-4000-8000-000000000000' }),
    );

    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(unknown.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: MESSAGES.tradeNotFound });
  });
});
