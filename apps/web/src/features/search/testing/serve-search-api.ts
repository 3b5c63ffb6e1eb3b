import type { Category } from '@churchtrades/shared/category';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { MapPoint, MapPoints } from '@churchtrades/shared/map';
import type { SiteInfo } from '@churchtrades/shared/site';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { http, HttpResponse } from 'msw';
import { envelope, server } from '../../../testing/api-server';
import { makeTradePage } from '../../../testing/trade-factory';
import type { MapPointsFound } from '../api/map-points-api';

function category(id: number, name: string, parentId = -1, displayOrder = id): Category {
  return { id, name, tags: '', mains: parentId === -1, parentId, displayOrder };
}

function church(churchId: string, name: string, stateType: string): ChurchSummary {
  return { churchId, name, stateType, suburb: null, postcode: null, latitude: null, longitude: null, logo: null };
}

// Given out of display order, to show that the selects sort them.
export const MAIN_CATEGORIES = [category(2, 'Electrical', -1, 2), category(1, 'Plumbing & Gas', -1, 1)];
export const SUB_CATEGORIES: Record<number, Category[]> = {
  1: [category(11, 'Plumber', 1), category(12, 'Gas fitter', 1)],
  2: [category(21, 'Electrician', 2)],
};
export const ST_MARY = church('11111111-1111-4111-8111-111111111111', "St Mary's Parramatta", 'NSW');
export const ST_PAUL = church('22222222-2222-4222-8222-222222222222', "St Paul's Geelong", 'VIC');

/** A marker in Sydney's west, with what its popup needs. */
export function makeMapPoint(overrides: Partial<MapPoint> = {}): MapPoint {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Harbour City Plumbing',
    lat: -33.815,
    lng: 151.001,
    category: 'Plumbing & Gas',
    ...overrides,
  };
}

/** The site's configuration, with a tile server of its own so a test can tell it from the default. */
export const TEST_SITE: SiteInfo = {
  supportEmail: 'help@parish-test.org.au',
  bank: { accountName: 'Parish Test Trust', bsb: '062-123', accountNumber: '10293847' },
  mapTileUrl: 'https://tiles.parish-test.org.au/{z}/{x}/{y}.png',
};

/** The answer to the n-th search (from 0): a page of results, or a whole response (`Response.error()` to fail the call). */
type TradesAnswer = (url: URL, call: number) => TradePage | Response;
/** The same for the map's points. */
type MapPointsAnswer = (url: URL, call: number) => MapPointsFound | Response;

/** Markers as the server's compact rows, each category name given an id of its own. */
function mapPointsAnswer({ points, truncated }: MapPointsFound): MapPoints {
  const names = [...new Set(points.flatMap((point) => (point.category === null ? [] : [point.category])))];
  const idOf = (name: string | null) => (name === null ? null : names.indexOf(name) + 1);
  return {
    points: points.map((point) => [point.id, point.name, point.lat, point.lng, idOf(point.category)]),
    categories: Object.fromEntries(names.map((name, index) => [String(index + 1), name])),
    truncated,
  };
}

/** Answers in the API's envelope, as the server does. */
function answer(data: unknown) {
  return HttpResponse.json(envelope(data));
}

/**
 * Answers the search page's calls as the server would: the categories and churches above, for trades
 * `trades(url, call)` (by default page `page` of 30 results), for the map `mapPoints(url, call)` (by default one
 * point). Returns what the page asked for, to check.
 */
export function serveSearchApi({ trades, mapPoints }: { trades?: TradesAnswer; mapPoints?: MapPointsAnswer } = {}) {
  const answerTrades = trades ?? ((url: URL) => makeTradePage(Number(url.searchParams.get('page') ?? 0), 30));
  const answerMapPoints = mapPoints ?? (() => ({ points: [makeMapPoint()], truncated: false }));
  const received: Request[] = [];
  let searchCalls = 0;
  let mapPointsCalls = 0;
  server.events.on('request:start', ({ request }) => {
    received.push(request);
  });
  server.use(
    http.get('/api/trades/clientFilter', ({ request }) => {
      const found = answerTrades(new URL(request.url), searchCalls++);
      return found instanceof Response ? found : answer({ trades: found });
    }),
    http.get('/api/trades/mapPoints', ({ request }) => {
      const found = answerMapPoints(new URL(request.url), mapPointsCalls++);
      return found instanceof Response ? found : answer(mapPointsAnswer(found));
    }),
    http.get('/api/site', () => answer({ site: TEST_SITE })),
    http.get('/api/category/main_categories', () => answer({ categories: MAIN_CATEGORIES })),
    http.get('/api/category/sub_categories', ({ request }) => {
      const parentId = Number(new URL(request.url).searchParams.get('parent_id'));
      return answer({ categories: SUB_CATEGORIES[parentId] ?? [] });
    }),
    http.get('/api/churches/stateChurches', ({ request }) => {
      const state = new URL(request.url).searchParams.get('stateType');
      return answer({ churches: [ST_MARY, ST_PAUL].filter((one) => state === 'ALL' || one.stateType === state) });
    }),
  );

  function sentTo(pathname: string): Request[] {
    return received.filter((request) => new URL(request.url).pathname === pathname);
  }
  function requests(pathname: string): URL[] {
    return sentTo(pathname).map((request) => new URL(request.url));
  }
  return {
    /** The searches made so far, as the query parameters sent. */
    searches: () => requests('/api/trades/clientFilter').map((url) => Object.fromEntries(url.searchParams)),
    /** The map's requests so far, as the query parameters sent. */
    mapSearches: () => requests('/api/trades/mapPoints').map((url) => Object.fromEntries(url.searchParams)),
    requests,
  };
}
