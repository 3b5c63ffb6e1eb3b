import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradeAdminRow, TradeAdminSearchParams } from '@churchtrades/shared/trade-admin';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import type { Page } from '@churchtrades/shared/trade-search';
import { api } from '../../../../lib/api';

/** The administrators' switches of a business (SPEC §4: locked and expired are not the owner's). */
export type TradeAdminToggle = 'LOCKED' | 'EXPIRED';

const TOGGLE_PATHS: Readonly<Record<TradeAdminToggle, string>> = {
  LOCKED: '/trades/toggleLocked',
  EXPIRED: '/trades/toggleExpired',
};

/** A change to a business: the business as it now is, and the server's message for the toast. */
export interface TradeAdminChange {
  trade: OwnTrade;
  message: string;
}

const tradesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `/admin/businesses`: every business, listed or not, by name, state and moderation status. */
    searchAllTrades: build.query<Page<TradeAdminRow>, TradeAdminSearchParams>({
      query: (params) => ({ url: '/trades/searchTrade', params }),
      transformResponse: (answer: Envelope<{ trades: Page<TradeAdminRow> }>) => answer.data.trades,
      providesTags: (result) => [
        { type: 'Trade', id: 'ADMIN' },
        ...(result?.content.map((trade) => ({ type: 'Trade' as const, id: trade.id })) ?? []),
      ],
    }),
  }),
});

const tradesAdminChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Flips a switch; the rows showing the business follow the answer at once, then the lists holding it are
     * reloaded, since a switch also decides whether the business is listed.
     */
    toggleTradeAdmin: build.mutation<TradeAdminChange, { toggle: TradeAdminToggle; tradeId: string }>({
      query: ({ toggle, tradeId }) => ({ url: TOGGLE_PATHS[toggle], method: 'PATCH', params: { key: tradeId } }),
      transformResponse: (answer: Envelope<{ trade: OwnTrade }>) => ({
        trade: answer.data.trade,
        message: answer.message,
      }),
      async onQueryStarted({ tradeId }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { locked, expired, enabled } = data.trade;
          const lists = api.util.selectInvalidatedBy(getState(), [{ type: 'Trade', id: tradeId }]);
          for (const { endpointName, originalArgs } of lists) {
            if (endpointName !== 'searchAllTrades') continue;
            dispatch(
              tradesAdminApi.util.updateQueryData('searchAllTrades', originalArgs as TradeAdminSearchParams, (page) => {
                const row = page.content.find((trade) => trade.id === tradeId);
                if (row) Object.assign(row, { locked, expired, enabled });
              }),
            );
          }
        } catch {
          // The screen shows the error; the cached rows are still right.
        }
      },
      invalidatesTags: (_result, _error, { tradeId }) => [{ type: 'Trade', id: tradeId }],
    }),
  }),
});

export const { useSearchAllTradesQuery } = tradesAdminApi;
export const { useToggleTradeAdminMutation } = tradesAdminChangesApi;
