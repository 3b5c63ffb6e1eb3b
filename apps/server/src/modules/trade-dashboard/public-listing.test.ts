import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccount, createAddress, createChurch, createTrade } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

/** "The public search shows the business's new name, brief, logo and address immediately after an update." */
const { app, database } = await createTestApp();
const db = database.db;

async function listedBusiness() {
  const owner = await createAccount(db);
  const church = await createChurch(db);
  const trade = await createTrade(db, { ownerId: owner.id, churchId: church.id, name: 'Old Name Joinery', brief: 'Old brief.' });
  const address = await createAddress(db, trade.id, { fullAddress: '1 Old Rd, Ryde NSW 2112', suburb: 'Ryde' });
  return { trade, address, url: `/api/trades/clientFilter?churchId=${church.id}`, browser: await loggedInBrowser(app, db, owner.id) };
}

describe("the public search after an owner's change", () => {
  it('shows the new name and brief in the very next search, even to a browser holding the old answer', async () => {
    const { trade, url, browser } = await listedBusiness();
    const before = await app.inject({ method: 'GET', url });

    await browser.patch('/api/trades/updateTradeProfile', { tradeId: trade.id, name: 'New Name Joinery', brief: 'New brief.' });
    const revalidated = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(before.headers.etag) } });
    const found = await app.inject({ method: 'GET', url: '/api/trades/clientFilter?searchText=new%20name%20joinery' });

    expect(before.headers['cache-control']).toBe('public, no-cache');
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().data.trades.content[0]).toMatchObject({ name: 'New Name Joinery', brief: 'New brief.' });
    expect(found.json().data.trades.content.map((card: { id: string }) => card.id)).toContain(trade.id);
  });

  it('shows the new logo and address on the card and the business page', async () => {
    const { trade, address, url, browser } = await listedBusiness();
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#aa3300' } }).png().toBuffer();

    const logo = await browser.request({
      method: 'PATCH',
      url: '/api/trades/logo',
      ...multipartForm({ tradeId: trade.id }, [{ field: 'file', filename: 'logo.png', contentType: 'image/png', content: image }]),
    });
    await browser.patch('/api/address/update', { id: address.id, entityId: trade.id, fullAddress: '9 New St, Ryde NSW 2112' });
    const card = (await app.inject({ method: 'GET', url })).json().data.trades.content[0];
    const page = (await app.inject({ method: 'GET', url: `/api/trades/${trade.id}` })).json().data.trade;

    expect(card).toMatchObject({ logoUri: logo.json().data.trade.logoUri, fullAddress: '9 New St, Ryde NSW 2112' });
    expect(page).toMatchObject({ logoUri: logo.json().data.trade.logoUri, fullAddress: '9 New St, Ryde NSW 2112' });
  });
});
