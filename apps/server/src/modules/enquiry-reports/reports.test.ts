import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, blockedSenders, churchMembers, enquiries, enquiryMessages, enquirySpamReports } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createEnquiry, createSpamReport } from '../enquiry-inbox/enquiry-factory';

const DAY_MS = 24 * 60 * 60 * 1000;
const { app, database } = await createTestApp({ backgroundWork: false });
const db = database.db;

const browserOf = (userId: string) => loggedInBrowser(app, db, userId);

async function moderatorOf(churchId: string) {
  const account = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole: 'MODERATOR' });
  return { account, browser: await browserOf(account.id) };
}

/** A business of a new church of `state`, with a moderator of that church. */
async function scene(state: 'NSW' | 'VIC' = 'NSW') {
  const church = await createChurch(db, { stateType: state });
  const trade = await createTrade(db, { churchId: church.id, stateType: state });
  return { church, trade, moderator: await moderatorOf(church.id) };
}

async function administrator(): Promise<TestBrowser> {
  return browserOf((await createAccount(db, { role: 'ADMIN' })).id);
}

async function governorOf(state: 'NSW' | 'VIC'): Promise<TestBrowser> {
  return browserOf((await createAccount(db, { role: 'GOVERNOR', governedState: state })).id);
}

const reviews = async (browser: TestBrowser) => (await browser.get('/api/moderation/enquiries')).json().data.reviews as { id: string }[];
const idsOf = (list: { id: string }[]) => list.map((review) => review.id);
const block = (browser: TestBrowser, payload: object) => browser.post('/api/moderation/blockedSenders', payload);

async function deliveryOf(id: string) {
  const [row] = await db.select({ delivery: enquiries.delivery }).from(enquiries).where(eq(enquiries.id, id));
  return row!.delivery;
}

async function reportRow(id: string) {
  const [row] = await db.select().from(enquirySpamReports).where(eq(enquirySpamReports.id, id));
  return row!;
}

describe('GET /api/moderation/enquiries', () => {
  it('lists open reports and held enquiries of the churches moderated, with the first message only, newest first', async () => {
    const { church, trade, moderator } = await scene();
    const elsewhere = await scene();
    const reported = await createEnquiry(db, { tradeId: trade.id, senderEmail: 'Spammer@Example.com', at: new Date(Date.now() - DAY_MS) });
    await db.insert(enquiryMessages).values({ enquiryId: reported.id, author: 'OWNER', body: 'The private answer of the owner' });
    const report = await createSpamReport(db, reported, church.id, { reportedAt: new Date(Date.now() - 2 * 60 * 1000) });
    const held = await createEnquiry(db, { tradeId: trade.id, delivery: 'HELD', senderEmail: 'spammer@example.com', message: 'Buy cheap watches at www.example.com now' });
    // The same address wrote to two other businesses lately, and to a third long ago.
    await createEnquiry(db, { tradeId: elsewhere.trade.id, senderEmail: 'spammer@example.com' });
    await createEnquiry(db, { tradeId: (await createTrade(db)).id, senderEmail: 'spammer@example.com', delivery: 'DROPPED' });
    await createEnquiry(db, { tradeId: (await createTrade(db)).id, senderEmail: 'spammer@example.com', at: new Date(Date.now() - 40 * DAY_MS) });
    const dismissed = await createEnquiry(db, { tradeId: trade.id });
    await createSpamReport(db, dismissed, church.id, { decision: 'DISMISSED' });
    const otherChurchs = await createEnquiry(db, { tradeId: elsewhere.trade.id, delivery: 'HELD' });

    const response = await moderator.browser.get('/api/moderation/enquiries');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.reviews).toEqual([
      {
        id: held.id,
        enquiryId: held.id,
        kind: 'HELD',
        tradeId: trade.id,
        tradeName: trade.name,
        churchName: church.name,
        senderEmail: 'spammer@example.com',
        message: 'Buy cheap watches at www.example.com now',
        reason: null,
        at: held.createdAt.toISOString(),
        relatedCount: 2,
        senderBlocked: false,
      },
      expect.objectContaining({
        id: report.id,
        enquiryId: reported.id,
        kind: 'SPAM_REPORT',
        senderEmail: 'Spammer@Example.com',
        message: 'Could you quote for painting a three-bedroom house next month?',
        reason: 'Selling something unrelated',
        relatedCount: 2,
      }),
    ]);
    expect(response.body).not.toContain('The private answer of the owner');
    expect(response.body).not.toContain(otherChurchs.id);
  });

  it("shows a governor their state's churches and administrators every church", async () => {
    const nsw = await scene('NSW');
    const vic = await scene('VIC');
    const nswHeld = await createEnquiry(db, { tradeId: nsw.trade.id, delivery: 'HELD' });
    const vicReport = await createSpamReport(db, await createEnquiry(db, { tradeId: vic.trade.id }), vic.church.id);

    const governor = idsOf(await reviews(await governorOf('NSW')));
    expect(governor).toContain(nswHeld.id);
    expect(governor).not.toContain(vicReport.id);
    const everywhere = idsOf(await reviews(await administrator()));
    expect(everywhere).toEqual(expect.arrayContaining([nswHeld.id, vicReport.id]));
    expect(idsOf(await reviews(nsw.moderator.browser))).not.toContain(vicReport.id);
  });

  it('refuses an owner, a priest and an anonymous caller', async () => {
    const owner = await browserOf((await createAccount(db, { role: 'TRADER' })).id);
    const priest = await browserOf((await createAccount(db, { role: 'PRIEST' })).id);

    expect((await owner.get('/api/moderation/enquiries')).statusCode).toBe(403);
    expect((await priest.get('/api/moderation/enquiries')).statusCode).toBe(403);
    expect((await testBrowser(app).get('/api/moderation/enquiries')).statusCode).toBe(401);
  });
});

describe('POST /api/moderation/enquiries/reports/:id/dismiss', () => {
  it('decides the report DISMISSED, once; a moderator of another church may not', async () => {
    const { church, trade, moderator } = await scene();
    const other = await scene();
    const report = await createSpamReport(db, await createEnquiry(db, { tradeId: trade.id }), church.id);

    const refused = await other.moderator.browser.post(`/api/moderation/enquiries/reports/${report.id}/dismiss`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.notYourChurchsEnquiry);
    expect((await reportRow(report.id)).decision).toBeNull();

    const response = await moderator.browser.post(`/api/moderation/enquiries/reports/${report.id}/dismiss`);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.spamReportDismissed);
    expect(await reportRow(report.id)).toMatchObject({ decision: 'DISMISSED', decidedBy: moderator.account.id });
    expect(idsOf(await reviews(moderator.browser))).not.toContain(report.id);
    const again = await moderator.browser.post(`/api/moderation/enquiries/reports/${report.id}/dismiss`);
    expect(again.statusCode).toBe(409);
    expect((await moderator.browser.post(`/api/moderation/enquiries/reports/${crypto.randomUUID()}/dismiss`)).statusCode).toBe(404);
  });
});

describe('POST /api/moderation/blockedSenders', () => {
  it('blocks the address, decides the report BLOCKED, drops its undelivered enquiries everywhere and audits it', async () => {
    const { church, trade, moderator } = await scene();
    const reported = await createEnquiry(db, { tradeId: trade.id, senderEmail: 'blocked@example.com' });
    const report = await createSpamReport(db, reported, church.id);
    const heldElsewhere = await createEnquiry(db, { tradeId: (await createTrade(db)).id, senderEmail: 'BLOCKED@example.com', delivery: 'HELD' });
    const unconfirmed = await createEnquiry(db, { tradeId: (await createTrade(db)).id, senderEmail: 'blocked@example.com', delivery: 'UNCONFIRMED' });
    const otherSender = await createEnquiry(db, { tradeId: trade.id, senderEmail: 'someone@example.com', delivery: 'HELD' });

    const response = await block(moderator.browser, { email: 'Blocked@Example.com', reason: 'Spam to many businesses', reportId: report.id });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES.senderBlocked,
      data: {
        blockedSender: {
          email: 'blocked@example.com',
          reason: 'Spam to many businesses',
          blockedByName: `${moderator.account.firstName} ${moderator.account.lastName}`,
        },
      },
    });
    expect(await reportRow(report.id)).toMatchObject({ decision: 'BLOCKED', decidedBy: moderator.account.id });
    expect(await deliveryOf(heldElsewhere.id)).toBe('DROPPED');
    expect(await deliveryOf(unconfirmed.id)).toBe('DROPPED');
    expect(await deliveryOf(reported.id)).toBe('DELIVERED');
    expect(await deliveryOf(otherSender.id)).toBe('HELD');
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'sender.block'), eq(auditLog.subjectId, 'blocked@example.com')));
    expect(audits).toHaveLength(1);
  });

  it('blocks an address once: blocking it again keeps the first reason', async () => {
    const { trade, moderator } = await scene();
    await createEnquiry(db, { tradeId: trade.id, senderEmail: 'twice@example.com', delivery: 'HELD' });
    await block(moderator.browser, { email: 'twice@example.com', reason: 'First reason' });

    const again = await block(await administrator(), { email: 'twice@example.com', reason: 'Second reason' });

    expect(again.statusCode).toBe(200);
    expect(again.json().data.blockedSender.reason).toBe('First reason');
    expect(await db.select().from(blockedSenders).where(eq(blockedSenders.emailKey, 'twice@example.com'))).toHaveLength(1);
  });

  it("lets a moderator block an address held at their church, and refuses one never seen there or another church's report", async () => {
    const { church, trade, moderator } = await scene();
    const other = await scene();
    const held = await createEnquiry(db, { tradeId: trade.id, senderEmail: 'held@example.com', delivery: 'HELD' });
    await createEnquiry(db, { tradeId: other.trade.id, senderEmail: 'elsewhere@example.com', delivery: 'HELD' });
    const report = await createSpamReport(db, await createEnquiry(db, { tradeId: trade.id, senderEmail: 'reported@example.com' }), church.id);

    expect((await block(moderator.browser, { email: 'held@example.com', reason: 'Held spam' })).statusCode).toBe(200);
    expect(await deliveryOf(held.id)).toBe('DROPPED');
    const unseen = await block(moderator.browser, { email: 'elsewhere@example.com', reason: 'Not ours' });
    expect(unseen.statusCode).toBe(403);
    expect(unseen.json().message).toBe(MESSAGES.notYourChurchsEnquiry);
    expect((await block(other.moderator.browser, { email: 'reported@example.com', reason: 'x', reportId: report.id })).statusCode).toBe(403);
    const mismatch = await block(moderator.browser, { email: 'held@example.com', reason: 'Wrong report', reportId: report.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(MESSAGES.reportOfAnotherSender);
    const blocked = await db.select().from(blockedSenders);
    expect(blocked.map((row) => row.emailKey)).not.toContain('elsewhere@example.com');
    expect(blocked.map((row) => row.emailKey)).not.toContain('reported@example.com');
  });

  it('lets an administrator block any address, and refuses an owner', async () => {
    const owner = await browserOf((await createAccount(db, { role: 'TRADER' })).id);

    expect((await block(owner, { email: 'any@example.com', reason: 'Spam' })).statusCode).toBe(403);
    expect((await block(await administrator(), { email: 'any@example.com', reason: 'Known spammer' })).statusCode).toBe(200);
  });

  it('refuses a block without a reason', async () => {
    const response = await block(await administrator(), { email: 'noreason@example.com', reason: ' ' });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(MESSAGES.blockReasonRequired);
  });
});

describe('GET and DELETE /api/moderation/blockedSenders', () => {
  it("shows administrators every blocked address, a moderator those they blocked and their churches' reported ones", async () => {
    const { church, trade, moderator } = await scene();
    const other = await scene();
    const admin = await administrator();
    await createSpamReport(db, await createEnquiry(db, { tradeId: trade.id, senderEmail: 'ours@example.com' }), church.id);
    await block(admin, { email: 'ours@example.com', reason: 'Reported at our church' });
    await block(admin, { email: 'unrelated@example.com', reason: 'Elsewhere' });
    await createEnquiry(db, { tradeId: other.trade.id, senderEmail: 'theirs@example.com', delivery: 'HELD' });
    await block(other.moderator.browser, { email: 'theirs@example.com', reason: 'Their own block' });

    const emails = async (browser: TestBrowser) =>
      ((await browser.get('/api/moderation/blockedSenders')).json().data.blockedSenders as { email: string }[]).map((row) => row.email);

    expect(await emails(admin)).toEqual(expect.arrayContaining(['ours@example.com', 'unrelated@example.com', 'theirs@example.com']));
    expect(await emails(moderator.browser)).toEqual(['ours@example.com']);
    expect(await emails(other.moderator.browser)).toEqual(['theirs@example.com']);
  });

  it('lets administrators alone unblock an address, audited; an address not blocked is not found', async () => {
    const { trade, moderator } = await scene();
    await createEnquiry(db, { tradeId: trade.id, senderEmail: 'unblock@example.com', delivery: 'HELD' });
    await block(moderator.browser, { email: 'unblock@example.com', reason: 'Spam' });
    const unblock = (browser: TestBrowser) => browser.request({ method: 'DELETE', url: '/api/moderation/blockedSenders?email=Unblock%40example.com' });

    expect((await unblock(moderator.browser)).statusCode).toBe(403);
    const admin = await administrator();
    const response = await unblock(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.senderUnblocked);
    expect(await db.select().from(blockedSenders).where(eq(blockedSenders.emailKey, 'unblock@example.com'))).toEqual([]);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'sender.unblock'), eq(auditLog.subjectId, 'unblock@example.com')))).toHaveLength(1);
    expect((await unblock(admin)).statusCode).toBe(404);
  });
});

describe('GET /api/moderation/enquiries/:id', () => {
  it('shows administrators a reported enquiry whole, and nobody else', async () => {
    const { church, trade, moderator } = await scene();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    await db.insert(enquiryMessages).values({ enquiryId: enquiry.id, author: 'OWNER', body: 'Owner answer in private' });
    await createSpamReport(db, enquiry, church.id);
    const url = `/api/moderation/enquiries/${enquiry.id}`;

    const response = await (await administrator()).get(url);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.enquiry).toMatchObject({ id: enquiry.id, senderEmail: enquiry.senderEmail, spamReported: true });
    expect(response.body).toContain('Owner answer in private');
    expect((await moderator.browser.get(url)).statusCode).toBe(403);
    expect((await (await governorOf('NSW')).get(url)).statusCode).toBe(403);
    expect((await testBrowser(app).get(url)).statusCode).toBe(401);
  });

  it('refuses administrators an enquiry without a report, whether or not it exists', async () => {
    const { trade } = await scene();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const admin = await administrator();

    for (const id of [enquiry.id, crypto.randomUUID()]) {
      const response = await admin.get(`/api/moderation/enquiries/${id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.enquiryNotReported);
      expect(response.body).not.toContain(enquiry.senderEmail);
    }
  });
});
