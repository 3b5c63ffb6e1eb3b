import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_DELETION_DAYS, FORMER_CUSTOMER, FORMER_USER } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addresses,
  auditLog,
  enquiries,
  oneTimeKeys,
  outboxMails,
  reviews,
  sessions,
  socialMedia,
  trades,
  tradeVouches,
  users,
} from '../../db/schema';
import {
  createAccount,
  createAddress,
  createOwner,
  createSocialMedia,
  createTrade,
  createVouch,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn, testBrowser } from '../../../test/test-browser';
import { createEnquiry } from '../enquiry-inbox/enquiry-factory';
import { createReview, createReviewReport } from '../reviews/review-factory';
import { accountDeletionJobOf, addressHashOf } from './job';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_MS = 365 * DAY_MS;
let now = Date.now();
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);
const job = accountDeletionJobOf(db, config, clock);

/** A picture as the image store keeps it, under the upload directory. */
function storedPicture(folder: string): string {
  const name = `${crypto.randomUUID().replaceAll('-', '')}.webp`;
  fs.mkdirSync(path.join(config.uploadDir, folder), { recursive: true });
  fs.writeFileSync(path.join(config.uploadDir, folder, name), 'picture');
  return `/uploads/${folder}/${name}`;
}

const fileOf = (url: string) => path.join(config.uploadDir, url.slice('/uploads/'.length));

async function ownerAndBusiness() {
  const owner = await createAccount(db, { role: 'TRADER', imageUrl: storedPicture('photos') });
  const trade = await createTrade(db, { ownerId: owner.id, logoUri: storedPicture('logos'), image: storedPicture('covers') });
  await createAddress(db, trade.id);
  await createSocialMedia(db, trade.id);
  return { owner, trade, browser: await browserOf(owner.id) };
}

async function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email)).orderBy(outboxMails.createdAt);
}

/** The key of the "Keep my account" link of the newest mail to the address. */
async function undoKeyMailedTo(email: string): Promise<string> {
  const link = /Keep my account: (\S+)/.exec((await mailsTo(email)).at(-1)?.textBody ?? '')?.[1];
  const url = new URL(link!);
  expect(url.pathname).toBe('/verify/deletion/undo');
  return url.searchParams.get('key')!;
}

async function accountOf(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function listed(tradeId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ listed: trades.listed }).from(trades).where(eq(trades.id, tradeId));
  return row?.listed;
}

const undo = (key: string) => testBrowser(app).post('/api/user/deletion/undo', { key });

/** Runs the job as if the days had passed. */
async function afterDays(days: number, run: () => Promise<void>): Promise<void> {
  now += days * DAY_MS;
  try {
    await run();
  } finally {
    now -= days * DAY_MS;
  }
}

describe('deleting my account', () => {
  it('closes the account at once: sessions end, the business leaves the directory, logging in says it waits', async () => {
    const { owner, trade, browser } = await ownerAndBusiness();
    const other = await browserOf(owner.id);
    expect(await listed(trade.id)).toBe(true);

    const asked = await browser.post('/api/user/deletion', { password: TEST_PASSWORD });

    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      message: MESSAGES.accountDeletionRequested,
      data: { deletesAt: new Date(now + ACCOUNT_DELETION_DAYS * DAY_MS).toISOString() },
    });
    expect(String(asked.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    expect(await listed(trade.id)).toBe(false);
    const login = await testBrowser(app).post('/api/user/login', { email: owner.email, password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ statusCode: 403, message: MESSAGES.accountDeletionPending });
    expect((await mailsTo(owner.email)).at(-1)?.subject).toBe('Your ChurchTrades account will be deleted');
  });

  it('refuses a wrong password and a missing one, and closes nothing', async () => {
    const { owner, browser } = await ownerAndBusiness();

    const wrong = await browser.post('/api/user/deletion', { password: 'not-my-password' });
    const missing = await browser.post('/api/user/deletion', {});

    expect(wrong.json()).toMatchObject({ statusCode: 400, message: MESSAGES.wrongPassword });
    expect(missing.statusCode).toBe(400);
    expect((await accountOf(owner.id))?.deletionDueAt).toBeNull();
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('keeps the account by the mailed link, once: open again, listed again, and the link then says so', async () => {
    const { owner, trade, browser } = await ownerAndBusiness();
    await browser.post('/api/user/deletion', { password: TEST_PASSWORD });
    const key = await undoKeyMailedTo(owner.email);

    const kept = await undo(key);
    const again = await undo(key);
    const malformed = await undo('not-a-key');

    expect(kept.json()).toMatchObject({ statusCode: 200, message: MESSAGES.accountDeletionUndone });
    expect(again.json()).toMatchObject({ statusCode: 410, message: MESSAGES.accountDeletionLinkInvalid });
    expect(malformed.statusCode).toBe(400);
    expect((await accountOf(owner.id))?.deletionDueAt).toBeNull();
    expect(await listed(trade.id)).toBe(true);
    const login = await testBrowser(app).post('/api/user/login', { email: owner.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    await afterDays(ACCOUNT_DELETION_DAYS + 1, () => job.run());
    expect(await accountOf(owner.id)).toBeDefined();
  });

  it('answers a registration of the waiting address as any other, and mails its owner a fresh undo link', async () => {
    const { owner, browser } = await ownerAndBusiness();
    await browser.post('/api/user/deletion', { password: TEST_PASSWORD });
    const firstKey = await undoKeyMailedTo(owner.email);

    const registered = await testBrowser(app).post('/api/user/register', {
      firstName: 'Someone',
      lastName: 'Else',
      email: owner.email,
      password: 'a-long-and-unusual-passphrase',
    });

    expect(registered.statusCode).toBe(200);
    const mail = (await mailsTo(owner.email)).at(-1);
    expect(mail?.subject).toBe('Your ChurchTrades account is waiting to be deleted');
    const freshKey = await undoKeyMailedTo(owner.email);
    expect(freshKey).not.toBe(firstKey);
    expect((await undo(firstKey)).statusCode).toBe(410);
    expect((await undo(freshKey)).statusCode).toBe(200);
  });

  it('deletes after the days: the account, its business with its pictures, addresses, social media, sessions and keys', async () => {
    const { owner, trade, browser } = await ownerAndBusiness();
    await browser.post('/api/user/deletion', { password: TEST_PASSWORD });
    const key = await undoKeyMailedTo(owner.email);

    await afterDays(ACCOUNT_DELETION_DAYS - 1, () => job.run());
    expect(await accountOf(owner.id)).toBeDefined();

    await afterDays(ACCOUNT_DELETION_DAYS, () => job.run());
    expect(await accountOf(owner.id)).toBeUndefined();
    expect(await db.select().from(trades).where(eq(trades.id, trade.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.entityId, trade.id))).toEqual([]);
    expect(await db.select().from(socialMedia).where(eq(socialMedia.entityId, trade.id))).toEqual([]);
    expect(await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.userId, owner.id))).toEqual([]);
    for (const url of [owner.imageUrl!, trade.logoUri!, trade.image!]) expect(fs.existsSync(fileOf(url))).toBe(false);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect((await undo(key)).json()).toMatchObject({ statusCode: 410, message: MESSAGES.accountDeletionLinkInvalid });
  });

  it('leaves what others rely on without the person: reviews, conversations, vouches and the audit log', async () => {
    const { owner, browser } = await ownerAndBusiness();
    const enquiry = { senderUserId: owner.id, senderEmail: owner.email, senderName: `${owner.firstName} ${owner.lastName}` };
    const reviewed = await createTrade(db);
    const quiet = await createReview(db, { tradeId: reviewed.id, enquiry, body: 'Tidy work, fair price and on time.' });
    const reportedTrade = await createTrade(db);
    const reported = await createReview(db, { tradeId: reportedTrade.id, enquiry });
    await createReviewReport(db, reported);
    const business = await createOwner(db);
    const askedTrade = await createTrade(db, { ownerId: business.id });
    const conversation = await createEnquiry(db, { tradeId: askedTrade.id, ...enquiry, message: 'Can you fix a gate?' });
    const vouched = await createTrade(db);
    const vouch = await createVouch(db, vouched, { voucherId: owner.id, voucherRole: 'PRIEST' });
    await browser.post('/api/user/deletion', { password: TEST_PASSWORD });

    await afterDays(ACCOUNT_DELETION_DAYS, () => job.run());

    const [quietAfter] = await db.select().from(reviews).where(eq(reviews.id, quiet.id));
    expect(quietAfter).toMatchObject({ reviewerName: FORMER_CUSTOMER, reviewerUserId: null, body: quiet.body, status: 'PUBLISHED' });
    expect(quietAfter?.reviewerEmailKey).not.toContain(owner.email.split('@')[0]);
    const [reportedAfter] = await db.select().from(reviews).where(eq(reviews.id, reported.id));
    expect(reportedAfter).toMatchObject({ reviewerName: FORMER_CUSTOMER, status: 'HELD', holdReasons: ['REVIEWER_LEFT'] });

    const inbox = await browserOf(business.id);
    const read = await inbox.get(`/api/enquiries/received/${conversation.id}`);
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json().data)).toContain(FORMER_USER);
    expect(JSON.stringify(read.json().data)).not.toContain(owner.email);
    const answer = await inbox.post(`/api/enquiries/received/${conversation.id}/replies`, { body: 'Yes, next week.' });
    expect(answer.json()).toMatchObject({ statusCode: 409, message: MESSAGES.formerUserCannotBeAnswered });
    const [enquiryAfter] = await db.select().from(enquiries).where(eq(enquiries.id, conversation.id));
    expect(enquiryAfter).toMatchObject({ senderName: FORMER_USER, senderEmail: '', senderPhone: null, senderUserId: null });

    const [vouchAfter] = await db.select().from(tradeVouches).where(eq(tradeVouches.id, vouch.id));
    expect(vouchAfter).toMatchObject({ voucherId: null, voucherRole: 'PRIEST' });

    const entries = await db.select({ text: sql<string>`${auditLog}::text` }).from(auditLog);
    expect(entries.map((entry) => entry.text).join('\n')).not.toContain(owner.email);
    const deleted = await db.select().from(auditLog).where(eq(auditLog.subjectId, owner.id));
    expect(deleted.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.deletionRequest', 'user.delete']));
    for (const entry of deleted) expect(entry.subjectName).toBe(addressHashOf(owner.email));
  });
});

describe('pending deletions, as administrators see them', () => {
  it('filters the users waiting to be deleted and says when each goes', async () => {
    const { owner, browser } = await ownerAndBusiness();
    await browser.post('/api/user/deletion', { password: TEST_PASSWORD });
    const admin = await browserOf((await createOwner(db, { role: 'ADMIN' })).id);

    const answer = await admin.get(`/api/masterUser/filter?deletionPending=true&searchText=${encodeURIComponent(owner.email)}`);
    const none = await admin.get(`/api/masterUser/filter?deletionPending=false&searchText=${encodeURIComponent(owner.email)}`);

    expect(answer.json().data.users.content).toEqual([
      expect.objectContaining({ userId: owner.id, deletionDueAt: new Date(now + ACCOUNT_DELETION_DAYS * DAY_MS).toISOString() }),
    ]);
    expect(none.json().data.users.content).toEqual([]);
  });
});
