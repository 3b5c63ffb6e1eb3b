import { SEARCH_PAGE_SIZE } from '@churchtrades/shared/constants';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';
import { type SearchFilter, tradeSearchParams } from '../search-filter';

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchTrades: build.query<TradePage, SearchFilter>({
      query: (filter) => ({
        url: '/trades/clientFilter',
        params: tradeSearchParams(filter, SEARCH_PAGE_SIZE),
      }),
      transformResponse: (answer: Envelope<{ trades: TradePage }>) => answer.data.trades,
      providesTags: (result) => [
        { type: 'Trade', id: 'SEARCH' },
        ...(result?.content.map((trade) => ({ type: 'Trade' as const, id: trade.id })) ?? []),
      ],
    }),
  }),
});

export const { useSearchTradesQuery } = searchApi;
