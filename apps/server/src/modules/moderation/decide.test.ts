import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import type { RealState } from '@churchtrades/shared/states';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, churchMembers, trades } from '../../db/schema';
import { createAccount, createChurch, createOwner, createTrade } from '../../../test/factories';
import { linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

async function staff(role: Exclude<Role, 'SELECT'>, moderates: string[] = [], governedState?: RealState) {
  const account = await createAccount(db, { role, ...(governedState ? { governedState } : {}) });
  for (const churchId of moderates) {
    await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole: 'MODERATOR' });
  }
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

let ownersHandedOut = 0;

/** A business of a new church, its owner with an e-mail of their own, and a moderator of that church. */
async function tradeAtModeratedChurch(fields: Parameters<typeof createTrade>[1] = {}) {
  ownersHandedOut += 1;
  const church = await createChurch(db, { name: `St Decided ${ownersHandedOut}` });
  const owner = await createOwner(db, { firstName: 'Olive', email: `decided.owner.${ownersHandedOut}.${Date.now()}@example.com.au` });
  const trade = await createTrade(db, {
    churchId: church.id,
    ownerId: owner.id,
    name: `Decided Trade ${ownersHandedOut}`,
    moderationStatus: 'PENDING',
    ...fields,
  });
  const moderator = await staff('MODERATOR', [church.id]);
  return { church, owner, trade, moderator };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

async function auditOf(tradeId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'TRADE'), eq(auditLog.subjectId, tradeId)));
}

async function searchedIn(churchId: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?churchId=${churchId}` });
  return response.json().data.trades.content.map((card: { id: string }) => card.id);
}

function decide(browser: TestBrowser, tradeId: string, decision: string, reason?: string) {
  return browser.patch('/api/moderation/decide', { tradeId, decision, ...(reason === undefined ? {} : { reason }) });
}

describe('PATCH /api/moderation/decide', () => {
  it('approves a pending business: listed in search, audited, and its owner told by e-mail', async () => {
    const { church, owner, trade, moderator } = await tradeAtModeratedChurch();
    expect(await searchedIn(church.id)).toEqual([]);

    const response = await decide(moderator.browser, trade.id, 'APPROVE');

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.tradeApproved,
      data: {
        trade: {
          id: trade.id,
          status: 'APPROVED',
          listed: true,
          reason: null,
          moderatedByName: `${moderator.account.firstName} ${moderator.account.lastName}`,
          moderatedAt: expect.any(String),
        },
      },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedTrade(trade.id)).toMatchObject({
      moderationStatus: 'APPROVED',
      moderationReason: null,
      moderatedBy: moderator.account.id,
      moderatedAt: expect.any(Date),
      listed: true,
    });
    expect(await searchedIn(church.id)).toEqual([trade.id]);
    expect(await auditOf(trade.id)).toEqual([
      expect.objectContaining({
        actorId: moderator.account.id,
        actorEmail: moderator.account.email,
        action: 'trade.approve',
        subjectName: trade.name,
        before: { status: 'PENDING' },
        after: { status: 'APPROVED' },
      }),
    ]);
    const mail = await catcher.waitForMail(owner.email);
    expect(mail.subject).toBe('Your business is listed on ChurchTrades');
    expect(mail.text).toContain('Hello Olive,');
    expect(mail.text).toContain(`approved ${trade.name}`);
    expect(linkIn(mail, '/trade')).toBe(`${TEST_ORIGIN}/trade`);
  });

  it('rejects a pending business with the reason, which reaches the owner with a link to edit it', async () => {
    const { church, owner, trade, moderator } = await tradeAtModeratedChurch();

    const response = await decide(moderator.browser, trade.id, 'REJECT', '  Please describe <what> you do.  ');

    expect(response.json()).toMatchObject({
      message: MESSAGES.tradeRejected,
      data: { trade: { status: 'REJECTED', reason: 'Please describe <what> you do.', listed: false } },
    });
    expect(await storedTrade(trade.id)).toMatchObject({ moderationStatus: 'REJECTED', moderationReason: 'Please describe <what> you do.' });
    expect(await searchedIn(church.id)).toEqual([]);
    expect((await auditOf(trade.id))[0]).toMatchObject({
      action: 'trade.reject',
      before: { status: 'PENDING', reason: null },
      after: { status: 'REJECTED', reason: 'Please describe <what> you do.' },
    });
    const mail = await catcher.waitForMail(owner.email);
    expect(mail.subject).toBe('Your business was not approved on ChurchTrades');
    expect(mail.text).toContain('Please describe <what> you do.');
    expect(mail.html).toContain('Please describe &lt;what&gt; you do.');
    expect(linkIn(mail, '/trade/profile')).toBe(`${TEST_ORIGIN}/trade/profile`);
  });

  it('unlists an approved business with the reason, and relists it', async () => {
    const { church, owner, trade, moderator } = await tradeAtModeratedChurch({ moderationStatus: 'APPROVED' });
    expect(await searchedIn(church.id)).toEqual([trade.id]);

    const unlisted = await decide(moderator.browser, trade.id, 'UNLIST', 'Complaints from customers');

    expect(unlisted.json()).toMatchObject({ message: MESSAGES.tradeUnlisted, data: { trade: { status: 'UNLISTED', listed: false } } });
    expect(await searchedIn(church.id)).toEqual([]);
    const unlistedMail = await catcher.waitForMail(owner.email);
    expect(unlistedMail.subject).toBe('Your business was unlisted on ChurchTrades');
    expect(unlistedMail.text).toContain('Complaints from customers');

    const relisted = await decide(moderator.browser, trade.id, 'RELIST');

    expect(relisted.json()).toMatchObject({
      message: MESSAGES.tradeRelisted,
      data: { trade: { status: 'APPROVED', reason: null, listed: true } },
    });
    expect(await searchedIn(church.id)).toEqual([trade.id]);
    expect((await auditOf(trade.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual(
      expect.arrayContaining([
        ['trade.unlist', { status: 'APPROVED', reason: null }, { status: 'UNLISTED', reason: 'Complaints from customers' }],
        ['trade.relist', { status: 'UNLISTED', reason: 'Complaints from customers' }, { status: 'APPROVED', reason: null }],
      ]),
    );
    expect((await catcher.waitForMail(owner.email)).subject).toBe('Your business is listed again on ChurchTrades');
  });

  it('approving a business changed since approval clears the flag and keeps it listed, without a mail', async () => {
    const { church, owner, trade, moderator } = await tradeAtModeratedChurch({
      moderationStatus: 'APPROVED',
      changedSinceApproval: true,
    });

    const response = await decide(moderator.browser, trade.id, 'APPROVE');

    expect(response.json().data.trade).toMatchObject({ status: 'APPROVED', changedSinceApproval: false, listed: true });
    expect(await storedTrade(trade.id)).toMatchObject({ changedSinceApproval: false, moderatedBy: moderator.account.id });
    expect(await searchedIn(church.id)).toEqual([trade.id]);
    expect((await auditOf(trade.id))[0]).toMatchObject({
      action: 'trade.approve',
      before: { changedSinceApproval: true },
      after: { changedSinceApproval: false },
    });
    expect((await moderator.browser.get('/api/moderation/queue')).json().data.trades.totalElements).toBe(0);
    // The next mail the owner gets must be the unlisting below, not an approval.
    await decide(moderator.browser, trade.id, 'UNLIST', 'Checking');
    expect((await catcher.waitForMail(owner.email)).subject).toContain('unlisted');
  });

  it('refuses to reject a business changed since approval, as the screen never offers it: it stays listed', async () => {
    const { church, trade, moderator } = await tradeAtModeratedChurch({ moderationStatus: 'APPROVED', changedSinceApproval: true });

    const response = await decide(moderator.browser, trade.id, 'REJECT', 'The new name is misleading');

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.decisionNotApplicable });
    expect(await storedTrade(trade.id)).toEqual(trade);
    expect(await searchedIn(church.id)).toEqual([trade.id]);
  });

  it('unlists a business changed since approval, with the reason', async () => {
    const { church, trade, moderator } = await tradeAtModeratedChurch({ moderationStatus: 'APPROVED', changedSinceApproval: true });

    const response = await decide(moderator.browser, trade.id, 'UNLIST', 'The new name is misleading');

    expect(response.json().data.trade).toMatchObject({ status: 'UNLISTED', changedSinceApproval: false, listed: false });
    expect(await searchedIn(church.id)).toEqual([]);
  });

  it.each(['GOVERNOR', 'ADMIN', 'SUPER'] as const)('lets a %s whose reach takes in the church decide', async (role) => {
    const { trade } = await tradeAtModeratedChurch();
    const { browser } = await staff(role, [], 'NSW');

    const response = await decide(browser, trade.id, 'APPROVE');

    expect(response.json().data.trade.status).toBe('APPROVED');
  });

  it.each([
    ['APPROVE', 'APPROVED'],
    ['APPROVE', 'REJECTED'],
    ['APPROVE', 'UNLISTED'],
    ['REJECT', 'APPROVED'],
    ['REJECT', 'UNLISTED'],
    ['REJECT', 'REJECTED'],
    ['UNLIST', 'PENDING'],
    ['UNLIST', 'UNLISTED'],
    ['UNLIST', 'REJECTED'],
    ['RELIST', 'PENDING'],
    ['RELIST', 'APPROVED'],
    ['RELIST', 'REJECTED'],
  ] as const)('refuses %s of a %s business with 409 and changes nothing', async (decision, moderationStatus) => {
    const { trade, moderator } = await tradeAtModeratedChurch({ moderationStatus });

    const response = await decide(moderator.browser, trade.id, decision, 'A reason');

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.decisionNotApplicable });
    expect(await storedTrade(trade.id)).toEqual(trade);
    expect(await auditOf(trade.id)).toEqual([]);
  });

  it("refuses a moderator of another church, and a governor of another state, with 403 and changes nothing", async () => {
    const { trade } = await tradeAtModeratedChurch();
    const otherModerator = await staff('MODERATOR', [(await createChurch(db)).id]);
    const otherGovernor = await staff('GOVERNOR', [], 'VIC');

    for (const { browser } of [otherModerator, otherGovernor]) {
      const response = await decide(browser, trade.id, 'APPROVE');
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourChurch });
    }
    expect(await storedTrade(trade.id)).toEqual(trade);
    expect(await auditOf(trade.id)).toEqual([]);
  });

  it.each(['MODERATOR', 'ADMIN', 'SUPER'] as const)('refuses a %s deciding on their own business with 403', async (role) => {
    const church = await createChurch(db);
    const { account, browser } = await staff(role, [church.id]);
    const trade = await createTrade(db, { churchId: church.id, ownerId: account.id, moderationStatus: 'PENDING' });

    const response = await decide(browser, trade.id, 'APPROVE');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.ownTradeDecision });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it.each(['PRIEST', 'TRADER', 'USER'] as const)('refuses a %s with 403 even at their own church', async (role) => {
    const { trade, church } = await tradeAtModeratedChurch();
    const { browser } = await staff(role, [church.id]);

    const response = await decide(browser, trade.id, 'APPROVE');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.forbidden });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it.each([
    ['a rejection without a reason', { decision: 'REJECT' }, 'reason', MESSAGES.reasonRequired],
    ['an unlisting with a reason of spaces', { decision: 'UNLIST', reason: '   ' }, 'reason', MESSAGES.reasonRequired],
    ['a reason of 501 characters', { decision: 'REJECT', reason: 'R'.repeat(501) }, 'reason', MESSAGES.reasonTooLong],
    ['an unknown decision', { decision: 'BLESS' }, 'decision', MESSAGES.chooseDecision],
    ['a malformed trade id', { decision: 'APPROVE', tradeId: 'abc' }, 'tradeId', MESSAGES.tradeIdRequired],
  ])('refuses %s with 400 and changes nothing', async (_case, fields, field, message) => {
    const { trade, moderator } = await tradeAtModeratedChurch();

    const response = await moderator.browser.patch('/api/moderation/decide', { tradeId: trade.id, ...fields });

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it('answers 404 for a business that does not exist', async () => {
    const { browser } = await staff('ADMIN');

    const response = await decide(browser, '00000000-0000-4000-8000-000000000000', 'APPROVE');

    expect(response.json()).toMatchObject({ statusCode: 404, message: MESSAGES.tradeNotFound });
  });

  it('wants a session and a request from the app itself', async () => {
    const { trade, moderator } = await tradeAtModeratedChurch();

    const anonymous = await decide(testBrowser(app), trade.id, 'APPROVE');
    const crossSite = await moderator.browser.request({
      method: 'PATCH',
      url: '/api/moderation/decide',
      payload: { tradeId: trade.id, decision: 'APPROVE' },
      headers: { origin: 'https://evil.example' },
    });

    expect(anonymous.statusCode).toBe(401);
    expect(crossSite.statusCode).toBe(403);
    expect(await storedTrade(trade.id)).toEqual(trade);
  });
});
