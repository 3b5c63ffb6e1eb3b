import { describe, expect, it } from 'vitest';
import { createAddress, createChurch, createTrade, noReplyTime, noSocialMedia } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { systemClock } from '../../clock';
import { createTradeRepo } from './repo';
import { DEFAULT_SEARCH_LIMITS } from './search/limits';
import { createTradeService } from './service';

const { app, database } = await createTestApp();
const db = database.db;

// The visitor stands at Sydney Town Hall.
const SYDNEY = { lat: -33.8731, lng: 151.2061 };

interface CardJson {
  id: string;
  name: string;
  distanceKm?: number;
  [field: string]: unknown;
}

async function clientFilter(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?${search.toString()}` });
  const body = response.json();
  const cards: CardJson[] = response.statusCode === 200 ? body.data.trades.content : [];
  return { response, body, cards, names: cards.map((card) => card.name) };
}

/** Businesses of one church: Parramatta (20 km from the visitor), Bondi (6.8 km), Newcastle (117.9 km), Manly (11.2 km). */
async function parishAroundSydney() {
  const church = await createChurch(db);
  const place = async (name: string, latitude: number | null, longitude: number | null, fields = {}) => {
    const trade = await createTrade(db, { name, churchId: church.id, brief: 'Parish trades.', ...fields });
    if (latitude !== null) await createAddress(db, trade.id, { latitude, longitude });
    return trade;
  };
  await place('Parramatta Plumbing', -33.8151, 151.0011);
  await place('Bondi Plumbing', -33.8915, 151.2767);
  await place('Newcastle Plumbing', -32.9283, 151.7817);
  await place('Manly Plumbing', -33.7969, 151.2857);
  await place('Addressless Plumbing', null, null);
  await place('Online Plumbing', -33.8731, 151.2061, { online: true, atBusiness: false });
  await place('Also Addressless Plumbing', null, null);
  return church;
}

describe('GET /api/trades/clientFilter near me', () => {
  it('lists the nearest first with its distance in km to one decimal, then those without a place by name', async () => {
    const church = await parishAroundSydney();

    const { response, cards } = await clientFilter({ churchId: church.id, ...SYDNEY, size: 50 });

    expect(response.statusCode).toBe(200);
    expect(cards.map((card) => [card.name, card.distanceKm])).toEqual([
      ['Bondi Plumbing', 6.8],
      ['Manly Plumbing', 11.2],
      ['Parramatta Plumbing', 20],
      ['Newcastle Plumbing', 117.9],
      ['Addressless Plumbing', undefined],
      ['Also Addressless Plumbing', undefined],
      ['Online Plumbing', undefined],
    ]);
  });

  it('pages through the same order, counting every match', async () => {
    const church = await parishAroundSydney();

    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => clientFilter({ churchId: church.id, ...SYDNEY, page, size: 2 })),
    );

    expect(pages.map(({ names }) => names)).toEqual([
      ['Bondi Plumbing', 'Manly Plumbing'],
      ['Parramatta Plumbing', 'Newcastle Plumbing'],
      ['Addressless Plumbing', 'Also Addressless Plumbing'],
      ['Online Plumbing'],
    ]);
    expect(pages[0]!.body.data.trades).toMatchObject({ totalElements: 7, totalPages: 4 });
  });

  it('measures from the suburb-level pin when the owner keeps the street private', async () => {
    const church = await createChurch(db);
    const trade = await createTrade(db, { name: 'Private Tailoring', churchId: church.id });
    await createAddress(db, trade.id, { latitude: -33.876543, longitude: 151.209876, showStreetAddress: false });

    const { cards } = await clientFilter({ churchId: church.id, lat: -33.88, lng: 151.21 });

    // The pin is at (-33.88, 151.21), where the visitor stands: the street stays unknown.
    expect(cards).toMatchObject([{ name: 'Private Tailoring', distanceKm: 0 }]);
  });

  it('keeps the search words and filters: only the matches, nearest first', async () => {
    const church = await parishAroundSydney();
    const electrician = await createTrade(db, { name: 'Bondi Electrical', churchId: church.id, brief: 'Wiring.' });
    await createAddress(db, electrician.id, { latitude: -33.8915, longitude: 151.2767 });

    const plumbers = await clientFilter({ churchId: church.id, ...SYDNEY, searchText: 'plumbing' });
    const typo = await clientFilter({ churchId: church.id, ...SYDNEY, searchText: 'Bondy Electricl' });

    expect(plumbers.names.slice(0, 4)).toEqual(['Bondi Plumbing', 'Manly Plumbing', 'Parramatta Plumbing', 'Newcastle Plumbing']);
    expect(plumbers.names).not.toContain('Bondi Electrical');
    expect(typo.names).toEqual(['Bondi Electrical']);
  });

  it("with a state, lists that state's businesses only, nearest first, however far the visitor is from it", async () => {
    const church = await parishAroundSydney();
    for (const [name, latitude, longitude] of [
      ['Fremantle Plumbing', -32.0569, 115.7439],
      ['Perth Plumbing', -31.9523, 115.8613],
      ['Broome Plumbing', -17.9614, 122.2359],
    ] as const) {
      const trade = await createTrade(db, { name, churchId: church.id, stateType: 'WA' });
      await createAddress(db, trade.id, { latitude, longitude });
    }

    const western = await clientFilter({ churchId: church.id, stateType: 'WA', ...SYDNEY });
    const eastern = await clientFilter({ churchId: church.id, stateType: 'NSW', ...SYDNEY });

    expect(western.names).toEqual(['Perth Plumbing', 'Fremantle Plumbing', 'Broome Plumbing']);
    expect(eastern.names.slice(0, 4)).toEqual(['Bondi Plumbing', 'Manly Plumbing', 'Parramatta Plumbing', 'Newcastle Plumbing']);
    expect(eastern.names).not.toContain('Perth Plumbing');
  });

  it('beyond the exact range, lists the nearest on a flat map of degrees, sorted by their distance', async () => {
    const church = await parishAroundSydney();
    const query = {
      page: 0,
      size: 3,
      searchText: '',
      stateType: 'ALL' as const,
      churchId: church.id,
      mCat: undefined,
      sCat: undefined,
      verified: false,
      minRating: undefined,
      ...SYDNEY,
    };
    const service = createTradeService({
      repo: createTradeRepo(db),
      clock: systemClock,
      socialMediaOf: noSocialMedia,
      replyTimeOf: noReplyTime,
      limits: { ...DEFAULT_SEARCH_LIMITS, nearMeExactKm: 0 },
    });

    const page = await service.searchListed(query);

    expect(page.content.map((card) => [card.name, card.distanceKm])).toEqual([
      ['Bondi Plumbing', 6.8],
      ['Manly Plumbing', 11.2],
      ['Parramatta Plumbing', 20],
    ]);
  });

  it('changes nothing without both coordinates', async () => {
    const church = await parishAroundSydney();

    const withoutLat = await clientFilter({ churchId: church.id, lng: SYDNEY.lng });
    const withoutAny = await clientFilter({ churchId: church.id });
    const emptyLat = await clientFilter({ churchId: church.id, lat: '', lng: SYDNEY.lng });

    expect(withoutLat.names).toEqual(withoutAny.names);
    expect(emptyLat.names).toEqual(withoutAny.names);
    expect(withoutAny.names[0]).toBe('Addressless Plumbing');
    expect(withoutAny.cards.some((card) => 'distanceKm' in card)).toBe(false);
  });

  it('answers a visitor far from every business, across the antimeridian or at a pole', async () => {
    const church = await parishAroundSydney();

    const london = await clientFilter({ churchId: church.id, lat: 51.5, lng: -0.12 });
    const fiji = await clientFilter({ churchId: church.id, lat: -17.7, lng: 179.9 });
    const pole = await clientFilter({ churchId: church.id, lat: -90, lng: 0 });

    // Every business fits the page: all are measured, so the order is exact whatever the distance.
    expect(london.names.slice(0, 4)).toEqual(['Newcastle Plumbing', 'Parramatta Plumbing', 'Manly Plumbing', 'Bondi Plumbing']);
    expect(fiji.names.slice(0, 4)).toEqual(['Newcastle Plumbing', 'Manly Plumbing', 'Bondi Plumbing', 'Parramatta Plumbing']);
    expect(pole.names.slice(0, 4)).toEqual(['Bondi Plumbing', 'Parramatta Plumbing', 'Manly Plumbing', 'Newcastle Plumbing']);
  });

  it('answers a visitor overseas with the nearest on the flat map when more businesses match than the page holds', async () => {
    const church = await parishAroundSydney();

    const { cards } = await clientFilter({ churchId: church.id, lat: 51.5, lng: -0.12, size: 1 });

    // Newcastle is 29 km nearer London on the earth; 16,977 km away, Parramatta is nearest on the flat map.
    expect(cards.map((card) => [card.name, card.distanceKm])).toEqual([['Parramatta Plumbing', 16976.8]]);
  });

  it.each([
    ['a latitude beyond 90', { lat: 91, lng: 151 }, 'lat'],
    ['a longitude beyond 180', { lat: -33, lng: -181 }, 'lng'],
    ['a latitude that is not a number', { lat: 'north', lng: 151 }, 'lat'],
    ['a longitude that is not a number', { lat: -33, lng: '151e' }, 'lng'],
  ])('refuses %s with 400', async (_case, query, field) => {
    const { response, body } = await clientFilter(query);

    expect(response.statusCode).toBe(400);
    expect(body.data.errors).toContainEqual({ field, message: 'lat must be between -90 and 90 and lng between -180 and 180' });
  });

  it('refuses bad coordinates on the map too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/trades/mapPoints?lat=-95&lng=151' });

    expect(response.statusCode).toBe(400);
  });
});
