import { PROFILE_CACHE_SECONDS } from '@churchtrades/shared/constants';
import type { Envelope } from '@churchtrades/shared/envelope';
// Type-only: user.ts builds zod schemas, which the pages that only show the user do not need.
import type { UserView } from '@churchtrades/shared/user';
import { api } from './api';
import { setRole } from './session';

/**
 * The logged-in user, as the top bar, the account pages and the business pages all show them, and the
 * logout. Here rather than in a feature because the authenticated layout and several features use them.
 */
export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserView, void>({
      query: () => '/user/profile',
      transformResponse: (answer: Envelope<{ user: UserView }>) => answer.data.user,
      keepUnusedDataFor: PROFILE_CACHE_SECONDS,
      providesTags: ['User'],
      // An administrator may have changed the role since login; the stored role follows the server's.
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          setRole(data.role);
        } catch {
          // The screen that asked shows the error.
        }
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetProfileQuery, useLogoutMutation } = currentUserApi;

/** Puts a user the server just returned (login, update, photo, two-step) in the cache, so no screen refetches it. */
export function rememberUser(user: UserView) {
  return currentUserApi.util.upsertQueryData('getProfile', undefined, user);
}
