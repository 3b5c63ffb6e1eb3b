import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { dataExports, outboxMails, sessions, users } from '../../db/schema';
import { createAccount, createAddress, createSocialMedia, createTrade, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, outboxMailService } from '../../../test/test-app';
import { loggedInBrowsersOn, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createEnquiry } from '../enquiry-inbox/enquiry-factory';
import { createReview, createReviewReport } from '../reviews/review-factory';
import { dataExportJobOf } from './job';

const HOUR_MS = 60 * 60 * 1000;
const STEP_MS = 30_000;
const LONG_MS = 365 * 24 * HOUR_MS;
// One second into a TOTP step, so that a code made now never straddles two steps.
let now = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000;
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);
const job = dataExportJobOf(db, config, clock, outboxMailService(db, config.mailFrom), { warn: () => {} });

const REQUEST = { password: TEST_PASSWORD };

/** A picture as the image store keeps it, under the upload directory. */
function storedPicture(folder: string, name: string): string {
  fs.mkdirSync(path.join(config.uploadDir, folder), { recursive: true });
  fs.writeFileSync(path.join(config.uploadDir, folder, `${name.padEnd(32, '0')}.webp`), `picture ${name}`);
  return `/uploads/${folder}/${name.padEnd(32, '0')}.webp`;
}

/** An owner with a photo, a business with a logo, an address and social media, enquiries and reviews both ways. */
async function ownerWithHistory() {
  const owner = await createAccount(db, { role: 'TRADER', imageUrl: storedPicture('photos', 'a1') });
  const trade = await createTrade(db, { ownerId: owner.id, logoUri: storedPicture('logos', 'b2') });
  await createAddress(db, trade.id);
  await createSocialMedia(db, trade.id);
  await createEnquiry(db, { tradeId: trade.id, message: '=HYPERLINK("http://example.com","Quote")' });
  const review = await createReview(db, { tradeId: trade.id });
  const elsewhere = await createTrade(db);
  await createEnquiry(db, { tradeId: elsewhere.id, senderUserId: owner.id, senderEmail: owner.email, message: 'Do you fix gutters?' });
  await createReviewReport(db, review, { reporterUserId: owner.id });
  return { owner, trade, browser: await browserOf(owner.id) };
}

async function exportsOf(userId: string) {
  return db.select().from(dataExports).where(eq(dataExports.userId, userId));
}

async function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email));
}

/** The key of the "Download my data" link of the newest mail to the address. */
async function mailedKey(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /Download my data: (\S+)/.exec(mails.at(-1)?.textBody ?? '')?.[1];
  const url = new URL(link!);
  expect(url.pathname).toBe('/account/data');
  return url.searchParams.get('key')!;
}

async function readyKeyOf(owner: { email: string }, browser: TestBrowser): Promise<string> {
  expect((await browser.post('/api/user/dataExport', REQUEST)).statusCode).toBe(200);
  await job.run();
  return mailedKey(owner.email);
}

describe('downloading my data', () => {
  it('builds the archive in the job, mails a single-use link, and the link downloads a ZIP of the data without secrets', async () => {
    const { owner, trade, browser } = await ownerWithHistory();

    const asked = await browser.post('/api/user/dataExport', REQUEST);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ message: MESSAGES.dataExportRequested, data: { dataExport: { status: 'REQUESTED', readyAt: null } } });
    expect(await mailsTo(owner.email)).toEqual([]);

    await job.run();
    const key = await mailedKey(owner.email);
    expect((await browser.get('/api/user/dataExport')).json().data.dataExport).toMatchObject({
      status: 'READY',
      expiresAt: new Date(now + 24 * HOUR_MS).toISOString(),
    });

    const download = await browser.get(`/api/user/dataExport/${key}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="churchtrades-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers['cache-control']).toBe('no-store');

    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'sessions.json',
        'sessions.csv',
        'businesses.json',
        'addresses.csv',
        'social-media.csv',
        'enquiries-sent.json',
        'enquiries-received.csv',
        'enquiry-messages.csv',
        'reviews-received.json',
        'review-reports.csv',
        'audit-log.json',
        'data-exports.json',
        `uploads/${owner.imageUrl!.slice('/uploads/'.length)}`,
        `uploads/${trade.logoUri!.slice('/uploads/'.length)}`,
      ]),
    );
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(json('account.json')).toMatchObject({ id: owner.id, email: owner.email, twoStepOn: false });
    expect(json('businesses.json')).toEqual([expect.objectContaining({ id: trade.id, name: trade.name, address: expect.any(Object) })]);
    expect(json('enquiries-sent.json')).toEqual([expect.objectContaining({ messages: [expect.objectContaining({ body: 'Do you fix gutters?' })] })]);
    expect(strFromU8(files['enquiry-messages.csv']!)).toContain(`"'=HYPERLINK(""http://example.com"",""Quote"")"`);
    expect(strFromU8(files[`uploads/${owner.imageUrl!.slice('/uploads/'.length)}`]!)).toBe('picture a1');

    const [account] = await db.select().from(users).where(eq(users.id, owner.id));
    const sessionHashes = (await db.select().from(sessions).where(eq(sessions.userId, owner.id))).map((row) => row.tokenHash);
    const [row] = await exportsOf(owner.id);
    const everything = Object.values(files).map((content) => strFromU8(content)).join('\n');
    for (const secret of [account!.passwordHash, ...sessionHashes, row!.keyHash!, key, browser.sessionToken!]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/passwordHash|password_hash|mfaSecret|tokenHash|keyHash/);

    expect(fs.existsSync(path.join(config.exportDir, `${row!.id}.zip`))).toBe(false);
    const again = await browser.get(`/api/user/dataExport/${key}`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ status: 'GONE', message: MESSAGES.dataExportLinkUsed });
  });

  it('answers a second request with the archive of the first, and builds and mails one', async () => {
    const { owner, browser } = await ownerWithHistory();

    const first = await browser.post('/api/user/dataExport', REQUEST);
    const second = await browser.post('/api/user/dataExport', REQUEST);
    expect(second.json().data).toEqual(first.json().data);
    await job.run();
    const afterReady = await browser.post('/api/user/dataExport', REQUEST);
    await job.run();

    expect(afterReady.json()).toMatchObject({ message: MESSAGES.dataExportReady, data: { dataExport: { status: 'READY' } } });
    expect(await exportsOf(owner.id)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('refuses a wrong password as the other password checks do, and makes no archive', async () => {
    const { owner, browser } = await ownerWithHistory();

    const refused = await browser.post('/api/user/dataExport', { password: 'not-my-password' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.wrongPassword);
    expect(await exportsOf(owner.id)).toEqual([]);
  });

  it('asks an account with two-step on for a code, and takes each code once', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const owner = await createAccount(db, { mfa: true, mfaSecret: secret });
    const browser = await browserOf(owner.id);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now });

    const withoutCode = await browser.post('/api/user/dataExport', REQUEST);
    const wrongCode = await browser.post('/api/user/dataExport', { ...REQUEST, code: code === '000000' ? '111111' : '000000' });
    const rightCode = await browser.post('/api/user/dataExport', { ...REQUEST, code });
    const sameCode = await browser.post('/api/user/dataExport', { ...REQUEST, code });

    expect(withoutCode.json()).toMatchObject({ statusCode: 400, message: MESSAGES.twoStepCodeRequired });
    expect(wrongCode.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidTwoStepCode });
    expect(rightCode.statusCode).toBe(200);
    expect(sameCode.json()).toMatchObject({ statusCode: 400, message: MESSAGES.twoStepCodeUsed });
  });

  it('says a link has expired after 24 hours, and the job deletes the archive', async () => {
    const { owner, browser } = await ownerWithHistory();
    const key = await readyKeyOf(owner, browser);
    const [row] = await exportsOf(owner.id);
    expect(fs.existsSync(path.join(config.exportDir, `${row!.id}.zip`))).toBe(true);

    now += 24 * HOUR_MS + 1000;
    try {
      const late = await browser.get(`/api/user/dataExport/${key}`);
      await job.run();

      expect(late.statusCode).toBe(410);
      expect(late.json().message).toBe(MESSAGES.dataExportLinkExpired);
      expect(fs.existsSync(path.join(config.exportDir, `${row!.id}.zip`))).toBe(false);
      expect((await exportsOf(owner.id))[0]).toMatchObject({ status: 'EXPIRED', downloadedAt: null });
      expect((await browser.get('/api/user/dataExport')).json().data.dataExport.status).toBe('EXPIRED');
    } finally {
      now -= 24 * HOUR_MS + 1000;
    }
  });

  it("hands the archive to its owner's session alone: another account is told no such link, a visitor to log in", async () => {
    const { owner, browser } = await ownerWithHistory();
    const key = await readyKeyOf(owner, browser);
    const stranger = await browserOf((await createAccount(db)).id);

    const byStranger = await stranger.get(`/api/user/dataExport/${key}`);
    const byVisitor = await testBrowser(app).get(`/api/user/dataExport/${key}`);
    const malformed = await browser.get('/api/user/dataExport/not-a-key');

    expect(byStranger.json()).toMatchObject({ statusCode: 404, message: MESSAGES.dataExportNotFound });
    expect(byVisitor.statusCode).toBe(401);
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.dataExportLinkInvalid });
    expect((await browser.get(`/api/user/dataExport/${key}`)).statusCode).toBe(200);
  });
});
