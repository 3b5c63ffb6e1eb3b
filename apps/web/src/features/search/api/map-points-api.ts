import type { Envelope } from '@churchtrades/shared/envelope';
// Type-only: the zod schemas beside it stay out of the map's bundle.
import type { MapPoint, MapPoints } from '@churchtrades/shared/map';
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

/** The answer's compact rows (shared/map.ts `mapPointRowSchema`) as markers, each with its main category's name. */
export function mapPointsFound({ points, categories, truncated }: MapPoints): MapPointsFound {
  return {
    points: points.map(([id, name, lat, lng, categoryId]) => ({
      id,
      name,
      lat,
      lng,
      category: categoryId === null ? null : (categories[String(categoryId)] ?? null),
    })),
    truncated,
  };
}

const mapPointsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every match of the filters as a marker, up to 5,000 (`truncated` beyond). */
    getMapPoints: build.query<MapPointsFound, MapPointsParams>({
      query: (params) => ({ url: '/trades/mapPoints', params }),
      transformResponse: (answer: Envelope<MapPoints>) => mapPointsFound(answer.data),
      providesTags: [{ type: 'Trade', id: 'SEARCH' }],
    }),
  }),
});

export const { useGetMapPointsQuery } = mapPointsApi;
