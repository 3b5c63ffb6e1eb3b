import { MESSAGES } from '@churchtrades/shared/messages';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactionalDatabase } from '../../db/transactions';
import { auditLog, churchMembers, outboxMails, trades, tradeVouches } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { newTestAddress, TEST_USER_AGENT, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createOutboxRepo } from '../mail/repo';
import { createMailService } from '../mail/service';
import { createSessionRepo } from '../sessions/repo';
import { createSessionService } from '../sessions/service';
import { createChurchCheckRepo } from './repo';
import { vouchRenewalJob } from './renewals';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_MS = 10 * 365 * DAY_MS;
let now = Date.parse('2026-03-10T00:00:00Z');
const clock = () => new Date(now);
// Sessions outlast the years the clock is moved on.
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const category = await createCategoryPair(db);

const { db: jobDb, transactions } = transactionalDatabase(db);
const renewals = vouchRenewalJob({
  repo: createChurchCheckRepo(jobDb),
  mail: createMailService({
    repo: createOutboxRepo(jobDb),
    transactions,
    audit: createAuditService(createAuditRepo(jobDb)),
    from: config.mailFrom,
  }),
  sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
  transactions,
  clock,
});

const sessions = createSessionService(createSessionRepo(db), clock, sessionLimits);

/** A browser logged in as the user on the test's clock. */
async function loggedInBrowser(userId: string): Promise<TestBrowser> {
  const address = newTestAddress();
  const session = await sessions.start(userId, 'ACTIVE', { address, userAgent: TEST_USER_AGENT });
  return testBrowser(app, { address, sessionToken: session.token });
}

async function member(churchId: string, churchRole: 'PRIEST' | 'MODERATOR', fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, { role: churchRole, ...fields });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole });
  return { account, browser: await loggedInBrowser(account.id) };
}

/** A business of a new church, with a moderator and a priest of that church. */
async function scene() {
  const church = await createChurch(db);
  const owner = await createAccount(db);
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, ...inCategory(category) });
  return {
    church,
    owner: { account: owner, browser: await loggedInBrowser(owner.id) },
    trade,
    moderator: await member(church.id, 'MODERATOR'),
    priest: await member(church.id, 'PRIEST'),
  };
}

async function stored(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

function vouchesOf(tradeId: string) {
  return db.select().from(tradeVouches).where(eq(tradeVouches.tradeId, tradeId)).orderBy(desc(tradeVouches.vouchedAt));
}

function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email));
}

function twelveMonthsAfter(at: number): Date {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + 12);
  return end;
}

const vouch = (browser: TestBrowser, tradeId: string, named = false) =>
  browser.post(`/api/moderation/trades/${tradeId}/vouch`, { named });
const withdraw = (browser: TestBrowser, tradeId: string, payload: object) =>
  browser.request({ method: 'DELETE', url: `/api/moderation/trades/${tradeId}/vouch`, payload });
const checks = (browser: TestBrowser, tradeId: string) => browser.get(`/api/moderation/trades/${tradeId}/checks`);

describe('POST /api/moderation/trades/:id/vouch', () => {
  it("records a moderator's vouch for 12 months, keeps vouched_until with it, and audits it", async () => {
    const { trade, moderator, church } = await scene();

    const response = await vouch(moderator.browser, trade.id);

    const until = twelveMonthsAfter(now);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.vouchRecorded,
      data: {
        checks: {
          vouch: {
            churchName: church.name,
            voucherRole: 'MODERATOR',
            voucherName: `${moderator.account.firstName} ${moderator.account.lastName}`,
            named: false,
            vouchedAt: new Date(now).toISOString(),
            until: until.toISOString(),
          },
          mayVouch: true,
          mayWithdraw: true,
        },
      },
    });
    expect((await stored(trade.id)).vouchedUntil).toEqual(until);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, trade.id), eq(auditLog.action, 'trade.vouch')));
    expect(entry).toMatchObject({ actorId: moderator.account.id });
  });

  it("records the church's priest as the voucher, named on the badge when they choose", async () => {
    const { trade, priest } = await scene();

    const response = await vouch(priest.browser, trade.id, true);

    expect(response.json().data.checks.vouch).toMatchObject({ voucherRole: 'PRIEST', named: true });
    expect((await vouchesOf(trade.id))[0]).toMatchObject({ voucherId: priest.account.id, voucherNamed: true });
  });

  it('refuses a moderator of another church, a plain owner and a moderator not yet confirmed', async () => {
    const { trade } = await scene();
    const elsewhere = await member((await createChurch(db)).id, 'MODERATOR');
    const plain = await createAccount(db);
    const unconfirmed = await member(trade.churchId, 'MODERATOR', { moderated: false });

    const answers = await Promise.all([
      vouch(elsewhere.browser, trade.id),
      vouch(await loggedInBrowser(plain.id), trade.id),
      vouch(unconfirmed.browser, trade.id),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403]);
    expect(answers[0]!.json().message).toBe(MESSAGES.notYourChurchToVouch);
    expect(answers[2]!.json().message).toBe(MESSAGES.awaitingConfirmation);
    expect(await vouchesOf(trade.id)).toEqual([]);
    expect((await stored(trade.id)).vouchedUntil).toBeNull();
  });

  it('refuses a moderator vouching for their own business', async () => {
    const { trade, moderator } = await scene();
    await db.update(trades).set({ ownerId: moderator.account.id }).where(eq(trades.id, trade.id));

    const response = await vouch(moderator.browser, trade.id);

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.ownTradeVouch);
  });

  it('answers 400 without saying whether the voucher is named, and 404 for no such business', async () => {
    const { trade, moderator } = await scene();

    const unnamed = await moderator.browser.post(`/api/moderation/trades/${trade.id}/vouch`, {});
    const missing = await vouch(moderator.browser, '00000000-0000-4000-8000-000000000000');

    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(MESSAGES.chooseVouchNamed);
    expect(missing.statusCode).toBe(404);
  });

  it('renews with a new row, and lapses 12 months later', async () => {
    const { trade, moderator, priest } = await scene();
    const first = now;
    await vouch(moderator.browser, trade.id);
    now += 300 * DAY_MS;
    await vouch(priest.browser, trade.id);
    const renewedUntil = twelveMonthsAfter(now);

    expect(await vouchesOf(trade.id)).toHaveLength(2);
    expect((await stored(trade.id)).vouchedUntil).toEqual(renewedUntil);

    now = renewedUntil.getTime() + DAY_MS;
    expect((await checks(moderator.browser, trade.id)).json().data.checks.vouch).toBeNull();
    await renewals.run();
    expect((await stored(trade.id)).vouchedUntil).toBeNull();
    expect(first).toBeLessThan(now);
  });
});

describe('the vouch renewal job', () => {
  it('asks the voucher once, 30 days before the vouch lapses, with a link to the business', async () => {
    const { trade, moderator } = await scene();
    await vouch(moderator.browser, trade.id);
    const until = twelveMonthsAfter(now).getTime();

    now = until - 31 * DAY_MS;
    await renewals.run();
    expect(await mailsTo(moderator.account.email)).toEqual([]);

    now = until - 29 * DAY_MS;
    await renewals.run();
    await renewals.run();
    const mails = await mailsTo(moderator.account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Renew the vouch for ${trade.name} on ChurchTrades`);
    expect(mails[0]!.textBody).toContain(`/moderation/trades/${trade.id}`);
    expect((await vouchesOf(trade.id))[0]!.renewalAskedAt).toEqual(new Date(now));
  });

  it("asks the church's moderators when the voucher left the church", async () => {
    const { trade, moderator, priest } = await scene();
    await vouch(priest.browser, trade.id);
    await db.delete(churchMembers).where(eq(churchMembers.userId, priest.account.id));

    now = twelveMonthsAfter(now).getTime() - 10 * DAY_MS;
    await renewals.run();

    expect(await mailsTo(priest.account.email)).toEqual([]);
    expect(await mailsTo(moderator.account.email)).toHaveLength(1);
  });
});

describe('DELETE /api/moderation/trades/:id/vouch', () => {
  it('withdraws with a reason, clears vouched_until and audits it', async () => {
    const { trade, moderator, priest } = await scene();
    await vouch(priest.browser, trade.id);

    const response = await withdraw(moderator.browser, trade.id, { reason: 'They moved away.' });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.vouchWithdrawn, data: { checks: { vouch: null } } });
    expect((await vouchesOf(trade.id))[0]).toMatchObject({ withdrawnReason: 'They moved away.', withdrawnAt: new Date(now) });
    expect((await stored(trade.id)).vouchedUntil).toBeNull();
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, trade.id), eq(auditLog.action, 'trade.vouchWithdraw')));
    expect(entries).toHaveLength(1);
  });

  it('withdraws every renewal too, so that no older vouch takes its place', async () => {
    const { trade, moderator, priest } = await scene();
    await vouch(moderator.browser, trade.id);
    now += DAY_MS;
    await vouch(priest.browser, trade.id);

    const response = await withdraw(priest.browser, trade.id, { reason: 'Not known after all.' });

    expect(response.statusCode).toBe(200);

    expect((await checks(moderator.browser, trade.id)).json().data.checks.vouch).toBeNull();
  });

  it("refuses a priest who did not vouch, asks for a reason, and answers 409 when there is no vouch", async () => {
    const { trade, moderator, priest } = await scene();
    const noVouch = await withdraw(moderator.browser, trade.id, { reason: 'Nothing to withdraw.' });
    await vouch(moderator.browser, trade.id);

    const byPriest = await withdraw(priest.browser, trade.id, { reason: 'Not mine.' });
    const noReason = await withdraw(moderator.browser, trade.id, { reason: '  ' });

    expect(noVouch.statusCode).toBe(409);
    expect(byPriest.statusCode).toBe(403);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(MESSAGES.withdrawalReasonRequired);
    expect((await stored(trade.id)).vouchedUntil).not.toBeNull();
  });
});

describe('a move to another church', () => {
  it('withdraws the vouch in the same change', async () => {
    const { trade, owner, moderator } = await scene();
    await vouch(moderator.browser, trade.id);
    const other = await createChurch(db);

    const response = await owner.browser.patch('/api/trades/updateTradeProfile', {
      tradeId: trade.id,
      churchId: other.id,
      categoryId: category.sub.id,
      name: trade.name,
      brief: trade.brief,
    });

    expect(response.statusCode).toBe(200);
    expect((await stored(trade.id)).vouchedUntil).toBeNull();
    expect((await vouchesOf(trade.id))[0]).toMatchObject({ withdrawnReason: MESSAGES.movedToAnotherChurch });
  });
});
