import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render-routes';
import { makeTradeCard, makeTradePage } from '../../../testing/trade-factory';
import { serveSearchApi } from '../testing/serve-search-api';
import { SearchPage } from './search-page';

type Locate = (success: PositionCallback, failure: PositionErrorCallback) => void;

/** The browser's geolocation, answering as `locate` says; jsdom has none. */
function fakeGeolocation(locate: Locate) {
  const getCurrentPosition = vi.fn(locate);
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

function at(latitude: number, longitude: number): Locate {
  return (success) => success({ coords: { latitude, longitude } } as GeolocationPosition);
}

const refused: Locate = (_success, failure) =>
  failure?.({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1 } as GeolocationPositionError);

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** Nearest first with their distance when the search gives a position, as the server answers. */
function answerNearFirst(url: URL) {
  if (!url.searchParams.has('lat')) return makeTradePage(0, 2);
  return {
    ...makeTradePage(0, 2),
    content: [
      makeTradeCard({ name: 'Around the corner', distanceKm: 0.43 }),
      makeTradeCard({ name: 'Across town', distanceKm: 12.96 }),
    ],
  };
}

function renderSearch(route = '/') {
  return renderRoutes([{ path: '/', element: <SearchPage /> }], { initialEntries: [route] });
}

const nearMe = () => screen.getByRole('group', { name: 'Near me' });

describe('Near me', () => {
  it('with permission, searches nearest first from the rounded position and shows each distance', async () => {
    const api = serveSearchApi({ trades: answerNearFirst });
    fakeGeolocation(at(-33.86882, 151.20929));
    const { user, router } = renderSearch('/?state=NSW&page=2');
    await screen.findByText(/Showing/);

    await user.click(within(nearMe()).getByRole('button', { name: 'Near me' }));

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Around the corner', 'Across town']);
    expect(within(cards[0]!).getByText('0.4 km away')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('13.0 km away')).toBeInTheDocument();
    expect(api.searches().at(-1)).toEqual({ page: '0', size: '9', stateType: 'NSW', lat: '-33.869', lng: '151.209' });
    expect(router.state.location.search).toBe('?state=NSW&near=-33.869%2C151.209');
    expect(within(nearMe()).getByText('Nearest to you first')).toBeInTheDocument();
  });

  it('keeps the order after a reload, from the position in the URL', async () => {
    const api = serveSearchApi({ trades: answerNearFirst });
    renderSearch('/?near=-37.814,144.963');

    expect(await screen.findByText('0.4 km away')).toBeInTheDocument();
    expect(api.searches()).toEqual([{ page: '0', size: '9', stateType: 'ALL', lat: '-37.814', lng: '144.963' }]);
  });

  it('gives the map the position too', async () => {
    const api = serveSearchApi();
    renderSearch('/?view=map&near=-37.814,144.963');

    await vi.waitFor(() => expect(api.mapSearches()).toEqual([{ stateType: 'ALL', lat: '-37.814', lng: '144.963' }]), {
      timeout: 10_000,
    });
  });

  it('goes back to the usual order with Clear', async () => {
    const api = serveSearchApi({ trades: answerNearFirst });
    const { user, router } = renderSearch('/?q=roof&near=-37.814,144.963');
    await screen.findByText('0.4 km away');

    await user.click(within(nearMe()).getByRole('button', { name: 'Clear' }));

    await vi.waitFor(() => expect(screen.queryByText(/km away/)).not.toBeInTheDocument());
    expect(await screen.findByText('Showing 1 - 2 of 2 results')).toBeInTheDocument();
    expect(api.searches().at(-1)).toEqual({ page: '0', size: '9', stateType: 'ALL', searchText: 'roof' });
    expect(router.state.location.search).toBe('?q=roof');
    expect(within(nearMe()).getByRole('button', { name: 'Near me' })).toBeInTheDocument();
  });

  it('without permission, changes nothing but saying "Location not available"', async () => {
    const api = serveSearchApi({ trades: answerNearFirst });
    fakeGeolocation(refused);
    const { user, router } = renderSearch('/?page=1');
    await screen.findByText(/Showing/);

    await user.click(within(nearMe()).getByRole('button', { name: 'Near me' }));

    expect(await within(nearMe()).findByText('Location not available')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(api.searches()).toHaveLength(1);
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
  });

  it('says "Location not available" in a browser without geolocation', async () => {
    const api = serveSearchApi();
    const { user, router } = renderSearch();
    await screen.findByText(/Showing/);

    await user.click(within(nearMe()).getByRole('button', { name: 'Near me' }));

    expect(within(nearMe()).getByText('Location not available')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.searches()).toHaveLength(1);
  });

  it('says it is finding the position while the browser asks, and uses the filters chosen meanwhile', async () => {
    const api = serveSearchApi({ trades: answerNearFirst });
    let answer: PositionCallback | undefined;
    fakeGeolocation((success) => {
      answer = success;
    });
    const { user, router } = renderSearch();
    await screen.findByText(/Showing/);

    await user.click(within(nearMe()).getByRole('button', { name: 'Near me' }));
    expect(within(nearMe()).getByText('Finding your location…')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name: 'QLD' }));
    await act(async () => answer?.({ coords: { latitude: -27.4712, longitude: 153.0261 } } as GeolocationPosition));

    expect(await screen.findByText('0.4 km away')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=QLD&near=-27.471%2C153.026');
    expect(api.searches().at(-1)).toMatchObject({ stateType: 'QLD', lat: '-27.471', lng: '153.026' });
    expect(within(nearMe()).queryByText('Finding your location…')).not.toBeInTheDocument();
  });
});
