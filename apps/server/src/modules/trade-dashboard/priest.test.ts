import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, churchMembers, trades } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

const plumbing = await createCategoryPair(db);
let handedOut = 0;

/** A new account serving the church as its priest. */
async function priestOf(churchId: string, fields: Parameters<typeof createAccount>[1] = {}) {
  handedOut += 1;
  const account = await createAccount(db, { role: 'PRIEST', email: `priest.${handedOut}.${Date.now()}@example.com.au`, ...fields });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole: 'PRIEST' });
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

/** A business of a new church, its owner (with an e-mail of their own) signed in. */
async function ownerWithTrade(fields: Parameters<typeof createTrade>[1] = {}) {
  handedOut += 1;
  const church = await createChurch(db, { name: `St Priested ${handedOut}` });
  const owner = await createAccount(db, { firstName: 'Olive', lastName: 'Owner', email: `owner.${handedOut}.${Date.now()}@example.com.au` });
  const trade = await createTrade(db, { ...inCategory(plumbing), churchId: church.id, ownerId: owner.id, name: `Priested Trade ${handedOut}`, ...fields });
  return { church, owner, trade, browser: await loggedInBrowser(app, db, owner.id) };
}

function profileOf(trade: { id: string; churchId: string; name: string; brief: string }, fields: Record<string, unknown> = {}) {
  return { tradeId: trade.id, churchId: trade.churchId, name: trade.name, brief: trade.brief, ...fields };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe('naming a priest on the Profile page', () => {
  it('names a priest of the church, answers them by name, and tells them by e-mail', async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const { account: priest } = await priestOf(church.id, { firstName: 'Joseph', lastName: 'Nguyen' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: priest.id }));

    expect(response.statusCode).toBe(200);
    expect(response.json().data.trade.priest).toEqual({ userId: priest.id, name: 'Joseph Nguyen' });
    expect((await storedTrade(trade.id)).priestId).toBe(priest.id);
    const mail = await catcher.waitForMail(priest.email);
    expect(mail.subject).toBe('A business on ChurchTrades names you as its priest');
    expect(mail.text).toContain('Hello Joseph,');
    expect(mail.text).toContain(`Olive Owner named you as the priest of ${trade.name}, a business of ${church.name}`);
    expect(linkIn(mail, '/moderation')).toBe(`${TEST_ORIGIN}/moderation`);
  });

  it('tells the priest once: a save that keeps them mails nothing more', async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const { account: priest } = await priestOf(church.id);
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: priest.id }));
    await catcher.waitForMail(priest.email);

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Renamed Priested Trade' }));
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: priest.id, name: 'Renamed Again' }));

    // A mail of the later saves would have left by the time one sent after them arrives.
    const { church: other, trade: otherTrade, browser: otherOwner } = await ownerWithTrade();
    const { account: otherPriest } = await priestOf(other.id);
    await otherOwner.patch('/api/trades/updateTradeProfile', profileOf(otherTrade, { priestId: otherPriest.id }));
    await catcher.waitForMail(otherPriest.email);
    expect(catcher.mailsTo(priest.email)).toHaveLength(1);
  });

  it('refuses a priest of another church with 400, and changes nothing', async () => {
    const { trade, browser } = await ownerWithTrade();
    const { account: elsewhere } = await priestOf((await createChurch(db)).id);

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: elsewhere.id }));

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.priestNotOfChurch });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it("refuses a moderator of the business's church as its priest, and an account that does not exist", async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const moderator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });

    const asModerator = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: moderator.id }));
    const unknown = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { priestId: '00000000-0000-4000-8000-000000000000' }),
    );
    const malformed = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: 'father-joe' }));

    expect([asModerator.statusCode, unknown.statusCode, malformed.statusCode]).toEqual([400, 400, 400]);
    expect(malformed.json().data.errors).toContainEqual({ field: 'priestId', message: MESSAGES.choosePriest });
  });

  it('takes the priest away with "No priest", and keeps them when the change does not name one', async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const { account: priest } = await priestOf(church.id);
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: priest.id }));

    const kept = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { name: 'Still Priested' }));
    const removed = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: '' }));

    expect(kept.json().data.trade.priest?.userId).toBe(priest.id);
    expect(removed.json().data.trade.priest).toBeNull();
  });

  it('keeps a priest who serves the new church too when the business moves, and drops one who does not', async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const { account: both } = await priestOf(church.id);
    const { account: onlyHere } = await priestOf(church.id);
    const newChurch = await createChurch(db);
    await db.insert(churchMembers).values({ churchId: newChurch.id, userId: both.id, churchRole: 'PRIEST' });
    const second = await ownerWithTrade({ churchId: church.id });

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { priestId: both.id }));
    await second.browser.patch('/api/trades/updateTradeProfile', profileOf(second.trade, { priestId: onlyHere.id }));
    const moved = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { churchId: newChurch.id }));
    const movedAway = await second.browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(second.trade, { churchId: newChurch.id }),
    );

    expect(moved.json().data.trade).toMatchObject({ churchId: newChurch.id, priest: { userId: both.id } });
    expect(movedAway.json().data.trade).toMatchObject({ churchId: newChurch.id, priest: null });
  });

  it("refuses a priest of the old church named in the move to a new one", async () => {
    const { church, trade, browser } = await ownerWithTrade();
    const { account: priest } = await priestOf(church.id);
    const newChurch = await createChurch(db);

    const response = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { churchId: newChurch.id, priestId: priest.id }),
    );

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.priestNotOfChurch });
    expect((await storedTrade(trade.id)).churchId).toBe(church.id);
  });
});

describe('naming a priest when a business is listed', () => {
  it('names a priest of the church and tells them by e-mail', async () => {
    const church = await createChurch(db, { stateType: 'NSW' });
    const { account: priest } = await priestOf(church.id);
    const owner = await createAccount(db);
    const browser = await loggedInBrowser(app, db, owner.id);

    const response = await browser.post('/api/trades/new', {
      name: 'Newly Priested',
      brief: 'Listed with its priest.',
      categoryId: plumbing.sub.id,
      churchId: church.id,
      priestId: priest.id,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.trade.priest?.userId).toBe(priest.id);
    expect((await catcher.waitForMail(priest.email)).text).toContain('Newly Priested');
  });

  it('refuses a priest of another church with 400 and creates nothing', async () => {
    const church = await createChurch(db);
    const { account: elsewhere } = await priestOf((await createChurch(db)).id);
    const owner = await createAccount(db);
    const browser = await loggedInBrowser(app, db, owner.id);

    const response = await browser.post('/api/trades/new', {
      name: 'Wrongly Priested',
      brief: 'Names a priest of another church.',
      categoryId: plumbing.sub.id,
      churchId: church.id,
      priestId: elsewhere.id,
    });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.priestNotOfChurch });
    expect(await db.select().from(trades).where(eq(trades.ownerId, owner.id))).toEqual([]);
  });
});

describe('GET /api/churches/priests', () => {
  it("names the church's priests, by name only, to any signed-in owner", async () => {
    const { church, browser } = await ownerWithTrade();
    const { account: zed } = await priestOf(church.id, { firstName: 'Zed', lastName: 'Zimmer' });
    const { account: amy } = await priestOf(church.id, { firstName: 'Amy', lastName: 'Abbott' });

    const response = await browser.get(`/api/churches/priests?churchId=${church.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data.priests).toEqual([
      { userId: amy.id, name: 'Amy Abbott' },
      { userId: zed.id, name: 'Zed Zimmer' },
    ]);
  });

  it('wants a session and a well-formed church id', async () => {
    const { church, browser } = await ownerWithTrade();

    const anonymous = await testBrowser(app).get(`/api/churches/priests?churchId=${church.id}`);
    const malformed = await browser.get('/api/churches/priests?churchId=1');

    expect(anonymous.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.chooseChurch });
  });
});

describe("the priest's businesses", () => {
  it('lists the businesses that name the priest, and only those', async () => {
    const { church, trade } = await ownerWithTrade({ moderationStatus: 'PENDING' });
    const { account: priest, browser } = await priestOf(church.id);
    await db.update(trades).set({ priestId: priest.id }).where(eq(trades.id, trade.id));
    await ownerWithTrade({ churchId: church.id });

    const response = await browser.get('/api/trades/byPriest');

    expect(response.json().data.trades).toEqual([
      { id: trade.id, name: trade.name, churchName: church.name, ownerName: 'Olive Owner', listingState: 'PENDING' },
    ]);
  });

  it('a priest detaches themselves: the business names no priest, audited, and its owner told by e-mail', async () => {
    const { church, owner, trade } = await ownerWithTrade();
    const { account: priest, browser } = await priestOf(church.id, { firstName: 'Peter', lastName: 'Walsh' });
    await db.update(trades).set({ priestId: priest.id }).where(eq(trades.id, trade.id));

    const response = await browser.patch(`/api/trades/detachPriest?tradeId=${trade.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.priestDetached, data: { trades: [] } });
    expect((await storedTrade(trade.id)).priestId).toBeNull();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, trade.id), eq(auditLog.action, 'trade.priestDetach')));
    expect(entries).toMatchObject([{ actorEmail: priest.email, before: { priestId: priest.id }, after: { priestId: null } }]);
    const mail = await catcher.waitForMail(owner.email);
    expect(mail.subject).toBe('Your business no longer names a priest on ChurchTrades');
    expect(mail.text).toContain(`Peter Walsh took their name off ${trade.name}`);
    expect(linkIn(mail, '/trade/profile')).toBe(`${TEST_ORIGIN}/trade/profile`);
  });

  it('refuses the detachment to anyone but the priest the business names', async () => {
    const { church, trade, browser: owner } = await ownerWithTrade();
    const { account: priest } = await priestOf(church.id);
    const { browser: otherPriest } = await priestOf(church.id);
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);
    await db.update(trades).set({ priestId: priest.id }).where(eq(trades.id, trade.id));

    const refusals = await Promise.all(
      [owner, otherPriest, admin].map((browser) => browser.patch(`/api/trades/detachPriest?tradeId=${trade.id}`)),
    );

    for (const response of refusals) {
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notTheTradesPriest });
    }
    expect((await storedTrade(trade.id)).priestId).toBe(priest.id);
  });

  it('answers 404 for a business that does not exist, 400 for a malformed id, and 401 without a session', async () => {
    const { church } = await ownerWithTrade();
    const { browser } = await priestOf(church.id);

    const unknown = await browser.patch('/api/trades/detachPriest?tradeId=00000000-0000-4000-8000-000000000000');
    const malformed = await browser.patch('/api/trades/detachPriest?tradeId=abc');
    const anonymous = await testBrowser(app).patch('/api/trades/detachPriest?tradeId=00000000-0000-4000-8000-000000000000');

    expect([unknown.statusCode, malformed.statusCode, anonymous.statusCode]).toEqual([404, 400, 401]);
  });
});
