import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { churchMembers, trades } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';

// Production mode: the directory as the public meets it.
const { app, database } = await createTestApp({ nodeEnv: 'production' });
const db = database.db;
const visitor = testBrowser(app);

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...inCategory(plumbing), ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

async function moderatorOf(churchId: string) {
  const moderator = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId, userId: moderator.id, churchRole: 'MODERATOR' });
  return loggedInBrowser(app, db, moderator.id);
}

function profileOf(trade: { id: string; churchId: string; name: string }, fields: Record<string, unknown> = {}) {
  return {
    tradeId: trade.id,
    churchId: trade.churchId,
    categoryId: plumbing.sub.id,
    name: trade.name,
    brief: 'Fast and tidy, seven days.',
    ...fields,
  };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

async function searchedNames(searchText: string): Promise<string[]> {
  const response = await visitor.get(`/api/trades/clientFilter?searchText=${encodeURIComponent(searchText)}`);
  return response.json().data.trades.content.map((card: { name: string }) => card.name);
}

function queuedIds(browser: TestBrowser) {
  return browser
    .get('/api/moderation/queue')
    .then((response) => response.json().data.trades.content.map((trade: { id: string }) => trade.id));
}

describe('a business moved to another church', () => {
  it("leaves the directory until the new church's moderators approve it, renamed or not", async () => {
    const sydney = await createChurch(db, { stateType: 'NSW' });
    const perth = await createChurch(db, { stateType: 'WA', suburb: 'Perth' });
    const { trade, browser } = await ownerWithTrade({ churchId: sydney.id, name: 'Harbour Drifter Pipes' });
    const oldModerator = await moderatorOf(sydney.id);
    const newModerator = await moderatorOf(perth.id);
    expect(await searchedNames('Drifter')).toEqual(['Harbour Drifter Pipes']);

    const response = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { churchId: perth.id, name: 'Western Drifter Pipes' }),
    );

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.tradeSubmittedToNewChurch,
      data: { trade: { churchId: perth.id, stateType: 'WA', listingState: 'PENDING' } },
    });
    expect(await storedTrade(trade.id)).toMatchObject({
      moderationStatus: 'PENDING',
      listed: false,
      changedSinceApproval: false,
      moderatedBy: null,
      moderatedAt: null,
    });
    expect(await searchedNames('Drifter')).toEqual([]);
    expect((await visitor.get(`/api/trades/${trade.id}`)).statusCode).toBe(404);
    expect(await queuedIds(oldModerator)).not.toContain(trade.id);
    expect(await queuedIds(newModerator)).toContain(trade.id);

    await newModerator.patch('/api/moderation/decide', { tradeId: trade.id, decision: 'APPROVE' });

    expect(await searchedNames('Drifter')).toEqual(['Western Drifter Pipes']);
  });

  it('is submitted again when an administrator moves it for its owner', async () => {
    const { trade } = await ownerWithTrade();
    const elsewhere = await createChurch(db, { stateType: 'VIC' });
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    const response = await admin.patch('/api/trades/updateTradeProfile', profileOf(trade, { churchId: elsewhere.id }));

    expect(response.json().message).toBe(MESSAGES.tradeSubmittedToNewChurch);
    expect(await storedTrade(trade.id)).toMatchObject({ churchId: elsewhere.id, moderationStatus: 'PENDING', listed: false });
  });

  it('puts a rejected business in front of the new church, its reason gone', async () => {
    const { trade, browser } = await ownerWithTrade({ moderationStatus: 'REJECTED', moderationReason: 'Not a real business' });
    const elsewhere = await createChurch(db);

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { churchId: elsewhere.id }));

    expect(await storedTrade(trade.id)).toMatchObject({ moderationStatus: 'PENDING', moderationReason: null });
  });

  it('is listed at once at a church that does not moderate, with the usual message', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Freewheel Unmoderated Pipes' });
    const unmoderated = await createChurch(db, { moderated: false });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { churchId: unmoderated.id }));

    expect(response.json()).toMatchObject({ message: MESSAGES.tradeUpdated, data: { trade: { listingState: 'LISTED' } } });
    expect(await searchedNames('Freewheel')).toEqual(['Freewheel Unmoderated Pipes']);
  });

  it('stays listed, flagged for another look, when the church stays the same', async () => {
    const { trade, browser } = await ownerWithTrade({ name: 'Steady Stayer Pipes' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Steady Stayer Plumbing' }));

    expect(response.json().message).toBe(MESSAGES.tradeUpdated);
    expect(await storedTrade(trade.id)).toMatchObject({ moderationStatus: 'APPROVED', changedSinceApproval: true, listed: true });
  });
});

describe.each([
  { picture: 'logo', url: '/api/trades/logo' },
  { picture: 'cover picture', url: '/api/trades/image' },
])("a change to an approved business's $picture", ({ url }) => {
  async function uploadPicture(browser: TestBrowser, tradeId: string) {
    const content = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#204060' } }).png().toBuffer();
    const form = multipartForm({ tradeId }, [{ field: 'file', filename: 'picture.png', contentType: 'image/png', content }]);
    return browser.request({ method: 'PATCH', url, ...form });
  }

  it("flags the business for its moderators' look and keeps it listed", async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await uploadPicture(browser, trade.id);

    expect(response.json().data.trade.listingState).toBe('LISTED');
    expect(await storedTrade(trade.id)).toMatchObject({ changedSinceApproval: true, listed: true });
  });

  it('does not flag a business not yet approved', async () => {
    const { trade, browser } = await ownerWithTrade({ moderationStatus: 'PENDING' });

    await uploadPicture(browser, trade.id);

    expect((await storedTrade(trade.id)).changedSinceApproval).toBe(false);
  });
});
