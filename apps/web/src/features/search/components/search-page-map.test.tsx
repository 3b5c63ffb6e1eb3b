import type { MapPoint } from '@churchtrades/shared/map';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { envelope } from '../../../testing/api-server';
import { serveSearchApi, makeMapPoint, TEST_SITE } from '../testing/serve-search-api';
import { SearchPage } from './search-page';

/*
 * Leaflet draws nothing in jsdom: the map itself is stood in for, and what the page gives it is checked.
 * useLeafletMap is told the tile URL and says whether the map could be shown; usePointMarkers receives
 * the points to show and how to open a business (point-markers.test.ts tests the markers on a real map).
 */
const leafletMap = vi.hoisted(() => ({ unavailable: false, tileUrls: [] as (string | undefined)[] }));
vi.mock('../../../components/map/use-leaflet-map', () => ({
  useLeafletMap: (tileUrl: string | undefined) => {
    leafletMap.tileUrls.push(tileUrl);
    return { containerRef: { current: null }, leaflet: null, unavailable: leafletMap.unavailable };
  },
}));
const markers = vi.hoisted(() => ({ calls: [] as { points: readonly MapPoint[]; open: (path: string) => void }[] }));
vi.mock('../hooks/use-point-markers', () => ({
  usePointMarkers: (_leaflet: unknown, points: readonly MapPoint[], open: (path: string) => void) => {
    markers.calls.push({ points, open });
  },
}));

beforeEach(() => {
  leafletMap.unavailable = false;
  leafletMap.tileUrls = [];
  markers.calls = [];
});

afterEach(() => {
  vi.useRealTimers();
});

function renderSearch(route = '/') {
  return renderRoutes(
    [
      { path: '/', element: <SearchPage /> },
      { path: '/business/:id/:slug', element: <LocationProbe name="Business page" /> },
    ],
    { initialEntries: [route] },
  );
}

/** The map's code loads on demand, which takes a while on a busy machine. */
const mapShown = () => screen.findByRole('region', { name: 'Map of businesses' }, { timeout: 10_000 });
const viewSwitch = () => screen.getByRole('group', { name: 'Show results as' });
const viewButton = (name: 'List' | 'Map') => within(viewSwitch()).getByRole('button', { name });
const shownPoints = () => markers.calls.at(-1)?.points.map((point) => point.name);

const NSW_POINT = makeMapPoint({ id: '44444444-4444-4444-8444-444444444444', name: 'Parramatta Roofing', category: 'Roofing' });
const VIC_POINT = makeMapPoint({ id: '55555555-5555-4555-8555-555555555555', name: 'Geelong Glass', lat: -38.15, lng: 144.36 });

/** The map's points as the server would choose them by state. */
function pointsByState(url: URL) {
  const state = url.searchParams.get('stateType');
  const points = [NSW_POINT, VIC_POINT].filter((_, index) => state === 'ALL' || state === ['NSW', 'VIC'][index]);
  return { points, truncated: false };
}

describe('List | Map switch', () => {
  it('shows the list by default, the List button pressed', async () => {
    const api = serveSearchApi();
    renderSearch();

    await screen.findByText('Showing 1 - 9 of 30 results');
    expect(viewButton('List')).toHaveAttribute('aria-pressed', 'true');
    expect(viewButton('Map')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Map of businesses' })).not.toBeInTheDocument();
    expect(api.mapSearches()).toEqual([]);
  });

  it('switches to the map, keeping the view and the filters in the URL, and asks for the points of the filters', async () => {
    const api = serveSearchApi({ mapPoints: pointsByState });
    const { user, router } = renderSearch('/?state=NSW&q=roof&page=2');
    await screen.findByText(/Showing/);

    await user.click(viewButton('Map'));

    expect(await mapShown()).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=NSW&q=roof&page=2&view=map');
    expect(viewButton('Map')).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(api.mapSearches()).toEqual([{ stateType: 'NSW', searchText: 'roof' }]));
    await vi.waitFor(() => expect(shownPoints()).toEqual(['Parramatta Roofing']));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('opens on the map from a link with view=map, without searching for a page of cards', async () => {
    const api = serveSearchApi();
    renderSearch('/?view=map&cat=1');
    await mapShown();

    expect(await screen.findByText('1 business on the map')).toBeInTheDocument();
    expect(api.mapSearches()).toEqual([{ stateType: 'ALL', mCat: '1' }]);
    expect(api.searches()).toEqual([]);
  });

  it('goes back to the list, at the same page, with the List button or Back', async () => {
    serveSearchApi();
    const { user, router } = renderSearch('/?page=1');
    await screen.findByText('Showing 10 - 18 of 30 results');

    await user.click(viewButton('Map'));
    await mapShown();
    await screen.findByText('1 business on the map');
    await user.click(viewButton('List'));
    expect(await screen.findByText('Showing 10 - 18 of 30 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');

    await user.click(viewButton('Map'));
    await mapShown();
    await screen.findByText('1 business on the map');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Showing 10 - 18 of 30 results')).toBeInTheDocument();
  });
});

describe('the map', () => {
  it("draws its tiles from the site's configuration", async () => {
    serveSearchApi();
    renderSearch('/?view=map');
    await mapShown();

    await vi.waitFor(() => expect(leafletMap.tileUrls.at(-1)).toBe(TEST_SITE.mapTileUrl));
  });

  it('follows the filters: choosing a state shows that state’s businesses', async () => {
    const api = serveSearchApi({ mapPoints: pointsByState });
    const { user, router } = renderSearch('/?view=map');
    await mapShown();
    await vi.waitFor(() => expect(shownPoints()).toEqual(['Parramatta Roofing', 'Geelong Glass']));

    await user.click(within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name: 'VIC' }));

    await vi.waitFor(() => expect(shownPoints()).toEqual(['Geelong Glass']));
    expect(api.mapSearches().at(-1)).toEqual({ stateType: 'VIC' });
    expect(router.state.location.search).toBe('?view=map&state=VIC');
    expect(screen.getByRole('status')).toHaveTextContent('1 business on the map');
  });

  it('asks for the points of businesses rated 4 stars and up when "4 stars and up" is ticked', async () => {
    const api = serveSearchApi();
    const { user, router } = renderSearch('/?view=map');
    await mapShown();

    await user.click(screen.getByRole('checkbox', { name: '4 stars and up' }));

    await vi.waitFor(() => expect(api.mapSearches().at(-1)).toEqual({ stateType: 'ALL', minRating: '4' }));
    expect(router.state.location.search).toBe('?view=map&minRating=4');
  });

  it('says how many businesses it shows', async () => {
    const points = Array.from({ length: 1234 }, (_, index) => makeMapPoint({ id: `p${index}`, name: `Business ${index}` }));
    serveSearchApi({ mapPoints: () => ({ points, truncated: false }) });
    renderSearch('/?view=map');
    await mapShown();

    expect(await screen.findByText('1,234 businesses on the map')).toBeInTheDocument();
  });

  it('asks to narrow the search when the server sent only the first 5,000 businesses', async () => {
    serveSearchApi({ mapPoints: () => ({ points: [makeMapPoint()], truncated: true }) });
    renderSearch('/?view=map');
    await mapShown();

    expect(
      await screen.findByText('Showing the first 5,000 businesses: narrow the search to see them all'),
    ).toBeInTheDocument();
  });

  it('says so when no business of the search can be shown', async () => {
    serveSearchApi({ mapPoints: () => ({ points: [], truncated: false }) });
    renderSearch('/?view=map');
    await mapShown();

    expect(await screen.findByText('No business of this search can be shown on the map.')).toBeInTheDocument();
  });

  it('opens the business page a popup leads to, within the app', async () => {
    serveSearchApi();
    renderSearch('/?view=map');
    await mapShown();
    await vi.waitFor(() => expect(shownPoints()).toEqual(['Harbour City Plumbing']));

    await act(async () => markers.calls.at(-1)?.open('/business/33333333-3333-4333-8333-333333333333/harbour-city-plumbing'));

    expect(
      await screen.findByText('Business page at /business/33333333-3333-4333-8333-333333333333/harbour-city-plumbing'),
    ).toBeInTheDocument();
  });

  it('says plainly when the map cannot be shown, and lists its businesses with links to their pages', async () => {
    leafletMap.unavailable = true;
    serveSearchApi({ mapPoints: pointsByState });
    renderSearch('/?view=map');

    const region = await mapShown();
    expect(within(region).getByText('The map cannot be shown right now.')).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Businesses on the map' });
    expect(within(list).getByRole('link', { name: 'Parramatta Roofing' })).toHaveAttribute(
      'href',
      '/business/44444444-4444-4444-8444-444444444444/parramatta-roofing',
    );
    expect(within(list).getByRole('link', { name: 'Geelong Glass' })).toBeInTheDocument();
  });

  it('lists nothing extra while the map can be shown', async () => {
    serveSearchApi();
    renderSearch('/?view=map');
    await mapShown();

    await screen.findByText('1 business on the map');
    expect(screen.queryByText('The map cannot be shown right now.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Businesses on the map' })).not.toBeInTheDocument();
  });

  it('shows the server’s message and tries again on request when the points cannot be loaded', async () => {
    serveSearchApi({
      mapPoints: (_url, call) =>
        call === 0
          ? new Response(
              JSON.stringify(envelope({}, { statusCode: 503, status: 'SERVICE_UNAVAILABLE', message: 'Map is resting' })),
              { status: 503, headers: { 'Content-Type': 'application/json' } },
            )
          : { points: [makeMapPoint()], truncated: false },
    });
    const { user } = renderSearch('/?view=map');
    await mapShown();

    expect(await screen.findByRole('alert')).toHaveTextContent('Map is resting');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 business on the map')).toBeInTheDocument();
  });

  it('is not made while the list is shown', async () => {
    serveSearchApi();
    renderSearch();

    await screen.findByText('Showing 1 - 9 of 30 results');
    expect(leafletMap.tileUrls).toEqual([]);
  });
});
