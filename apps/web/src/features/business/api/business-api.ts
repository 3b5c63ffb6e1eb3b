import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';

const businessApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One listed business, as anyone may see it; 404 for an id that is not a listed business. */
    publicBusiness: build.query<TradeDetail, string>({
      query: (id) => `/trades/${encodeURIComponent(id)}`,
      transformResponse: (answer: Envelope<{ trade: TradeDetail }>) => answer.data.trade,
      providesTags: (_result, _error, id) => [{ type: 'Trade', id }],
    }),
  }),
});

export const { usePublicBusinessQuery } = businessApi;
