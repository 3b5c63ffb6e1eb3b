import { NEW_SOCIAL_MEDIA_REFERENCE_ID } from '@churchtrades/shared/social-media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch, createTrade, inCategory } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp({ nodeEnv: 'production' });
const db = database.db;

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });

async function ownerWithTrade(account: Parameters<typeof createAccount>[1] = {}) {
  const owner = await createAccount(db, account);
  const trade = await createTrade(db, { ...inCategory(plumbing), ownerId: owner.id, name: 'Owner Named Pipes' });
  return { owner, trade, browser: await loggedInBrowser(app, db, owner.id) };
}

async function administrator() {
  const admin = await createAccount(db, { role: 'ADMIN' });
  return { admin, browser: await loggedInBrowser(app, db, admin.id) };
}

function profileOf(trade: { id: string; churchId: string }, fields: Record<string, unknown> = {}) {
  return { tradeId: trade.id, churchId: trade.churchId, name: 'Owner Named Pipes', brief: 'Fast and tidy.', ...fields };
}

async function auditOf(tradeId: string) {
  const rows = await db.select().from(auditLog).where(eq(auditLog.subjectId, tradeId));
  return rows.map(({ actorId, action, subjectType, subjectName, before, after }) => ({
    actorId,
    action,
    subjectType,
    subjectName,
    before,
    after,
  }));
}

async function uploadPicture(browser: TestBrowser, tradeId: string, url: '/api/trades/logo' | '/api/trades/image') {
  const content = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#204060' } }).png().toBuffer();
  const form = multipartForm({ tradeId }, [{ field: 'file', filename: 'picture.png', contentType: 'image/png', content }]);
  return browser.request({ method: 'PATCH', url, ...form });
}

function uploadLogo(browser: TestBrowser, tradeId: string) {
  return uploadPicture(browser, tradeId, '/api/trades/logo');
}

describe("an administrator's edit of someone else's business", () => {
  it('writes the profile fields it changed, as they were and are, to the audit log', async () => {
    const { trade } = await ownerWithTrade();
    const { admin, browser } = await administrator();
    const elsewhere = await createChurch(db);

    await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { name: 'Renamed By Admin', publicEmail: 'office@example.com.au', churchId: elsewhere.id }),
    );

    expect(await auditOf(trade.id)).toEqual([
      {
        actorId: admin.id,
        action: 'trade.editForOwner',
        subjectType: 'TRADE',
        subjectName: 'Owner Named Pipes',
        before: { churchId: trade.churchId, name: 'Owner Named Pipes', brief: trade.brief, publicEmail: null },
        after: { churchId: elsewhere.id, name: 'Renamed By Admin', brief: 'Fast and tidy.', publicEmail: 'office@example.com.au' },
      },
    ]);
  });

  it('writes a new logo, a new cover picture, a flipped switch and a changed link to the audit log', async () => {
    const { trade } = await ownerWithTrade();
    const { admin, browser } = await administrator();

    const logoUri = (await uploadLogo(browser, trade.id)).json().data.trade.logoUri;
    const image = (await uploadPicture(browser, trade.id, '/api/trades/image')).json().data.trade.image;
    await browser.patch(`/api/trades/toggleEnabled?key=${trade.id}`);
    await browser.post('/api/socialMedia/create', {
      entityId: trade.id,
      name: 'ownernamedpipes',
      mediaType: 'FACEBOOK',
      referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID,
    });

    const entry = { actorId: admin.id, action: 'trade.editForOwner', subjectType: 'TRADE', subjectName: 'Owner Named Pipes' };
    expect(await auditOf(trade.id)).toEqual(
      expect.arrayContaining([
        { ...entry, before: { logoUri: null }, after: { logoUri } },
        { ...entry, before: { image: null }, after: { image } },
        { ...entry, before: { enabled: true }, after: { enabled: false } },
        { ...entry, before: { link: null }, after: { link: 'FACEBOOK ownernamedpipes' } },
      ]),
    );
    expect(await auditOf(trade.id)).toHaveLength(4);
  });

  it('writes a new, changed and removed address to the audit log', async () => {
    const { trade } = await ownerWithTrade();
    const { browser } = await administrator();
    const address = { entityId: trade.id, fullAddress: '1 George St, Sydney NSW 2000', suburb: 'Sydney', stateType: 'NSW', postcode: '2000' };

    const created = (await browser.post('/api/address/create', { ...address, showStreetAddress: true })).json().data.address;
    await browser.patch('/api/address/update', { ...address, id: created.id, showStreetAddress: false });
    await browser.patch(`/api/address/delete/${created.id}`);

    const changes = (await auditOf(trade.id)).map(({ action, before, after }) => ({ action, before, after }));
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          action: 'trade.editForOwner',
          before: { fullAddress: null, showStreetAddress: null },
          after: { fullAddress: address.fullAddress, showStreetAddress: true },
        },
        { action: 'trade.editForOwner', before: { showStreetAddress: true }, after: { showStreetAddress: false } },
        {
          action: 'trade.editForOwner',
          before: { fullAddress: address.fullAddress, showStreetAddress: false },
          after: { fullAddress: null, showStreetAddress: null },
        },
      ]),
    );
    expect(changes).toHaveLength(3);
  });

  it("writes nothing for an owner's own edits, an administrator's included, nor for a save that changes nothing", async () => {
    const owned = await ownerWithTrade();
    const adminOwned = await ownerWithTrade({ role: 'ADMIN' });
    const untouched = await ownerWithTrade();
    const { browser } = await administrator();

    await owned.browser.patch('/api/trades/updateTradeProfile', profileOf(owned.trade, { name: 'Renamed By Owner' }));
    await uploadLogo(owned.browser, owned.trade.id);
    await uploadPicture(owned.browser, owned.trade.id, '/api/trades/image');
    await owned.browser.patch(`/api/trades/toggleEnabled?key=${owned.trade.id}`);
    await adminOwned.browser.patch('/api/trades/updateTradeProfile', profileOf(adminOwned.trade, { name: 'Renamed Mine' }));
    await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(untouched.trade, { name: untouched.trade.name, brief: untouched.trade.brief }),
    );

    expect(await auditOf(owned.trade.id)).toEqual([]);
    expect(await auditOf(adminOwned.trade.id)).toEqual([]);
    expect(await auditOf(untouched.trade.id)).toEqual([]);
  });
});
