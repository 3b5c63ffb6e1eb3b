import { MESSAGES } from '@churchtrades/shared/messages';
import { mapPointsSchema } from '@churchtrades/shared/map';
import { markersOf } from '@churchtrades/shared/map-markers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import {
  createAddress,
  createPlumbingAndElectrical,
  createChurch,
  createOwner,
  createTrade,
  createVouch,
  inCategory,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const DAY_MS = 86_400_000;
let now = Date.now();
const { app, database } = await createTestApp({}, { clock: () => new Date(now) });
const db = database.db;

const { plumbing, electrical } = await createPlumbingAndElectrical(db);

/** An ABN that passes the check (the ATO's own example). */
const ABN = '51824753556';
const CHECKED_AT = new Date('2026-10-01T03:00:00Z');

async function get(path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/${path}?${search.toString()}` });
  return { response, body: response.json() };
}

async function cards(query: Record<string, string | number>) {
  const { response, body } = await get('trades/clientFilter', { size: 50, ...query });
  expect(response.statusCode).toBe(200);
  return body.data.trades.content as { id: string; name: string; badges: Record<string, unknown> }[];
}

async function names(query: Record<string, string | number>) {
  return (await cards(query)).map((card) => card.name);
}

async function mapNames(query: Record<string, string | number>) {
  const { response, body } = await get('trades/mapPoints', query);
  expect(response.statusCode).toBe(200);
  return markersOf(mapPointsSchema.parse(body.data)).map((point) => point.name);
}

async function badgesOnPage(id: string) {
  const { response, body } = await get(`trades/${id}`);
  expect(response.statusCode).toBe(200);
  return body.data.trade.badges;
}

function withActiveAbn(): Parameters<typeof createTrade>[1] {
  return { abn: ABN, abnStatus: 'ACTIVE', abnCheckedAt: CHECKED_AT, abnRegisteredName: 'Registered Pty Ltd' };
}

function withCheckedLicence(): Parameters<typeof createTrade>[1] {
  return { licenceNumber: '123456C', licenceState: 'NSW', licenceKind: 'Electrical contractor', licenceCheckedAt: CHECKED_AT };
}

/** A listed business pinned in Sydney, so the map and "Near me" show it. */
async function pinnedTrade(fields: Parameters<typeof createTrade>[1]) {
  const trade = await createTrade(db, fields);
  await createAddress(db, trade.id, { latitude: -33.8688, longitude: 151.2093, suburb: 'Sydney', stateType: 'NSW' });
  return trade;
}

/** One church's businesses: one verified each way and one not, in two categories and two states. */
async function parish() {
  const church = await createChurch(db, { name: 'St Brigid Coogee', stateType: 'NSW' });
  const churchId = church.id;
  const abnPlumber = await pinnedTrade({ name: 'Abn Plumbing', churchId, ...inCategory(plumbing), ...withActiveAbn() });
  const licenceSparky = await pinnedTrade({ name: 'Licensed Sparky', churchId, ...inCategory(electrical), ...withCheckedLicence() });
  const knownPlumber = await pinnedTrade({ name: 'Known Plumbing', churchId, ...inCategory(plumbing) });
  await createVouch(db, knownPlumber);
  await pinnedTrade({ name: 'Unchecked Plumbing', churchId, ...inCategory(plumbing), abn: ABN, abnStatus: 'CHECKSUM_ONLY' });
  await pinnedTrade({ name: 'Stated Sparky', churchId, ...inCategory(electrical), ...withCheckedLicence(), licenceCheckedAt: null });
  await pinnedTrade({ name: 'Victorian Plumbing', churchId, stateType: 'VIC', ...inCategory(plumbing), ...withActiveAbn() });
  return { church, abnPlumber, licenceSparky, knownPlumber };
}

describe('badges on result cards and business pages', () => {
  it('shows "ABN active" only when the register said the ABN is active and registered to the business', async () => {
    const church = await createChurch(db);
    const active = await createTrade(db, { name: 'Active Abn', churchId: church.id, ...withActiveAbn() });
    for (const abnStatus of ['CHECKSUM_ONLY', 'UNCHECKED', 'MISMATCH', 'CANCELLED', 'NOT_FOUND'] as const) {
      await createTrade(db, { name: `Abn ${abnStatus}`, churchId: church.id, abn: ABN, abnStatus, abnCheckedAt: CHECKED_AT });
    }

    const found = await cards({ churchId: church.id });

    expect(found.find((card) => card.id === active.id)?.badges).toEqual({
      abn: { abn: ABN, checkedAt: CHECKED_AT.toISOString() },
      church: null,
      licence: null,
    });
    expect(found.filter((card) => card.badges.abn !== null).map((card) => card.name)).toEqual(['Active Abn']);
    expect((await badgesOnPage(active.id)).abn).toEqual({ abn: ABN, checkedAt: CHECKED_AT.toISOString() });
  });

  it('shows "Licence checked" for a licence a moderator checked, never for one only stated by its owner', async () => {
    const checked = await createTrade(db, withCheckedLicence());
    const stated = await createTrade(db, { ...withCheckedLicence(), licenceCheckedAt: null });

    expect((await badgesOnPage(checked.id)).licence).toEqual({
      number: '123456C',
      state: 'NSW',
      kind: 'Electrical contractor',
      checkedAt: CHECKED_AT.toISOString(),
    });
    expect(await badgesOnPage(stated.id)).toEqual({ abn: null, church: null, licence: null });
  });

  it('shows "Known to <church>" with the role of who vouched, and their name only when they chose it', async () => {
    const church = await createChurch(db, { name: 'St Joseph Newtown' });
    const priest = await createOwner(db, { firstName: 'Mary', lastName: 'Nguyen' });
    const named = await createTrade(db, { churchId: church.id });
    const unnamed = await createTrade(db, { churchId: church.id });
    const vouchedAt = new Date(now - 10 * DAY_MS);
    const vouch = await createVouch(db, named, { voucherId: priest.id, voucherRole: 'PRIEST', voucherNamed: true, vouchedAt });
    await createVouch(db, unnamed, { voucherId: priest.id, voucherRole: 'MODERATOR', voucherNamed: false, vouchedAt });

    expect((await badgesOnPage(named.id)).church).toEqual({
      churchName: 'St Joseph Newtown',
      vouchedAt: vouchedAt.toISOString(),
      until: vouch.expiresAt.toISOString(),
      voucherRole: 'PRIEST',
      voucherName: 'Mary Nguyen',
    });
    expect((await badgesOnPage(unnamed.id)).church).toMatchObject({ voucherRole: 'MODERATOR', voucherName: null });
  });

  it('takes the latest vouch still holding, and none once it is withdrawn', async () => {
    const trade = await createTrade(db);
    const earlier = new Date(now - 100 * DAY_MS);
    const later = new Date(now - 5 * DAY_MS);
    await createVouch(db, trade, { vouchedAt: earlier, voucherRole: 'PRIEST' });
    await createVouch(db, trade, { vouchedAt: later, voucherRole: 'MODERATOR' });
    expect((await badgesOnPage(trade.id)).church).toMatchObject({ vouchedAt: later.toISOString(), voucherRole: 'MODERATOR' });

    const withdrawnOnly = await createTrade(db);
    await createVouch(db, withdrawnOnly, { withdrawnAt: new Date(now - DAY_MS), withdrawnReason: 'Moved away' });
    expect((await badgesOnPage(withdrawnOnly.id)).church).toBeNull();
  });

  it('shows no badge for a vouch once it has lapsed, and the business is no longer verified', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { name: 'Lapsing Plumbing', churchId: church.id });
    await createVouch(db, trade, { vouchedAt: new Date(now - 364 * DAY_MS), expiresAt: new Date(now + DAY_MS) });
    expect(await names({ churchId: church.id, verified: 'true' })).toEqual(['Lapsing Plumbing']);

    now += 2 * DAY_MS;

    expect((await badgesOnPage(trade.id)).church).toBeNull();
    expect((await cards({ churchId: church.id }))[0]?.badges).toEqual({ abn: null, church: null, licence: null });
    expect(await names({ churchId: church.id, verified: 'true' })).toEqual([]);
  });
});

describe('"Verified only" on GET /api/trades/clientFilter', () => {
  it('keeps the businesses with at least one badge, and every business without it', async () => {
    const { church } = await parish();

    expect(await names({ churchId: church.id, verified: 'true' })).toEqual([
      'Abn Plumbing',
      'Known Plumbing',
      'Licensed Sparky',
      'Victorian Plumbing',
    ]);
    expect(await names({ churchId: church.id, verified: 'false' })).toHaveLength(6);
    expect(await names({ churchId: church.id })).toHaveLength(6);
  });

  it('works with the state, category and sub category filters', async () => {
    const { church } = await parish();

    expect(await names({ churchId: church.id, stateType: 'NSW', verified: 'true' })).toEqual([
      'Abn Plumbing',
      'Known Plumbing',
      'Licensed Sparky',
    ]);
    expect(await names({ churchId: church.id, mCat: plumbing.main.id, verified: 'true' })).toEqual([
      'Abn Plumbing',
      'Known Plumbing',
      'Victorian Plumbing',
    ]);
    expect(
      await names({ churchId: church.id, stateType: 'NSW', mCat: electrical.main.id, sCat: electrical.sub.id, verified: 'true' }),
    ).toEqual(['Licensed Sparky']);
  });

  it('works with text search, a misspelt word and "Near me"', async () => {
    const { church } = await parish();

    expect(await names({ churchId: church.id, searchText: 'plumbing', verified: 'true' })).toEqual(
      expect.arrayContaining(['Abn Plumbing', 'Known Plumbing', 'Victorian Plumbing']),
    );
    expect(await names({ churchId: church.id, searchText: 'plumbing', verified: 'true' })).toHaveLength(3);
    expect(await names({ churchId: church.id, searchText: 'electrcian', verified: 'true' })).toEqual(['Licensed Sparky']);
    const nearMe = await cards({ churchId: church.id, lat: -33.87, lng: 151.21, verified: 'true' });
    expect(nearMe.map((card) => card.name).sort()).toEqual(['Abn Plumbing', 'Known Plumbing', 'Licensed Sparky', 'Victorian Plumbing']);
    expect(nearMe.every((card) => Object.values(card.badges).some((badge) => badge !== null))).toBe(true);
  });

  it('refuses any value but true or false with a 400 that says so', async () => {
    for (const bad of ['1', 'yes', 'TRUE', '', 'true,false']) {
      for (const path of ['trades/clientFilter', 'trades/mapPoints']) {
        const { response, body } = await get(path, { verified: bad });
        expect(response.statusCode).toBe(400);
        expect(body).toMatchObject({ status: 'BAD_REQUEST', message: expect.stringContaining(MESSAGES.verifiedFlag) });
        expect(body.data.errors).toEqual([{ field: 'verified', message: MESSAGES.verifiedFlag }]);
      }
    }
  });
});

describe('"Verified only" on GET /api/trades/mapPoints', () => {
  it('keeps the verified businesses with the other filters and text', async () => {
    const { church } = await parish();

    expect(await mapNames({ churchId: church.id, verified: 'true' })).toEqual([
      'Abn Plumbing',
      'Known Plumbing',
      'Licensed Sparky',
      'Victorian Plumbing',
    ]);
    expect(await mapNames({ churchId: church.id, stateType: 'NSW', mCat: plumbing.main.id, verified: 'true' })).toEqual([
      'Abn Plumbing',
      'Known Plumbing',
    ]);
    expect(await mapNames({ churchId: church.id, searchText: 'electrician', verified: 'true' })).toEqual(['Licensed Sparky']);
    expect(await mapNames({ churchId: church.id })).toHaveLength(6);
  });

  it('drops a business from the verified map once its only vouch lapses', async () => {
    const church = await createChurch(db);
    const trade = await pinnedTrade({ name: 'Briefly Known', churchId: church.id });
    await createVouch(db, trade, { vouchedAt: new Date(now - 364 * DAY_MS), expiresAt: new Date(now + DAY_MS) });
    expect(await mapNames({ churchId: church.id, verified: 'true' })).toEqual(['Briefly Known']);

    now += 2 * DAY_MS;

    expect(await mapNames({ churchId: church.id, verified: 'true' })).toEqual([]);
  });
});

describe('verification is not a way into the directory', () => {
  it('lists no unlisted business however verified', async () => {
    const church = await createChurch(db);
    const pending = await createTrade(db, { churchId: church.id, moderationStatus: 'PENDING', ...withActiveAbn() });
    await createVouch(db, pending);

    expect(await names({ churchId: church.id, verified: 'true' })).toEqual([]);
    const [row] = await db.select({ verifiedUntil: trades.verifiedUntil }).from(trades).where(eq(trades.id, pending.id));
    expect(row?.verifiedUntil).not.toBeNull();
  });
});
