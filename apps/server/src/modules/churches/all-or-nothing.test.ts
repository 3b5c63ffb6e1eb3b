import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { churches } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database, config } = await createTestApp();
const db = database.db;

// The audit log refuses the entries of churches named so: the change itself is written first, then its entry fails.
await refuseWrites(db, 'audit_log', `NEW.subject_name LIKE 'Unauditable%'`);

const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

async function storedChurch(id: string) {
  const [row] = await db.select().from(churches).where(eq(churches.id, id));
  return row!;
}

describe('a church change whose audit entry cannot be written', () => {
  it('registers no church', async () => {
    const name = 'Unauditable Registered Chapel';

    const response = await administrator.post('/api/churches/register', { name, stateType: 'NSW' });

    expect(response.statusCode).toBe(500);
    expect(await db.select().from(churches).where(eq(churches.name, name))).toEqual([]);
  });

  it('keeps the church as it was', async () => {
    const church = await createChurch(db, { name: 'Plain Chapel', stateType: 'NSW', suburb: 'Ryde' });

    const response = await administrator.patch('/api/churches/update', {
      churchId: church.id,
      name: 'Unauditable Renamed Chapel',
      stateType: 'NSW',
      suburb: 'Ryde',
    });

    expect(response.statusCode).toBe(500);
    expect(await storedChurch(church.id)).toMatchObject({ name: 'Plain Chapel', suburb: 'Ryde' });
  });

  it('keeps the church, and its businesses, in the directory when it is disabled', async () => {
    const church = await createChurch(db, { name: 'Unauditable Switched Chapel' });
    const trade = await createTrade(db, { churchId: church.id });

    const response = await administrator.patch(`/api/churches/toggleEnabled?churchId=${church.id}`);

    expect(response.statusCode).toBe(500);
    expect((await storedChurch(church.id)).enabled).toBe(true);
    const search = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?searchText=${encodeURIComponent(trade.name)}` });
    expect(search.json().data.trades.content.map((card: { id: string }) => card.id)).toEqual([trade.id]);
  });

  it('keeps the logo it has, and keeps no file of the new one', async () => {
    const church = await createChurch(db, { name: 'Unauditable Pictured Chapel', logo: '/uploads/logos/kept.webp' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } }).png().toBuffer();
    const file = { field: 'file', filename: 'logo.png', contentType: 'image/png', content: png };
    const logos = path.join(config.uploadDir, 'logos');
    const filesBefore = fs.existsSync(logos) ? fs.readdirSync(logos) : [];

    const response = await administrator.request({
      method: 'PATCH',
      url: '/api/churches/logo',
      ...multipartForm({ churchId: church.id }, [file]),
    });

    expect(response.statusCode).toBe(500);
    expect((await storedChurch(church.id)).logo).toBe('/uploads/logos/kept.webp');
    expect(fs.existsSync(logos) ? fs.readdirSync(logos) : []).toEqual(filesBefore);
  });
});
