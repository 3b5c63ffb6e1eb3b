import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, trades } from '../../db/schema';
import { createAccount, createAddress, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function addressOf(tradeId: string, fields: Record<string, unknown> = {}) {
  return {
    entityId: tradeId,
    searchId: 'GANSW716635233',
    countryCode: 'AU',
    fullAddress: '2/12A George Street, Parramatta NSW 2150',
    stateType: 'NSW',
    suburb: 'Parramatta',
    streetName: 'George',
    streetType: 'ST',
    streetNbr: '12A',
    unitType: 'UNIT',
    unitNbr: '2',
    postcode: '2150',
    city: 'City of Parramatta',
    longitude: 151.0,
    latitude: -33.8,
    ...fields,
  };
}

async function storedAddressOf(tradeId: string) {
  return db.select().from(addresses).where(eq(addresses.entityId, tradeId));
}

async function keywordsOf(tradeId: string) {
  const [row] = await db.select({ searchKeywords: trades.searchKeywords }).from(trades).where(eq(trades.id, tradeId));
  return row!.searchKeywords;
}

async function searchNames(query: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?${new URLSearchParams(query).toString()}` });
  return response.json().data.trades.content.map((card: { name: string }) => card.name);
}

describe('POST /api/address/create', () => {
  it("stores the business's address and answers it with its id", async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', addressOf(trade.id));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'CREATED', message: MESSAGES.addressCreated });
    const address = response.json().data.address;
    expect(address).toEqual({
      id: expect.any(String),
      ...addressOf(trade.id),
      showStreetAddress: true,
    });
    expect(await storedAddressOf(trade.id)).toHaveLength(1);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('fills in AU, a HOUSE unit type and a full address from the parts when they are left out', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', {
      entityId: trade.id,
      streetNbr: '7',
      streetName: 'Volt',
      streetType: 'St',
      suburb: 'Penrith',
      stateType: 'NSW',
      postcode: '2750',
    });

    expect(response.json().data.address).toMatchObject({
      countryCode: 'AU',
      unitType: 'HOUSE',
      fullAddress: '7 Volt St, Penrith NSW 2750',
      searchId: null,
      longitude: null,
    });
  });

  it.each([
    ['only at customers’ places', { atClient: true, atBusiness: false }, false],
    ['at customers’ places and its own', { atClient: true, atBusiness: true }, true],
    ['at its own place', { atClient: false, atBusiness: true }, true],
    ['online only', { atClient: false, atBusiness: false, online: true }, true],
  ])('shows the street of a business working %s: %s', async (_case, settings, shown) => {
    const { trade, browser } = await ownerWithTrade(settings);

    const response = await browser.post('/api/address/create', addressOf(trade.id));

    expect(response.json().data.address.showStreetAddress).toBe(shown);
  });

  it('keeps the choice the owner made about showing the street', async () => {
    const { trade, browser } = await ownerWithTrade({ atClient: true, atBusiness: false });

    const response = await browser.post('/api/address/create', addressOf(trade.id, { showStreetAddress: true }));

    expect(response.json().data.address.showStreetAddress).toBe(true);
  });

  it('refuses a second address of the business with 409', async () => {
    const { trade, browser } = await ownerWithTrade();
    await browser.post('/api/address/create', addressOf(trade.id, { suburb: 'First' }));

    const response = await browser.post('/api/address/create', addressOf(trade.id, { suburb: 'Second' }));

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.addressAlreadyExists });
    expect((await storedAddressOf(trade.id)).map((row) => row.suburb)).toEqual(['First']);
  });

  it('answers the address stored when the same address is sent again, and stores it once', async () => {
    const { trade, browser } = await ownerWithTrade();
    const first = await browser.post('/api/address/create', addressOf(trade.id));

    const again = await browser.post('/api/address/create', addressOf(trade.id));

    expect(again.statusCode).toBe(201);
    expect(again.json().data.address).toEqual(first.json().data.address);
    expect(await storedAddressOf(trade.id)).toHaveLength(1);
  });

  it('refuses SELECT as the state with 400', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', addressOf(trade.id, { stateType: 'SELECT' }));

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.chooseState });
    expect(await storedAddressOf(trade.id)).toEqual([]);
  });

  it.each([
    ['another country', { countryCode: 'NZ' }, 'countryCode'],
    ['an unknown state', { stateType: 'XYZ' }, 'stateType'],
    ['a string for the latitude', { latitude: '-33.8' }, 'latitude'],
    ['a 10,000-character suburb', { suburb: 'S'.repeat(10_000) }, 'suburb'],
    ['no trade id', { entityId: undefined }, 'entityId'],
  ])('refuses %s with 400', async (_case, fields, field) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', addressOf(trade.id, fields));

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await storedAddressOf(trade.id)).toEqual([]);
  });

  it('refuses a malformed trade id with 400 and answers 404 for one that does not exist', async () => {
    const { browser } = await ownerWithTrade();

    const malformed = await browser.post('/api/address/create', addressOf('trade-1'));
    const unknown = await browser.post('/api/address/create', addressOf('00000000-0000-4000-8000-000000000000'));

    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.tradeNotFound });
  });
});

describe('GET /api/address/searchByEntityId/{tradeId} and /searchById/{id}', () => {
  it('answers a null address while the business has none', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.get(`/api/address/searchByEntityId/${trade.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.noAddressYet, data: { address: null } });
  });

  it('answers the address by the business and by its own id', async () => {
    const { trade, browser } = await ownerWithTrade();
    const address = await createAddress(db, trade.id, { suburb: 'Ryde' });

    const byTrade = await browser.get(`/api/address/searchByEntityId/${trade.id}`);
    const byId = await browser.get(`/api/address/searchById/${address.id}`);

    expect(byTrade.json().data.address).toMatchObject({ id: address.id, entityId: trade.id, suburb: 'Ryde' });
    expect(byId.json().data.address).toEqual(byTrade.json().data.address);
  });

  it('refuses a malformed id with 400 and answers 404 for an unknown address', async () => {
    const { browser } = await ownerWithTrade();

    const malformed = await browser.get('/api/address/searchById/12');
    const unknown = await browser.get('/api/address/searchById/00000000-0000-4000-8000-000000000000');

    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.addressIdRequired });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.addressNotFound });
  });

  it('wants a session', async () => {
    const { trade } = await ownerWithTrade();

    const response = await testBrowser(app).get(`/api/address/searchByEntityId/${trade.id}`);

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
  });
});

describe('PATCH /api/address/update', () => {
  it('changes the fields sent, keeps those left out, and clears those sent empty', async () => {
    const { trade, browser } = await ownerWithTrade();
    const address = await createAddress(db, trade.id, { suburb: 'Ryde', postcode: '2112', unitNbr: '4', latitude: -33.8 });

    const response = await browser.patch('/api/address/update', {
      id: address.id,
      entityId: trade.id,
      fullAddress: '9 Church St, Ryde NSW 2112',
      unitNbr: null,
      unitType: '',
    });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.addressUpdated });
    expect(response.json().data.address).toMatchObject({
      fullAddress: '9 Church St, Ryde NSW 2112',
      suburb: 'Ryde',
      postcode: '2112',
      latitude: -33.8,
      unitNbr: null,
      unitType: 'HOUSE',
    });
  });

  it('turns the street display off and on', async () => {
    const { trade, browser } = await ownerWithTrade();
    const address = await createAddress(db, trade.id);

    const off = await browser.patch('/api/address/update', { id: address.id, entityId: trade.id, showStreetAddress: false });

    expect(off.json().data.address.showStreetAddress).toBe(false);
  });

  it('asks for the address id', async () => {
    const { trade, browser } = await ownerWithTrade();
    await createAddress(db, trade.id);

    const response = await browser.patch('/api/address/update', addressOf(trade.id));

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.addressIdRequired });
  });

  it('refuses to move an address to another business with 400', async () => {
    const { trade, browser } = await ownerWithTrade();
    const address = await createAddress(db, trade.id);
    const [before] = await storedAddressOf(trade.id);

    const response = await browser.patch('/api/address/update', { ...addressOf((await createTrade(db)).id), id: address.id });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.addressOfAnotherTrade });
    expect(await storedAddressOf(trade.id)).toEqual([before]);
  });
});

describe('PATCH /api/address/delete/{id}', () => {
  it('removes the address and answers it as it was', async () => {
    const { trade, browser } = await ownerWithTrade();
    const address = await createAddress(db, trade.id, { suburb: 'Ryde' });

    const response = await browser.patch(`/api/address/delete/${address.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.addressDeleted, data: { address: { id: address.id, suburb: 'Ryde' } } });
    expect(await storedAddressOf(trade.id)).toEqual([]);
  });
});

describe('the suburb indexes the business for search', () => {
  it('is added when the address is created, replaced when it changes and removed with the address', async () => {
    const church = await createChurch(db);
    const { trade, browser } = await ownerWithTrade({ churchId: church.id });

    const created = (await browser.post('/api/address/create', addressOf(trade.id, { suburb: 'Wollongbar' }))).json().data.address;
    const afterCreate = await searchNames({ searchText: 'wollongbar', churchId: church.id });
    await browser.patch('/api/address/update', { id: created.id, entityId: trade.id, suburb: 'Mullumbimby' });
    const oldSuburb = await searchNames({ searchText: 'wollongbar', churchId: church.id });
    const newSuburb = await searchNames({ searchText: 'mullumbimby', churchId: church.id });
    await browser.patch(`/api/address/delete/${created.id}`);

    expect(afterCreate).toEqual([trade.name]);
    expect(oldSuburb).toEqual([]);
    expect(newSuburb).toEqual([trade.name]);
    expect(await keywordsOf(trade.id)).not.toContain('Mullumbimby');
  });
});

describe('the street of a business working from home stays private', () => {
  async function homeBased() {
    const church = await createChurch(db);
    const owned = await ownerWithTrade({ churchId: church.id, atClient: true, atBusiness: false });
    const address = (await owned.browser.post('/api/address/create', addressOf(owned.trade.id))).json().data.address;
    return { ...owned, church, address };
  }

  it('shows "Suburb STATE postcode" on the search card and the business page', async () => {
    const { trade, church } = await homeBased();

    const search = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?churchId=${church.id}` });
    const page = await app.inject({ method: 'GET', url: `/api/trades/${trade.id}` });

    expect(search.json().data.trades.content[0].fullAddress).toBe('Parramatta NSW 2150');
    expect(page.json().data.trade.fullAddress).toBe('Parramatta NSW 2150');
    expect(search.body + page.body).not.toContain('George');
  });

  it('shows the whole address to its owner', async () => {
    const { trade, browser } = await homeBased();

    const response = await browser.get(`/api/address/searchByEntityId/${trade.id}`);

    expect(response.json().data.address).toMatchObject({
      fullAddress: '2/12A George Street, Parramatta NSW 2150',
      streetName: 'George',
      showStreetAddress: false,
    });
  });

  it('shows the whole address publicly once the owner turns the street display on', async () => {
    const { trade, browser, address } = await homeBased();

    await browser.patch('/api/address/update', { id: address.id, entityId: trade.id, showStreetAddress: true });
    const page = await app.inject({ method: 'GET', url: `/api/trades/${trade.id}` });

    expect(page.json().data.trade.fullAddress).toBe('2/12A George Street, Parramatta NSW 2150');
  });
});
