import { describe, expect, it } from 'vitest';
import { createAddress, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { roundedCoordinate } from './coordinates';

const { app, database } = await createTestApp();
const db = database.db;

function nearMe(churchId: string, lat: string, lng: string) {
  return app.inject({ method: 'GET', url: `/api/trades/clientFilter?${new URLSearchParams({ churchId, lat, lng }).toString()}` });
}

describe('roundedCoordinate', () => {
  it('keeps a coordinate to the centimetre and turns one too small to matter into 0', () => {
    expect(roundedCoordinate(-33.87312345678)).toBe(-33.8731235);
    expect(roundedCoordinate(151.2061)).toBe(151.2061);
    expect(roundedCoordinate(5e-324)).toBe(0);
    expect(Object.is(roundedCoordinate(-1e-200), 0)).toBe(true);
  });
});

describe('"Near me" from positions at the edge of double precision', () => {
  it('answers a visitor at 5e-324 degrees, whose distances PostgreSQL would refuse as an underflow', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { churchId: church.id });
    await createAddress(db, trade.id, { latitude: -33.8, longitude: 151.2 });

    const response = await nearMe(church.id, '5e-324', '151');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.trades.content).toHaveLength(1);
  });

  it('answers a visitor 1e-170 degrees from a pin, whose squared angle would underflow', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { churchId: church.id });
    await createAddress(db, trade.id, { latitude: 0, longitude: 0.5 });

    const response = await nearMe(church.id, '1e-170', '0.5');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.trades.content[0]).toMatchObject({ distanceKm: 0 });
  });
});
