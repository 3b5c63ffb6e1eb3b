import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_BYTES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { auditLog, users } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import { createAccount, createActor } from '../../../test/factories';
import { type FormFile, multipartForm } from '../../../test/multipart-form';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createOutboxRepo } from '../mail/repo';
import { createMailService } from '../mail/service';
import { createRateLimitRepo } from '../rate-limits/repo';
import { createRateLimiter } from '../rate-limits/service';
import { createSessionRepo } from '../sessions/repo';
import { createSessionService } from '../sessions/service';
import { createImageStore } from '../uploads/image-store';
import { createUserRepo } from './repo';
import { createUserService } from './service';
import { createTotpSecretBox } from './totp-secrets';

const { app, database, config } = await createTestApp();
const db = database.db;

function imageFile(content: Buffer, filename = 'me.png', contentType = 'image/png'): FormFile {
  return { field: 'file', filename, contentType, content };
}

function uploadPhoto(browser: TestBrowser, userId: string, file?: FormFile) {
  return browser.request({ method: 'PATCH', url: '/api/user/photo', ...multipartForm({ userId }, file ? [file] : []) });
}

/** A photo as a camera saves it: large, with the author and the camera in its metadata. */
function cameraJpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#8a6d3b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Make: 'SecretCam' } })
    .toBuffer();
}

function storedFile(imageUrl: string): string {
  return path.join(config.uploadDir, imageUrl.replace(/^\/uploads\//, ''));
}

async function owner() {
  const account = await createAccount(db);
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

describe('PATCH /api/user/photo', () => {
  it('stores a JPEG as WebP without its metadata, fitted into 512 pixels, and answers the new imageUrl', async () => {
    const { account, browser } = await owner();
    const jpeg = await cameraJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await uploadPhoto(browser, account.id, imageFile(jpeg, 'holiday.jpg', 'image/jpeg'));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.photoUpdated, data: { user: { userId: account.id } } });
    const imageUrl: string = response.json().data.user.imageUrl;
    expect(imageUrl).toMatch(/^\/uploads\/photos\/[0-9a-f]{32}\.webp$/);
    const stored = fs.readFileSync(storedFile(imageUrl));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.includes('Secret')).toBe(false);
    expect((await browser.get('/api/user/profile')).json().data.user.imageUrl).toBe(imageUrl);
  });

  it('takes a PNG sent in any field order, and keeps a small image its size', async () => {
    const { account, browser } = await owner();
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#33669980' } }).png().toBuffer();
    const form = multipartForm({ userId: account.id }, [imageFile(png)], { filesFirst: true });

    const response = await browser.request({ method: 'PATCH', url: '/api/user/photo', ...form });

    expect(response.statusCode).toBe(200);
    const metadata = await sharp(fs.readFileSync(storedFile(response.json().data.user.imageUrl))).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('serves the stored photo at its URL, cached for a year', async () => {
    const { account, browser } = await owner();
    const uploaded = await uploadPhoto(browser, account.id, imageFile(await cameraJpeg(100, 100)));

    const response = await testBrowser(app).get(uploaded.json().data.user.imageUrl);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a photo that is not there', async () => {
    const response = await testBrowser(app).get('/uploads/photos/00000000000000000000000000000000.webp');

    expect(response.statusCode).toBe(404);
  });

  it('removes the photo it replaces', async () => {
    const { account, browser } = await owner();
    const first = (await uploadPhoto(browser, account.id, imageFile(await cameraJpeg(100, 100)))).json().data.user.imageUrl;

    await uploadPhoto(browser, account.id, imageFile(await cameraJpeg(120, 100)));

    expect(fs.existsSync(storedFile(first))).toBe(false);
  });

  it('refuses a text file named photo.png and sent as image/png with 415', async () => {
    const { account, browser } = await owner();

    const response = await uploadPhoto(browser, account.id, imageFile(Buffer.from('I am not a picture, honestly.\n'.repeat(50)), 'photo.png'));

    expect(response.json()).toMatchObject({ statusCode: 415, status: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.notAnImage });
  });

  it('refuses an SVG drawing with 415: photos are raster images', async () => {
    const { account, browser } = await owner();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

    const response = await uploadPhoto(browser, account.id, imageFile(svg, 'logo.svg', 'image/svg+xml'));

    expect(response.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { account, browser } = await owner();
    const large = Buffer.concat([await cameraJpeg(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);

    const response = await uploadPhoto(browser, account.id, imageFile(large, 'big.jpg', 'image/jpeg'));

    expect(response.json()).toMatchObject({ statusCode: 413, status: 'PAYLOAD_TOO_LARGE', message: MESSAGES.imageTooLarge });
  });

  it("refuses to change another user's photo with 403", async () => {
    const { browser } = await owner();
    const other = await createAccount(db);

    const response = await uploadPhoto(browser, other.id, imageFile(await cameraJpeg(100, 100)));

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourPhoto });
  });

  it('asks for the image when the form has none', async () => {
    const { account, browser } = await owner();

    const response = await uploadPhoto(browser, account.id);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.imageRequired });
  });

  it('asks for the user id when the form has none', async () => {
    const { browser } = await owner();

    const response = await browser.request({
      method: 'PATCH',
      url: '/api/user/photo',
      ...multipartForm({}, [imageFile(await cameraJpeg(100, 100))]),
    });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });

  it('wants a session', async () => {
    const account = await createAccount(db);

    const response = await uploadPhoto(testBrowser(app), account.id, imageFile(await cameraJpeg(100, 100)));

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
  });
});

function setPhotoOf(browser: TestBrowser, userId: string, file?: FormFile) {
  return browser.request({ method: 'PATCH', url: '/api/user/userPhoto', ...multipartForm({ userId }, file ? [file] : []) });
}

async function administrator(role: 'ADMIN' | 'SUPER' = 'ADMIN') {
  const account = await createAccount(db, { role });
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

describe('PATCH /api/user/userPhoto', () => {
  it("lets an ADMIN set a trader's photo, re-encoded as the own photo is, and writes it down", async () => {
    const { account: admin, browser } = await administrator();
    const trader = await createAccount(db, { role: 'TRADER' });

    const response = await setPhotoOf(browser, trader.id, imageFile(await cameraJpeg(), 'portrait.jpg', 'image/jpeg'));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.photoUpdated, data: { user: { userId: trader.id } } });
    const { imageUrl, photo } = response.json().data.user;
    expect(photo).toBe(imageUrl);
    expect(await sharp(fs.readFileSync(storedFile(imageUrl))).metadata()).toMatchObject({ format: 'webp', width: 512 });
    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, trader.id));
    expect(entries).toMatchObject([{ actorId: admin.id, action: 'user.photo', before: { photo: null }, after: { photo: imageUrl } }]);
  });

  it('lets an ADMIN set the photo of another ADMIN, never of a SUPER', async () => {
    const { browser } = await administrator();
    const otherAdmin = await createAccount(db, { role: 'ADMIN' });
    const superUser = await createAccount(db, { role: 'SUPER' });
    const photo = imageFile(await cameraJpeg(100, 100));

    expect((await setPhotoOf(browser, otherAdmin.id, photo)).statusCode).toBe(200);
    expect((await setPhotoOf(browser, superUser.id, photo)).json()).toMatchObject({ statusCode: 403, message: MESSAGES.photoBeyondYourRole });
    const [unchanged] = await db.select().from(users).where(eq(users.id, superUser.id));
    expect(unchanged!.imageUrl).toBeNull();
  });

  it('lets a user set their own photo, and refuses them anyone else’s', async () => {
    const { account, browser } = await owner();
    const other = await createAccount(db);
    const photo = imageFile(await cameraJpeg(100, 100));

    expect((await setPhotoOf(browser, account.id, photo)).json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id } } });
    expect((await setPhotoOf(browser, other.id, photo)).json()).toMatchObject({ statusCode: 403, message: MESSAGES.notYourPhoto });
  });

  it('refuses a fake image and one over 5 MB as the own photo call does', async () => {
    const { browser } = await administrator();
    const trader = await createAccount(db);
    const large = Buffer.concat([await cameraJpeg(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);

    expect((await setPhotoOf(browser, trader.id, imageFile(Buffer.from('not a picture'.repeat(40))))).statusCode).toBe(415);
    expect((await setPhotoOf(browser, trader.id, imageFile(large, 'big.jpg', 'image/jpeg'))).statusCode).toBe(413);
  });

  it('answers an administrator 404 for an id no account has, 400 for one that is no id', async () => {
    const { browser } = await administrator('SUPER');
    const photo = imageFile(await cameraJpeg(100, 100));

    expect((await setPhotoOf(browser, randomUUID(), photo)).json()).toMatchObject({ statusCode: 404, message: MESSAGES.userNotFound });
    expect((await setPhotoOf(browser, 'someone', photo)).json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });

  it('refuses a read-only USER, and a visitor', async () => {
    const user = await createAccount(db, { role: 'USER' });
    const photo = imageFile(await cameraJpeg(100, 100));

    expect((await setPhotoOf(await loggedInBrowser(app, db, user.id), user.id, photo)).json()).toMatchObject({
      statusCode: 403,
      message: MESSAGES.readOnlyAccount,
    });
    expect((await setPhotoOf(testBrowser(app), user.id, photo)).statusCode).toBe(401);
  });
});

describe('the account service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const audit = createAuditService(createAuditRepo(repoDb));
  const users = createUserService({
    repo: createUserRepo(repoDb),
    sessions: createSessionService(createSessionRepo(repoDb), systemClock, config.sessionLimits),
    rateLimits: createRateLimiter(createRateLimitRepo(repoDb), systemClock),
    audit,
    mail: createMailService({ repo: createOutboxRepo(repoDb), transactions, audit, from: config.mailFrom }),
    images: createImageStore(config.uploadDir),
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock: systemClock,
    transactions,
    totpSecrets: createTotpSecretBox(config.totpEncryptionKey),
    businesses: { maySee: async () => false },
    abnChecks: { ownerRenamed: async () => 'skipped' },
    undoLinks: { mailPending: async () => {} },
  });

  it("refuses a trader another user's photo", async () => {
    const trader = await createActor(db, 'TRADER');
    const other = await createAccount(db);
    const photo = await cameraJpeg(100, 100);

    await expectRefused([() => users.changePhoto(trader, other.id, photo)], MESSAGES.notYourPhoto);
  });

  it('refuses a read-only USER a new photo and two-step', async () => {
    const user = await createActor(db, 'USER');
    const photo = await cameraJpeg(100, 100);

    await expectRefused(
      [() => users.changePhoto(user, user.userId, photo), () => users.setUpMfa(user)],
      MESSAGES.readOnlyAccount,
    );
  });
});
