import fs from 'node:fs';
import path from 'node:path';
import { COVER_PICTURE_HEIGHT, COVER_PICTURE_WIDTH, MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createTrade } from '../../../test/factories';
import { type FormFile, multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';

const { app, database, config } = await createTestApp();
const db = database.db;

async function ownerWithTrade(account: Parameters<typeof createAccount>[1] = {}) {
  const owner = await createAccount(db, account);
  const trade = await createTrade(db, { ownerId: owner.id });
  return { owner, trade, browser: await loggedInBrowser(app, db, owner.id) };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

function imageFile(content: Buffer, filename = 'cover.jpg', contentType = 'image/jpeg'): FormFile {
  return { field: 'file', filename, contentType, content };
}

function uploadCover(browser: TestBrowser, fields: Record<string, string>, file?: FormFile) {
  return browser.request({ method: 'PATCH', url: '/api/trades/image', ...multipartForm(fields, file ? [file] : []) });
}

/** A photo as a camera hands it over: a JPEG with the camera's and the place's metadata in it. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#5a7d3c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Artist: 'Jane Citizen' } })
    .toBuffer();
}

function storedFile(uri: string): string {
  return path.join(config.uploadDir, uri.replace(/^\/uploads\//, ''));
}

function coverFiles(): string[] {
  const folder = path.join(config.uploadDir, 'covers');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

describe('PATCH /api/trades/image', () => {
  it('stores a cover picture re-encoded as WebP, 16:9 at most 1600 pixels wide, without its metadata', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await uploadCover(browser, { tradeId: trade.id }, imageFile(await photo(3000, 2000)));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.coverPictureUpdated });
    const image: string = response.json().data.trade.image;
    expect(image).toMatch(/^\/uploads\/covers\/[0-9a-f]{32}\.webp$/);
    const stored = await sharp(fs.readFileSync(storedFile(image))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: COVER_PICTURE_WIDTH, height: COVER_PICTURE_HEIGHT });
    expect(stored.exif).toBeUndefined();
    expect(fs.readFileSync(storedFile(image)).includes('PhoneMaker')).toBe(false);
    expect((await storedTrade(trade.id)).image).toBe(image);
    // The logo is a picture of its own.
    expect(response.json().data.trade.logoUri).toBeNull();
  });

  it.each([
    { shape: 'a small landscape photo', width: 800, height: 600, stored: { width: 800, height: 450 } },
    { shape: 'a tall portrait photo', width: 900, height: 1600, stored: { width: 900, height: 506 } },
    { shape: 'a wide panorama', width: 4000, height: 600, stored: { width: 1066, height: 600 } },
  ])('cuts $shape to 16:9 without enlarging it', async ({ width, height, stored }) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await uploadCover(browser, { tradeId: trade.id }, imageFile(await photo(width, height)));

    const image: string = response.json().data.trade.image;
    expect(await sharp(fs.readFileSync(storedFile(image))).metadata()).toMatchObject({ format: 'webp', ...stored });
  });

  it('turns a photo taken sideways upright before cutting it', async () => {
    const { trade, browser } = await ownerWithTrade();
    // Stored 1200 × 800 with orientation 6: it is seen 800 wide and 1200 high.
    const sideways = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const response = await uploadCover(browser, { tradeId: trade.id }, imageFile(sideways));

    const image: string = response.json().data.trade.image;
    expect(await sharp(fs.readFileSync(storedFile(image))).metadata()).toMatchObject({ width: 800, height: 450 });
  });

  it('removes the cover picture it replaces, and leaves the logo alone', async () => {
    const { trade, browser } = await ownerWithTrade();
    const first: string = (await uploadCover(browser, { tradeId: trade.id }, imageFile(await photo(640, 360)))).json().data.trade
      .image;

    const second = await uploadCover(browser, { tradeId: trade.id }, imageFile(await photo(1280, 720)));

    expect(second.statusCode).toBe(200);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(storedFile(second.json().data.trade.image))).toBe(true);
  });

  it('refuses a fake image as cover with 415, storing nothing and keeping the cover', async () => {
    const { trade, browser } = await ownerWithTrade();
    const before = coverFiles();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);

    const response = await uploadCover(browser, { tradeId: trade.id }, imageFile(fake));

    expect(response.json()).toMatchObject({ statusCode: 415, status: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.notAnImage });
    expect((await storedTrade(trade.id)).image).toBeNull();
    expect(coverFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { trade, browser } = await ownerWithTrade();
    const large = Buffer.concat([await photo(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);

    const response = await uploadCover(browser, { tradeId: trade.id }, imageFile(large));

    expect(response.json()).toMatchObject({ statusCode: 413, status: 'PAYLOAD_TOO_LARGE', message: MESSAGES.imageTooLarge });
  });

  it('asks for an image, and for the trade id when the form has none or a malformed one', async () => {
    const { trade, browser } = await ownerWithTrade();

    const noImage = await uploadCover(browser, { tradeId: trade.id });
    const missing = await uploadCover(browser, {}, imageFile(await photo(10, 10)));
    const malformed = await uploadCover(browser, { tradeId: '../../etc' }, imageFile(await photo(10, 10)));

    expect(noImage.json()).toMatchObject({ statusCode: 400, message: MESSAGES.imageRequired });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
  });

  it("refuses another owner's trade with 403, storing no file", async () => {
    const { browser } = await ownerWithTrade();
    const other = await ownerWithTrade();
    const before = coverFiles();

    const response = await uploadCover(browser, { tradeId: other.trade.id }, imageFile(await photo(10, 10)));

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.notYourTrade });
    expect(await storedTrade(other.trade.id)).toEqual(other.trade);
    expect(coverFiles()).toEqual(before);
  });

  it('refuses a read-only USER, and a visitor who is not logged in, before reading the file', async () => {
    const reader = await ownerWithTrade({ role: 'USER' });
    const file = imageFile(await photo(10, 10));

    const asReader = await uploadCover(reader.browser, { tradeId: reader.trade.id }, file);
    const asVisitor = await uploadCover(testBrowser(app), { tradeId: reader.trade.id }, file);

    expect(asReader.json()).toMatchObject({ statusCode: 403, message: MESSAGES.readOnlyAccount });
    expect(asVisitor.json()).toMatchObject({ statusCode: 401, message: 'You are not logged in' });
    expect((await storedTrade(reader.trade.id)).image).toBeNull();
  });

  it("lets an administrator change any business's cover picture", async () => {
    const { trade } = await ownerWithTrade();
    const admin = await ownerWithTrade({ role: 'ADMIN' });

    const response = await uploadCover(admin.browser, { tradeId: trade.id }, imageFile(await photo(320, 180)));

    expect(response.statusCode).toBe(200);
    expect((await storedTrade(trade.id)).image).toBe(response.json().data.trade.image);
  });

  it('shows the cover picture in the public data of a listed business', async () => {
    const { trade, browser } = await ownerWithTrade();
    const image: string = (await uploadCover(browser, { tradeId: trade.id }, imageFile(await photo(320, 180)))).json().data.trade
      .image;

    const listed = await app.inject({ method: 'GET', url: `/api/trades/${trade.id}` });
    const served = await app.inject({ method: 'GET', url: image });

    expect(listed.json().data.trade.image).toBe(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
