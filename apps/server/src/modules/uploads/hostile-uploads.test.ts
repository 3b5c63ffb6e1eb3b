import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { MESSAGES } from '@churchtrades/shared/messages';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { dataFingerprinter } from '../../../test/fuzz/data-fingerprint';
import { type FormFile, multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE } from './image-store';

/**
 * Files made to hurt, sent to every route that takes an image: each is refused in the envelope with a 4xx,
 * nothing is stored (no file under the upload directory, no row changed), and the server's memory stays
 * bounded however often they come. The plain cases (a text file, a 5 MB file) are in each route's own tests.
 */
const { app, database, config } = await createTestApp();
const db = database.db;
const fingerprint = await dataFingerprinter(db);

const administrator = await createAccount(db, { role: 'ADMIN' });
const trade = await createTrade(db, { ownerId: administrator.id });
const church = await createChurch(db);
const browser = await loggedInBrowser(app, db, administrator.id);

const UPLOAD_ROUTES: { url: string; fields: Record<string, string> }[] = [
  { url: '/api/user/photo', fields: { userId: administrator.id } },
  { url: '/api/trades/logo', fields: { tradeId: trade.id } },
  { url: '/api/trades/image', fields: { tradeId: trade.id } },
  { url: '/api/churches/logo', fields: { churchId: church.id } },
  { url: '/api/churches/image', fields: { churchId: church.id } },
];

const MEGABYTE = 1024 * 1024;
const SMALL_PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#224466' } }).png().toBuffer();
const SMALL_JPEG = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#224466' } }).jpeg().toBuffer();
// A 1×1 GIF, byte for byte.
const SMALL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
// The start of a GIF's header, a 1×1 screen, and nothing of the image after it.
const GIF_HEADER = Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1');
const HTML_PAYLOAD = '<html><body><script>fetch("/api/user/profile").then(r=>r.text()).then(alert)</script></body></html>';
// The local file header of a ZIP archive holding "evil.html".
const ZIP_PAYLOAD = Buffer.concat([
  Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0000\u0000', 'latin1'),
  Buffer.alloc(16),
  Buffer.from('evil.html'),
]);
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
  '<script>alert(document.cookie)</script><rect width="64" height="64"/></svg>';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of a few kilobytes whose header declares 50,000 × 50,000 pixels: 2.5 gigapixels once decoded. */
function pngBomb(): Buffer {
  const side = 50_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, greyscale, no interlace
  const rowBytes = 1 + Math.ceil(side / 8);
  const someRows = zlib.deflateSync(Buffer.alloc(rowBytes * 2000), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', someRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_BOMB = pngBomb();
const FIFTY_MEGABYTES = Buffer.concat([SMALL_PNG, Buffer.alloc(50 * MEGABYTE - SMALL_PNG.length)]);

function imageFile(content: Buffer, filename: string, contentType = 'image/png'): FormFile {
  return { field: 'file', filename, contentType, content };
}

function upload(url: string, fields: Record<string, string>, file: FormFile) {
  return browser.request({ method: 'PATCH', url, ...multipartForm(fields, [file]) });
}

function storedFiles(): string[] {
  if (!fs.existsSync(config.uploadDir)) return [];
  return fs.readdirSync(config.uploadDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    fs.statSync(path.join(config.uploadDir, name)).isFile(),
  );
}

const HOSTILE_FILES = [
  { name: 'a 50 MB file', file: imageFile(FIFTY_MEGABYTES, 'huge.png'), status: 413, message: MESSAGES.imageTooLarge },
  {
    name: 'a PNG declaring 50,000 × 50,000 pixels',
    file: imageFile(PNG_BOMB, 'bomb.png'),
    status: 413,
    message: IMAGE_TOO_MANY_PIXELS_MESSAGE,
  },
  {
    name: 'an SVG with a script',
    file: imageFile(Buffer.from(SCRIPTED_SVG), 'logo.svg', 'image/svg+xml'),
    status: 415,
    message: MESSAGES.notAnImage,
  },
  {
    name: 'a GIF header followed by HTML and script',
    file: imageFile(Buffer.concat([GIF_HEADER, Buffer.from(HTML_PAYLOAD)]), 'photo.gif', 'image/gif'),
    status: 415,
    message: MESSAGES.notAnImage,
  },
  {
    name: 'a JPEG header followed by a ZIP archive',
    file: imageFile(Buffer.concat([SMALL_JPEG.subarray(0, 20), ZIP_PAYLOAD]), 'photo.jpg', 'image/jpeg'),
    status: 415,
    message: MESSAGES.notAnImage,
  },
  { name: 'a text file named .png', file: imageFile(Buffer.from(HTML_PAYLOAD), 'photo.png'), status: 415, message: MESSAGES.notAnImage },
];

describe('hostile files sent to every image upload', () => {
  for (const route of UPLOAD_ROUTES) {
    it.each(HOSTILE_FILES)(`${route.url} refuses $name with $status, storing nothing`, async ({ file, status, message }) => {
      const filesBefore = storedFiles();
      const dataBefore = await fingerprint();

      const response = await upload(route.url, route.fields, file);

      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ statusCode: status, message });
      expect(storedFiles()).toEqual(filesBefore);
      expect(await fingerprint()).toBe(dataBefore);
    });
  }

  it('refuses a 50 MB body that is not a form at all with 413, before reading it', async () => {
    const response = await browser.request({
      method: 'PATCH',
      url: '/api/user/photo',
      headers: { 'content-type': 'application/json' },
      payload: FIFTY_MEGABYTES,
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, status: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a form cut short, or without its boundary, with 400 in the envelope', async () => {
    const form = multipartForm(UPLOAD_ROUTES[0]!.fields, [imageFile(SMALL_PNG, 'me.png')]);
    const cutShort = await browser.request({
      method: 'PATCH',
      url: '/api/user/photo',
      headers: form.headers,
      payload: form.payload.subarray(0, 200),
    });
    const noBoundary = await browser.request({
      method: 'PATCH',
      url: '/api/user/photo',
      headers: { 'content-type': 'multipart/form-data' },
      payload: form.payload,
    });

    expect(cutShort.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
    expect(noBoundary.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
  });

  it('keeps the memory bounded while 50 MB bodies and image bombs keep coming', async () => {
    // Built once, with every route's id field, so that the test's own copies of the bodies are not counted.
    const everyId = { userId: administrator.id, tradeId: trade.id, churchId: church.id };
    const forms = [FIFTY_MEGABYTES, PNG_BOMB].map((content) => multipartForm(everyId, [imageFile(content, 'upload.png')]));
    await upload(UPLOAD_ROUTES[0]!.url, everyId, imageFile(PNG_BOMB, 'warm-up.png'));
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;

    for (let round = 0; round < 3; round += 1) {
      for (const route of UPLOAD_ROUTES) {
        for (const form of forms) {
          const response = await browser.request({ method: 'PATCH', url: route.url, ...form });
          expect(response.statusCode).toBe(413);
          peak = Math.max(peak, process.memoryUsage().rss);
        }
      }
    }

    // Decoding the bomb would take gigabytes, and keeping each 50 MB body hundreds of megabytes.
    expect((peak - rssBefore) / MEGABYTE).toBeLessThan(100);
  }, 60_000);

  it('re-encodes a whole image with a ZIP appended, keeping nothing of the archive', async () => {
    // Phones append data after a JPEG's end (motion photos), so such a file is taken; only its pixels are kept.
    const polyglot = imageFile(Buffer.concat([SMALL_GIF, ZIP_PAYLOAD]), 'photo.gif', 'image/gif');

    const response = await upload('/api/user/photo', { userId: administrator.id }, polyglot);

    expect(response.statusCode).toBe(200);
    const imageUrl: string = response.json().data.user.imageUrl;
    const stored = fs.readFileSync(path.join(config.uploadDir, imageUrl.replace(/^\/uploads\//, '')));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stored.includes('evil.html')).toBe(false);
    expect(stored.includes('PK\u0003\u0004')).toBe(false);
  });
});
