import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries, enquiryDailyCounts, enquiryMessages, enquirySpamReports, outboxMails } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { conversationLinks, CONVERSATION_PATH } from '../enquiries/conversation-link';
import { createEnquiry } from './enquiry-factory';

const HOUR_MS = 60 * 60 * 1000;
const LONG_MS = 365 * 24 * HOUR_MS;
// 14:30 UTC is half past midnight the next day in Sydney (AEDT, UTC+11): the daily count files it there.
let now = Date.parse('2026-11-27T14:30:00Z');
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);
const links = conversationLinks(config.sessionSecret);

/** A business with its owner logged in. */
async function ownedBusiness(role: 'TRADER' | 'PRIEST' | 'USER' = 'TRADER') {
  const church = await createChurch(db);
  const owner = await createAccount(db, { role });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id });
  return { church, owner, trade, browser: await browserOf(owner.id) };
}

async function stored(id: string) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row!;
}

const received = (browser: TestBrowser, query = '') => browser.get(`/api/enquiries/received${query}`);
const one = (browser: TestBrowser, id: string) => browser.get(`/api/enquiries/received/${id}`);
const reply = (browser: TestBrowser, id: string, body: string) => browser.post(`/api/enquiries/received/${id}/replies`, { body });

describe('GET /api/enquiries/received', () => {
  it('lists only delivered enquiries of the folder, the latest conversation first, with counts and unread per folder', async () => {
    const { trade, browser } = await ownedBusiness();
    const older = await createEnquiry(db, { tradeId: trade.id, at: new Date(now - 3 * HOUR_MS), message: 'Older question about gutters' });
    const newer = await createEnquiry(db, { tradeId: trade.id, at: new Date(now - HOUR_MS), readAt: new Date(now) });
    await createEnquiry(db, { tradeId: trade.id, folder: 'ARCHIVED', at: new Date(now - 2 * HOUR_MS) });
    await createEnquiry(db, { tradeId: trade.id, delivery: 'HELD' });
    await createEnquiry(db, { tradeId: trade.id, delivery: 'UNCONFIRMED' });
    await createEnquiry(db, { tradeId: trade.id, delivery: 'DROPPED' });

    const response = await received(browser);

    expect(response.statusCode).toBe(200);
    const { enquiries: page, counts } = response.json().data;
    expect(page.content.map((enquiry: { id: string }) => enquiry.id)).toEqual([newer.id, older.id]);
    expect(page.content[1]).toMatchObject({
      senderName: 'Vera Visitor',
      suburb: 'Parramatta',
      preview: 'Older question about gutters',
      folder: 'NEW',
      read: false,
      receivedAt: new Date(now - 3 * HOUR_MS).toISOString(),
    });
    expect(page.totalElements).toBe(2);
    expect(counts).toEqual({
      NEW: { total: 2, unread: 1 },
      ANSWERED: { total: 0, unread: 0 },
      ARCHIVED: { total: 1, unread: 1 },
      SPAM: { total: 0, unread: 0 },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('pages a folder', async () => {
    const { trade, browser } = await ownedBusiness();
    for (let hour = 1; hour <= 3; hour++) await createEnquiry(db, { tradeId: trade.id, folder: 'ARCHIVED', at: new Date(now - hour * HOUR_MS) });

    const response = await received(browser, '?folder=ARCHIVED&page=1&size=2');

    expect(response.json().data.enquiries).toMatchObject({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(response.json().data.enquiries.content).toHaveLength(1);
  });

  it('shows nothing of other businesses, to a caller without a business or an administrator', async () => {
    const { trade } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const other = await ownedBusiness();
    const administrator = await createAccount(db, { role: 'ADMIN' });

    for (const browser of [other.browser, await browserOf(administrator.id)]) {
      const response = await received(browser);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(enquiry.id);
      expect(response.json().data.counts.NEW).toEqual({ total: 0, unread: 0 });
    }
  });

  it('refuses an anonymous caller and an unknown folder', async () => {
    const { browser } = await ownedBusiness();

    expect((await received(testBrowser(app))).statusCode).toBe(401);
    const response = await received(browser, '?folder=INBOX');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(MESSAGES.chooseEnquiryFolder);
  });
});

describe('GET /api/enquiries/received/:id', () => {
  it('answers the conversation with the sender\'s address, and marks it read', async () => {
    const { trade, browser } = await ownedBusiness('PRIEST');
    const enquiry = await createEnquiry(db, { tradeId: trade.id, senderPhone: '0412 345 678', at: new Date(now - HOUR_MS) });
    await db.insert(enquiryMessages).values({ enquiryId: enquiry.id, author: 'OWNER', body: 'Yes, next Tuesday?', createdAt: new Date(now - 30 * 60 * 1000) });

    const response = await one(browser, enquiry.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.enquiry).toMatchObject({
      id: enquiry.id,
      senderEmail: enquiry.senderEmail,
      senderPhone: '0412 345 678',
      senderConfirmed: true,
      read: true,
      spamReported: false,
      messages: [
        { author: 'VISITOR', body: 'Could you quote for painting a three-bedroom house next month?' },
        { author: 'OWNER', body: 'Yes, next Tuesday?' },
      ],
    });
    expect((await stored(enquiry.id)).readAt).toEqual(new Date(now));
  });

  it("lets a read-only owner read an enquiry without marking it read", async () => {
    const { trade, browser } = await ownedBusiness('USER');
    const enquiry = await createEnquiry(db, { tradeId: trade.id });

    const response = await one(browser, enquiry.id);

    expect(response.statusCode).toBe(200);
    expect((await stored(enquiry.id)).readAt).toBeNull();
  });

  it("answers 404, not 403, for another business's enquiry or one not delivered, and marks nothing", async () => {
    const { trade } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const other = await ownedBusiness();
    const held = await createEnquiry(db, { tradeId: other.trade.id, delivery: 'HELD' });
    const administrator = await browserOf((await createAccount(db, { role: 'ADMIN' })).id);

    for (const [browser, id] of [[other.browser, enquiry.id], [administrator, enquiry.id], [other.browser, held.id]] as const) {
      const response = await one(browser, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.enquiryNotFound);
      expect(response.body).not.toContain(enquiry.senderEmail);
    }
    expect((await one(testBrowser(app), enquiry.id)).statusCode).toBe(401);
    expect((await stored(enquiry.id)).readAt).toBeNull();
  });
});

describe('PATCH /api/enquiries/received/:id', () => {
  it('files an enquiry and marks it unread', async () => {
    const { trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id, readAt: new Date(now) });

    const response = await browser.patch(`/api/enquiries/received/${enquiry.id}`, { folder: 'ARCHIVED', read: false });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.enquiryUpdated, data: { enquiry: { folder: 'ARCHIVED', read: false } } });
    expect(await stored(enquiry.id)).toMatchObject({ folder: 'ARCHIVED', readAt: null });
  });

  it('refuses an empty change, the spam folder, a read-only owner and another owner', async () => {
    const { trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const readOnly = await ownedBusiness('USER');
    const readOnlyEnquiry = await createEnquiry(db, { tradeId: readOnly.trade.id });
    const other = await ownedBusiness();

    const empty = await browser.patch(`/api/enquiries/received/${enquiry.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MESSAGES.enquiryChangeRequired);
    expect((await browser.patch(`/api/enquiries/received/${enquiry.id}`, { folder: 'SPAM' })).statusCode).toBe(400);
    const refused = await readOnly.browser.patch(`/api/enquiries/received/${readOnlyEnquiry.id}`, { read: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.readOnlyAccount);
    expect((await other.browser.patch(`/api/enquiries/received/${enquiry.id}`, { read: true })).statusCode).toBe(404);
    expect(await stored(enquiry.id)).toMatchObject({ folder: 'NEW', readAt: null });
  });
});

describe('POST /api/enquiries/received/:id/replies', () => {
  it('adds the answer, files it answered, counts the first answer on the Sydney day and mails the visitor the private link', async () => {
    const { trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id, at: new Date(now - 5 * HOUR_MS), senderName: 'Vera' });

    const response = await reply(browser, enquiry.id, '  Happy to help: Tuesday at 9?\r\n  ');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.enquiryReplySent, data: { enquiry: { folder: 'ANSWERED', read: true } } });
    expect(response.json().data.enquiry.messages.at(-1)).toMatchObject({ author: 'OWNER', body: 'Happy to help: Tuesday at 9?' });
    expect(await stored(enquiry.id)).toMatchObject({
      folder: 'ANSWERED',
      firstAnsweredAt: new Date(now),
      lastMessageAt: new Date(now),
    });
    const counts = await db.select().from(enquiryDailyCounts).where(eq(enquiryDailyCounts.tradeId, trade.id));
    expect(counts).toEqual([{ tradeId: trade.id, day: '2026-11-28', received: 0, answered: 1 }]);
    const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.recipient, enquiry.senderEmail));
    const token = links.tokenFor({ enquiryId: enquiry.id, version: 1 });
    expect(mail!.subject).toBe(`${trade.name} answered your enquiry`);
    expect(mail!.textBody).toContain('Hello Vera,');
    expect(mail!.textBody).toContain('Happy to help: Tuesday at 9?');
    expect(mail!.textBody).toContain(`${config.appOrigin}${CONVERSATION_PATH}?token=${token}`);
  });

  it('keeps the first answer\'s time and counts the enquiry answered once', async () => {
    const { trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id, at: new Date(now - 5 * HOUR_MS) });
    const firstAt = now;
    await reply(browser, enquiry.id, 'First answer');
    now += HOUR_MS;

    await reply(browser, enquiry.id, 'Second answer');

    expect(await stored(enquiry.id)).toMatchObject({ firstAnsweredAt: new Date(firstAt), lastMessageAt: new Date(now) });
    const [count] = await db.select().from(enquiryDailyCounts).where(eq(enquiryDailyCounts.tradeId, trade.id));
    expect(count!.answered).toBe(1);
    const messages = await db.select().from(enquiryMessages).where(and(eq(enquiryMessages.enquiryId, enquiry.id), eq(enquiryMessages.author, 'OWNER')));
    expect(messages.map((message) => message.body).sort()).toEqual(['First answer', 'Second answer']);
  });

  it('adds to the day\'s count of another enquiry answered that day', async () => {
    const { trade, browser } = await ownedBusiness();
    const first = await createEnquiry(db, { tradeId: trade.id });
    const second = await createEnquiry(db, { tradeId: trade.id });

    await reply(browser, first.id, 'Answer one');
    await reply(browser, second.id, 'Answer two');

    const [count] = await db.select().from(enquiryDailyCounts).where(eq(enquiryDailyCounts.tradeId, trade.id));
    expect(count!.answered).toBe(2);
  });

  it("mails a link of the link's current version, working again, after the visitor stopped the last one", async () => {
    const { trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id, linkVersion: 2, linkRevokedAt: new Date(now - HOUR_MS) });

    await reply(browser, enquiry.id, 'Here is a new link');

    expect((await stored(enquiry.id)).linkRevokedAt).toBeNull();
    const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.recipient, enquiry.senderEmail));
    expect(mail!.textBody).toContain(`token=${links.tokenFor({ enquiryId: enquiry.id, version: 2 })}`);
  });

  it('refuses an answer to an enquiry in spam, an empty answer, a read-only owner and another owner, and mails nothing', async () => {
    const { trade, browser } = await ownedBusiness();
    const spam = await createEnquiry(db, { tradeId: trade.id, folder: 'SPAM' });
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const readOnly = await ownedBusiness('USER');
    const readOnlyEnquiry = await createEnquiry(db, { tradeId: readOnly.trade.id });
    const other = await ownedBusiness();

    const inSpam = await reply(browser, spam.id, 'Answering spam');
    expect(inSpam.statusCode).toBe(409);
    expect(inSpam.json().message).toBe(MESSAGES.enquiryInSpam);
    const empty = await reply(browser, enquiry.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MESSAGES.enquiryReplyRequired);
    expect((await reply(readOnly.browser, readOnlyEnquiry.id, 'Read-only answer')).statusCode).toBe(403);
    expect((await reply(other.browser, enquiry.id, 'Not my enquiry')).statusCode).toBe(404);
    expect((await reply(testBrowser(app), enquiry.id, 'Anonymous')).statusCode).toBe(401);

    for (const row of [spam, enquiry, readOnlyEnquiry]) {
      expect(await db.select().from(outboxMails).where(eq(outboxMails.recipient, row.senderEmail))).toEqual([]);
      expect((await stored(row.id)).firstAnsweredAt).toBeNull();
    }
  });
});

describe('POST /api/enquiries/received/:id/spam', () => {
  it("files it as spam and reports it once to the moderators of the business's church; again changes nothing", async () => {
    const { church, owner, trade, browser } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });

    const response = await browser.post(`/api/enquiries/received/${enquiry.id}/spam`, { reason: ' Selling crypto ' });
    const again = await browser.post(`/api/enquiries/received/${enquiry.id}/spam`, { reason: 'Still spam' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.enquiryReported, data: { enquiry: { folder: 'SPAM', spamReported: true } } });
    expect(again.statusCode).toBe(200);
    const reports = await db.select().from(enquirySpamReports).where(eq(enquirySpamReports.enquiryId, enquiry.id));
    expect(reports).toEqual([
      expect.objectContaining({ churchId: church.id, reportedBy: owner.id, reason: 'Selling crypto', reportedAt: new Date(now), decision: null }),
    ]);
    expect((await stored(enquiry.id)).folder).toBe('SPAM');
  });

  it('refuses a read-only owner and another owner', async () => {
    const { trade } = await ownedBusiness();
    const enquiry = await createEnquiry(db, { tradeId: trade.id });
    const readOnly = await ownedBusiness('USER');
    const readOnlyEnquiry = await createEnquiry(db, { tradeId: readOnly.trade.id });
    const other = await ownedBusiness();

    expect((await readOnly.browser.post(`/api/enquiries/received/${readOnlyEnquiry.id}/spam`, {})).statusCode).toBe(403);
    expect((await other.browser.post(`/api/enquiries/received/${enquiry.id}/spam`, {})).statusCode).toBe(404);
    const reports = await db.select().from(enquirySpamReports);
    expect(reports.filter((report) => [enquiry.id, readOnlyEnquiry.id].includes(report.enquiryId))).toEqual([]);
  });
});
