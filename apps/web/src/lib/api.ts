import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { DEFAULT_CACHE_SECONDS } from '@churchtrades/shared/constants';
// The same text envelope.ts exports as NOT_LOGGED_IN_MESSAGE, taken from messages.ts because envelope.ts
// builds zod schemas at import time and would pull zod (~23 KB gzipped) into the first page's bundle.
import { MESSAGES } from '@churchtrades/shared/messages';
import { reportCallError } from './error-reporter';
import { setLoggedIn } from './session';

/** A request that has not answered by then is reported as TIMEOUT_ERROR (SPEC §8). */
export const REQUEST_TIMEOUT_MS = 15_000;

const fetchFromApi = fetchBaseQuery({
  baseUrl: '/api',
  // The session is an HttpOnly cookie; it must travel with every call.
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
});

function isNotLoggedInAnswer(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'status' in body &&
    'message' in body &&
    body.status === 'UNAUTHORIZED' &&
    body.message === MESSAGES.notLoggedIn
  );
}

/**
 * fetchBaseQuery plus exactly two rules (SPEC §4, §8): an answer saying "You are not logged in" means the
 * server session is gone, so the browser's logged-in flag is set to false; and a failure goes to the shared
 * error handler, which logs the unexpected ones. No redirects, no toasts: screens decide what to show from
 * the error they receive.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchFromApi(args, api, extraOptions);
  const body = result.error ? ('data' in result.error ? result.error.data : undefined) : result.data;
  if (isNotLoggedInAnswer(body)) setLoggedIn(false);
  if (result.error) reportCallError(api.endpoint, result.error);
  return result;
};

/**
 * The one API of the app; features add their endpoints with `api.injectEndpoints`. Unused answers stay
 * cached 60 s (SPEC §7); profile and user look-up endpoints set `keepUnusedDataFor: PROFILE_CACHE_SECONDS`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: DEFAULT_CACHE_SECONDS,
  tagTypes: ['User', 'Trade', 'Address', 'SocialMedia', 'Church', 'Category', 'MasterUser', 'Session', 'FailedMail', 'DataExport'],
  endpoints: () => ({}),
});
