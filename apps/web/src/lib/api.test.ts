import { NOT_LOGGED_IN_MESSAGE } from '@churchtrades/shared/envelope';
import { describe, expect, it } from 'vitest';
import { makeStore } from './store';
import { envelope, mockFetch } from '../testing/mock-fetch';
import { api } from './api';
import { isLoggedIn, setLoggedIn } from './session';

// A throwaway endpoint: the rule under test belongs to the base query, not to any feature.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

function probe() {
  return makeStore().dispatch(probeApi.endpoints.probe.initiate());
}

describe('base query', () => {
  it('sets the logged-in flag to false when the server answers "You are not logged in"', async () => {
    setLoggedIn(true);
    mockFetch({
      status: 401,
      body: envelope({}, { statusCode: 401, status: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE }),
    });

    const result = await probe();

    expect(result.error).toMatchObject({ status: 401 });
    expect(localStorage.getItem('isLoggedIn')).toBe('false');
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps the flag on other refusals', async () => {
    setLoggedIn(true);
    mockFetch(
      { status: 401, body: envelope({}, { statusCode: 401, status: 'UNAUTHORIZED', message: 'Wrong e-mail or password' }) },
      { status: 403, body: envelope({}, { statusCode: 403, status: 'FORBIDDEN', message: NOT_LOGGED_IN_MESSAGE }) },
    );

    await probe();
    await probe();

    expect(isLoggedIn()).toBe(true);
  });

  it('sends the session cookie and asks under /api', async () => {
    const fetchMock = mockFetch({ body: envelope({ ok: true }) });

    await probe();

    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.credentials).toBe('include');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/probe');
  });

  it('reports an unreachable server as FETCH_ERROR and an unreadable answer as PARSING_ERROR', async () => {
    const fetchMock = mockFetch({ body: 'unused' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy error</html>', { status: 502 }));

    expect((await probe()).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect((await probe()).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
  });
});
