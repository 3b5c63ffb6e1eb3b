import type { Envelope } from '@churchtrades/shared/envelope';
import type { SessionList, SessionView } from '@churchtrades/shared/sessions';
import { api } from '../../../lib/api';

/** The account's sessions page: where it is logged in, and ending those sessions. */
const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SessionView[], void>({
      query: () => '/user/sessions',
      transformResponse: (answer: Envelope<SessionList>) => answer.data.sessions,
      providesTags: ['Session'],
      // Other devices come and go: the list is read again each time the page opens.
      keepUnusedDataFor: 0,
    }),
    endOtherSessions: build.mutation<string, void>({
      query: () => ({ url: '/user/sessions/others', method: 'DELETE' }),
      transformResponse: (answer: Envelope<unknown>) => answer.message,
      invalidatesTags: ['Session'],
    }),
    endSession: build.mutation<string, string>({
      query: (sessionId) => ({ url: `/user/sessions/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
      transformResponse: (answer: Envelope<unknown>) => answer.message,
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionsQuery, useEndOtherSessionsMutation, useEndSessionMutation } = sessionsApi;
