import { NOT_LOGGED_IN_MESSAGE } from '@churchtrades/shared/envelope';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsHandedToFetch, serveApi } from '../testing/api-server';
import { makeUser } from '../testing/user-factory';
import { api } from './api';
import { currentUserApi } from './current-user-api';
import { installErrorReporter } from './error-reporter';
import { isLoggedIn, setLoggedIn } from './session';
import { makeStore } from './store';

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
    serveApi({ 'GET /api/probe': { status: 401, message: NOT_LOGGED_IN_MESSAGE } });

    const result = await probe();

    expect(result.error).toMatchObject({ status: 401 });
    expect(localStorage.getItem('isLoggedIn')).toBe('false');
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps the flag on other refusals', async () => {
    setLoggedIn(true);
    const refusals = [
      { status: 401, message: 'Wrong e-mail or password' },
      { status: 403, message: NOT_LOGGED_IN_MESSAGE },
    ];
    serveApi({ 'GET /api/probe': () => refusals.shift() ?? {} });

    await probe();
    await probe();

    expect(isLoggedIn()).toBe(true);
  });

  it('sends the session cookie and asks under /api', async () => {
    const sent = requestsHandedToFetch();
    serveApi({ 'GET /api/probe': { data: { ok: true } } });

    await probe();

    expect(sent()[0]?.credentials).toBe('include');
    expect(new URL(sent()[0]?.url ?? '').pathname).toBe('/api/probe');
  });

  it('reports an unreachable server as FETCH_ERROR and an unreadable answer as PARSING_ERROR', async () => {
    const answers = [Response.error(), new Response('<html>proxy error</html>', { status: 502 })];
    serveApi({ 'GET /api/probe': () => answers.shift() ?? {} });

    expect((await probe()).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect((await probe()).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
  });
});

describe('base query and the shared error handler', () => {
  afterEach(() => installErrorReporter(undefined));

  it('hands every failed call to the error handler, named by its endpoint', async () => {
    const failures: { endpoint: string; error: FetchBaseQueryError }[] = [];
    installErrorReporter({ callFailed: (endpoint, error) => failures.push({ endpoint, error }), renderFailed: () => undefined });
    serveApi({ 'GET /api/probe': { status: 500, message: 'Something went wrong on our side.' } });

    await probe();

    expect(failures).toEqual([{ endpoint: 'probe', error: expect.objectContaining({ status: 500 }) }]);
  });
});

describe('how long answers are kept (SPEC §7)', () => {
  afterEach(() => vi.useRealTimers());

  interface Subscription extends PromiseLike<unknown> {
    queryCacheKey: string;
    unsubscribe: () => void;
  }

  /** Whether the store still holds the answer at each of `seconds` after the last page showing it went away. */
  async function keptAt(store: ReturnType<typeof makeStore>, subscription: Subscription, seconds: number[]) {
    await subscription;
    vi.useFakeTimers();
    subscription.unsubscribe();
    let elapsed = 0;
    return seconds.map((second) => {
      vi.advanceTimersByTime((second - elapsed) * 1000);
      elapsed = second;
      return store.getState().api.queries[subscription.queryCacheKey] !== undefined;
    });
  }

  it('forgets an answer 60 seconds after nothing shows it', async () => {
    serveApi({ 'GET /api/probe': { data: {} } });
    const store = makeStore();

    const kept = await keptAt(store, store.dispatch(probeApi.endpoints.probe.initiate()), [59, 61]);

    expect(kept).toEqual([true, false]);
  });

  it('keeps the profile 120 seconds', async () => {
    serveApi({ 'GET /api/user/profile': { data: { user: makeUser() } } });
    const store = makeStore();

    const kept = await keptAt(store, store.dispatch(currentUserApi.endpoints.getProfile.initiate()), [119, 121]);

    expect(kept).toEqual([true, false]);
  });
});
