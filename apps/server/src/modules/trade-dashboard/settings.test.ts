import fs from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, trades } from '../../db/schema';
import { createAccount, createTrade } from '../../../test/factories';
import { type FormFile, multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database, config } = await createTestApp();
const db = database.db;

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

async function administrator() {
  const admin = await createAccount(db, { role: 'ADMIN' });
  return loggedInBrowser(app, db, admin.id);
}

async function auditOf(tradeId: string) {
  return db.select().from(auditLog).where(eq(auditLog.subjectId, tradeId));
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe('the settings toggles', () => {
  it.each([
    ['toggletradeatclient', 'atClient', false],
    ['toggletradeatbusiness', 'atBusiness', true],
    ['toggletradeonline', 'online', false],
    ['toggleEnabled', 'enabled', true],
  ] as const)('%s flips %s and answers the business; a second call flips it back', async (route, field, before) => {
    const { trade, browser } = await ownerWithTrade();

    const first = await browser.patch(`/api/trades/${route}?key=${trade.id}`);
    const second = await browser.patch(`/api/trades/${route}?key=${trade.id}`);

    expect(first.json()).toMatchObject({ statusCode: 200, message: MESSAGES.settingsUpdated, data: { trade: { id: trade.id, [field]: !before } } });
    expect(second.json().data.trade[field]).toBe(before);
    expect((await storedTrade(trade.id))[field]).toBe(before);
  });

  it('takes a disabled business out of the directory and shows the owner it is hidden', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch(`/api/trades/toggleEnabled?key=${trade.id}`);
    const listed = await app.inject({ method: 'GET', url: `/api/trades/${trade.id}` });

    expect(response.json().data.trade.listingState).toBe('HIDDEN');
    expect(listed.statusCode).toBe(404);
  });

  it.each(['toggleLocked', 'toggleExpired'])('%s is refused to the owner with 403 and changes nothing', async (route) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch(`/api/trades/${route}?key=${trade.id}`);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.administratorsOnly });
    expect(await storedTrade(trade.id)).toEqual(trade);
    expect(await auditOf(trade.id)).toEqual([]);
  });

  it.each([
    ['toggleLocked', 'locked', 'trade.lock'],
    ['toggleExpired', 'expired', 'trade.expire'],
  ] as const)('%s flips %s for an administrator and writes each flip to the audit log', async (route, field, action) => {
    const { trade } = await ownerWithTrade();
    const browser = await administrator();

    const response = await browser.patch(`/api/trades/${route}?key=${trade.id}`);
    await browser.patch(`/api/trades/${route}?key=${trade.id}`);

    expect(response.json().data.trade).toMatchObject({ [field]: true, listingState: 'HIDDEN' });
    const entries = (await auditOf(trade.id)).map(({ action, subjectType, subjectName, before, after }) => ({ action, subjectType, subjectName, before, after }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { action, subjectType: 'TRADE', subjectName: trade.name, before: { [field]: false }, after: { [field]: true } },
        { action, subjectType: 'TRADE', subjectName: trade.name, before: { [field]: true }, after: { [field]: false } },
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('writes nothing to the audit log for the switches owners flip', async () => {
    const { trade, browser } = await ownerWithTrade();

    await browser.patch(`/api/trades/toggleEnabled?key=${trade.id}`);

    expect(await auditOf(trade.id)).toEqual([]);
  });

  it('refuses a missing or malformed key with 400 and answers 404 for an unknown one', async () => {
    const { browser } = await ownerWithTrade();

    const missing = await browser.patch('/api/trades/toggleEnabled');
    const malformed = await browser.patch('/api/trades/toggleEnabled?key=42');
    const unknown = await browser.patch('/api/trades/toggleEnabled?key=00000000-0000-4000-8000-000000000000');

    expect(missing.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.tradeNotFound });
  });
});

describe('PATCH /api/trades/logo', () => {
  function imageFile(content: Buffer, filename = 'logo.png', contentType = 'image/png'): FormFile {
    return { field: 'file', filename, contentType, content };
  }

  function uploadLogo(browser: TestBrowser, fields: Record<string, string>, file?: FormFile) {
    return browser.request({ method: 'PATCH', url: '/api/trades/logo', ...multipartForm(fields, file ? [file] : []) });
  }

  function logo(width = 800, height = 400): Promise<Buffer> {
    return sharp({ create: { width, height, channels: 3, background: '#204060' } }).png().toBuffer();
  }

  function storedFile(uri: string): string {
    return path.join(config.uploadDir, uri.replace(/^\/uploads\//, ''));
  }

  function logoFiles(): string[] {
    const folder = path.join(config.uploadDir, 'logos');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  }

  it('stores the logo as WebP fitted into 512 pixels and answers the business with its logoUri', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await uploadLogo(browser, { tradeId: trade.id }, imageFile(await logo()));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.logoUpdated });
    const logoUri: string = response.json().data.trade.logoUri;
    expect(logoUri).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    expect(await sharp(fs.readFileSync(storedFile(logoUri))).metadata()).toMatchObject({ format: 'webp', width: 512, height: 256 });
    expect((await storedTrade(trade.id)).logoUri).toBe(logoUri);
  });

  it('removes the logo it replaces', async () => {
    const { trade, browser } = await ownerWithTrade();
    const first = (await uploadLogo(browser, { tradeId: trade.id }, imageFile(await logo()))).json().data.trade.logoUri;

    await uploadLogo(browser, { tradeId: trade.id }, imageFile(await logo(300, 300)));

    expect(fs.existsSync(storedFile(first))).toBe(false);
  });

  it('refuses a text file named logo.png with 415 and keeps the logo', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await uploadLogo(browser, { tradeId: trade.id }, imageFile(Buffer.from('not a picture\n'.repeat(100))));

    expect(response.json()).toMatchObject({ statusCode: 415, status: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.notAnImage });
    expect((await storedTrade(trade.id)).logoUri).toBeNull();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { trade, browser } = await ownerWithTrade();
    const large = Buffer.concat([await logo(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);

    const response = await uploadLogo(browser, { tradeId: trade.id }, imageFile(large));

    expect(response.json()).toMatchObject({ statusCode: 413, status: 'PAYLOAD_TOO_LARGE', message: MESSAGES.imageTooLarge });
  });

  it('asks for the trade id when the form has none or a malformed one', async () => {
    const { browser } = await ownerWithTrade();

    const missing = await uploadLogo(browser, {}, imageFile(await logo(10, 10)));
    const malformed = await uploadLogo(browser, { tradeId: '../../etc' }, imageFile(await logo(10, 10)));

    expect(missing.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
  });

  it("refuses another owner's business with 403, storing no file", async () => {
    const { browser } = await ownerWithTrade();
    const other = await ownerWithTrade();
    const before = logoFiles();

    const response = await uploadLogo(browser, { tradeId: other.trade.id }, imageFile(await logo(10, 10)));

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.notYourTrade });
    expect(await storedTrade(other.trade.id)).toEqual(other.trade);
    expect(logoFiles()).toEqual(before);
  });
});
