import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function ownerWithTrade() {
  const owner = await createAccount(db);
  const church = await createChurch(db);
  const trade = await createTrade(db, { ownerId: owner.id, churchId: church.id });
  return { church, trade, browser: await loggedInBrowser(app, db, owner.id) };
}

const address = (entityId: string, latitude: number, longitude: number) => ({
  entityId,
  fullAddress: '1 Church St, Parramatta NSW 2150',
  stateType: 'NSW',
  suburb: 'Parramatta',
  latitude,
  longitude,
  showStreetAddress: true,
});

async function storedCoordinates(tradeId: string) {
  const [row] = await db
    .select({ latitude: addresses.latitude, longitude: addresses.longitude })
    .from(addresses)
    .where(eq(addresses.entityId, tradeId));
  return row;
}

describe('the coordinates of an address', () => {
  it('are kept to the centimetre, a tiny one as 0, so that "Near me" around the pin keeps working', async () => {
    const { church, trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', address(trade.id, 1e-200, 151.20612345678));

    expect(response.statusCode).toBe(201);
    expect(await storedCoordinates(trade.id)).toEqual({ latitude: 0, longitude: 151.2061235 });
    const search = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?churchId=${church.id}&lat=0&lng=151.2` });
    expect(search.statusCode).toBe(200);
  });

  it.each([
    ['a latitude beyond the pole', 90.5, 151],
    ['a longitude beyond the antimeridian', -33.8, -180.5],
    ['an astronomical latitude', 1e308, 151],
  ])('refuses %s with 400, storing nothing', async (_case, latitude, longitude) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', address(trade.id, latitude, longitude));

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.coordinateInvalid });
    expect(await storedCoordinates(trade.id)).toBeUndefined();
  });
});
