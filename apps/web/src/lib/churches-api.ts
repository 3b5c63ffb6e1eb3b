import type { ChurchSummary } from '@churchtrades/shared/church';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { StateFilter } from '@churchtrades/shared/states';
import { api } from './api';

/** Here rather than in a feature because the search filters and the business forms both offer churches. */
const churchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every enabled church of a state (ALL: of every state), ordered by name. */
    stateChurches: build.query<ChurchSummary[], StateFilter>({
      query: (stateType) => ({ url: '/churches/stateChurches', params: { stateType } }),
      transformResponse: (answer: Envelope<{ churches?: ChurchSummary[] }>) => answer.data.churches ?? [],
      providesTags: (_result, _error, stateType) => [{ type: 'Church', id: `STATE-${stateType}` }],
    }),
  }),
});

export const { useStateChurchesQuery } = churchesApi;
