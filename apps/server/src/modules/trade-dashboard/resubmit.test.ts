import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churchMembers, trades } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

async function owner(fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, fields);
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

async function moderatorOf(churchId: string) {
  const account = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole: 'MODERATOR' });
  return loggedInBrowser(app, db, account.id);
}

function newTrade(churchId: string, name: string) {
  return { name, brief: 'Taps and drains, same day.', mainCategoryId: plumbing.main.id, stateType: 'NSW', churchId };
}

async function searchedIn(churchId: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?churchId=${churchId}` });
  return response.json().data.trades.content.map((card: { name: string }) => card.name);
}

describe('listing, rejection and resubmission', () => {
  it('goes from the queue to a rejection, back to the queue after the owner edits and resubmits, then to search', async () => {
    const church = await createChurch(db);
    const moderator = await moderatorOf(church.id);
    const { account, browser } = await owner();

    const created = await browser.post('/api/trades/new', newTrade(church.id, 'Cycle Plumbing'));
    const tradeId: string = created.json().data.trade.id;
    expect(created.json()).toMatchObject({ message: MESSAGES.tradeCreated, data: { trade: { listingState: 'PENDING' } } });
    expect(await searchedIn(church.id)).toEqual([]);
    const queued = (await moderator.get('/api/moderation/queue')).json().data.trades.content;
    expect(queued.map((trade: { id: string }) => trade.id)).toEqual([tradeId]);

    await moderator.patch('/api/moderation/decide', { tradeId, decision: 'REJECT', reason: 'Say which suburbs you serve' });
    const rejected = (await browser.get(`/api/trades/byUser/${account.id}`)).json().data.trade;
    expect(rejected).toMatchObject({ listingState: 'REJECTED', moderationReason: 'Say which suburbs you serve' });
    const submittedBefore = (await storedTrade(tradeId)).submittedAt;

    await browser.patch('/api/trades/updateTradeProfile', {
      tradeId,
      name: 'Cycle Plumbing',
      brief: 'Taps and drains in Ryde and Epping, same day.',
    });
    const resubmitted = await browser.patch('/api/trades/resubmit', { tradeId });

    expect(resubmitted.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.tradeResubmitted,
      data: { trade: { id: tradeId, listingState: 'PENDING', moderationReason: null } },
    });
    const row = await storedTrade(tradeId);
    expect(row).toMatchObject({ moderationStatus: 'PENDING', moderationReason: null, moderatedBy: null, listed: false });
    expect(row.submittedAt.getTime()).toBeGreaterThan(submittedBefore.getTime());
    const requeued = (await moderator.get('/api/moderation/queue')).json().data.trades.content;
    expect(requeued).toMatchObject([{ id: tradeId, brief: 'Taps and drains in Ryde and Epping, same day.', reason: null }]);

    await moderator.patch('/api/moderation/decide', { tradeId, decision: 'APPROVE' });
    expect(await searchedIn(church.id)).toEqual(['Cycle Plumbing']);
  });

  it('lists a business at once at a church that does not moderate, and keeps it out of the queue', async () => {
    const church = await createChurch(db, { moderated: false });
    const moderator = await moderatorOf(church.id);
    const { browser } = await owner();

    const created = await browser.post('/api/trades/new', newTrade(church.id, 'Unmoderated Plumbing'));

    expect(created.json()).toMatchObject({
      statusCode: 201,
      message: MESSAGES.tradeCreatedListed,
      data: { trade: { listingState: 'LISTED' } },
    });
    expect(await storedTrade(created.json().data.trade.id)).toMatchObject({ moderationStatus: 'APPROVED', listed: true });
    expect(await searchedIn(church.id)).toEqual(['Unmoderated Plumbing']);
    expect((await moderator.get('/api/moderation/queue')).json().data.trades.totalElements).toBe(0);
  });

  it('lists a resubmitted business at once at a church that does not moderate', async () => {
    const church = await createChurch(db, { moderated: false });
    const { account, browser } = await owner();
    const trade = await createTrade(db, {
      churchId: church.id,
      ownerId: account.id,
      moderationStatus: 'REJECTED',
      moderationReason: 'Rejected before the church stopped moderating',
    });

    const response = await browser.patch('/api/trades/resubmit', { tradeId: trade.id });

    expect(response.json()).toMatchObject({ message: MESSAGES.tradeResubmittedListed, data: { trade: { listingState: 'LISTED' } } });
    expect(await storedTrade(trade.id)).toMatchObject({ moderationStatus: 'APPROVED', moderationReason: null, listed: true });
  });
});

describe('PATCH /api/trades/resubmit', () => {
  it.each(['PENDING', 'APPROVED', 'UNLISTED'] as const)('refuses a %s business with 409 and changes nothing', async (status) => {
    const { account, browser } = await owner();
    const trade = await createTrade(db, { ownerId: account.id, moderationStatus: status, moderationReason: 'kept' });

    const response = await browser.patch('/api/trades/resubmit', { tradeId: trade.id });

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.onlyRejectedResubmit });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it("refuses someone else's business with 403, an administrator's request too", async () => {
    const trade = await createTrade(db, { moderationStatus: 'REJECTED', moderationReason: 'No brief' });
    const stranger = await owner();
    const admin = await owner({ role: 'ADMIN' });

    for (const { browser } of [stranger, admin]) {
      const response = await browser.patch('/api/trades/resubmit', { tradeId: trade.id });
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourTrade });
    }
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it('refuses a read-only USER with 403', async () => {
    const { account, browser } = await owner({ role: 'USER' });
    const trade = await createTrade(db, { ownerId: account.id, moderationStatus: 'REJECTED' });

    const response = await browser.patch('/api/trades/resubmit', { tradeId: trade.id });

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.readOnlyAccount });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it('refuses a malformed id with 400, answers 404 for an unknown one, and wants a session', async () => {
    const { browser } = await owner();

    const malformed = await browser.patch('/api/trades/resubmit', { tradeId: 'abc' });
    const unknown = await browser.patch('/api/trades/resubmit', { tradeId: '00000000-0000-4000-8000-000000000000' });
    const anonymous = await testBrowser(app).patch('/api/trades/resubmit', { tradeId: '00000000-0000-4000-8000-000000000000' });

    expect(malformed.json()).toMatchObject({ statusCode: 400, data: { errors: [{ field: 'tradeId', message: MESSAGES.tradeIdRequired }] } });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.tradeNotFound });
    expect(anonymous.statusCode).toBe(401);
  });
});
