import { SEARCH_PAGE_SIZE } from '@churchtrades/shared/constants';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';
import { nearParams, type VisitorPosition } from '../near-me';
import { type SearchFilter, tradeSearchParams } from '../search-filter';

export interface TradeSearch {
  filter: SearchFilter;
  /** "Near me": results come nearest first, each card with its distance. */
  near: VisitorPosition | null;
}

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchTrades: build.query<TradePage, TradeSearch>({
      query: ({ filter, near }) => ({
        url: '/trades/clientFilter',
        params: { ...tradeSearchParams(filter, SEARCH_PAGE_SIZE), ...nearParams(near) },
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
