import type { Envelope } from '@churchtrades/shared/envelope';
// Type-only: the zod schemas beside it stay out of the map's bundle.
import type { MapPoint, MapPoints } from '@churchtrades/shared/map';
import { markersOf } from '@churchtrades/shared/map-markers';
import type { TradeSearchParams } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';

/** The search's query without paging: the map shows every match at once. */
export type MapPointsParams = Omit<TradeSearchParams, 'page' | 'size'>;

/** The map's answer as markers. */
export interface MapPointsFound {
  points: MapPoint[];
  /** More businesses matched than the answer holds. */
  truncated: boolean;
}

const mapPointsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every match of the filters as a marker, up to 5,000 (`truncated` beyond). */
    getMapPoints: build.query<MapPointsFound, MapPointsParams>({
      query: (params) => ({ url: '/trades/mapPoints', params }),
      transformResponse: ({ data }: Envelope<MapPoints>) => ({ points: markersOf(data), truncated: data.truncated }),
      providesTags: [{ type: 'Trade', id: 'SEARCH' }],
    }),
  }),
});

export const { useGetMapPointsQuery } = mapPointsApi;
