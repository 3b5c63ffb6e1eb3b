import type { Envelope } from '@churchtrades/shared/envelope';
// Type-only: the zod schemas beside it stay out of the map's bundle.
import type { MapPoints } from '@churchtrades/shared/map';
import type { TradeSearchParams } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';

/** The search's query without paging: the map shows every match at once. */
export type MapPointsParams = Omit<TradeSearchParams, 'page' | 'size'>;

const mapPointsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every match of the filters as a marker, up to 5,000 (`truncated` beyond). */
    getMapPoints: build.query<MapPoints, MapPointsParams>({
      query: (params) => ({ url: '/trades/mapPoints', params }),
      transformResponse: (answer: Envelope<MapPoints>) => answer.data,
      providesTags: [{ type: 'Trade', id: 'SEARCH' }],
    }),
  }),
});

export const { useGetMapPointsQuery } = mapPointsApi;
