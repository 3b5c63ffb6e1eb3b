import type { Envelope } from '@churchtrades/shared/envelope';
import type { PriestTrade } from '@churchtrades/shared/trade-dashboard';
import { api } from '../../../lib/api';

/** The priest's list after a change, and the server's message for the toast. */
export interface PriestDetachResult {
  trades: PriestTrade[];
  message: string;
}

const PRIEST_LIST = { type: 'Trade', id: 'PRIEST' } as const;

const priestApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The businesses that name the signed-in user as their priest. */
    priestTrades: build.query<PriestTrade[], void>({
      query: () => '/trades/byPriest',
      transformResponse: (answer: Envelope<{ trades: PriestTrade[] }>) => answer.data.trades,
      providesTags: [PRIEST_LIST],
    }),
    detachPriest: build.mutation<PriestDetachResult, string>({
      query: (tradeId) => ({ url: '/trades/detachPriest', method: 'PATCH', params: { tradeId } }),
      transformResponse: (answer: Envelope<{ trades: PriestTrade[] }>) => ({
        trades: answer.data.trades,
        message: answer.message,
      }),
      invalidatesTags: (_result, _error, tradeId) => [PRIEST_LIST, { type: 'Trade', id: tradeId }],
    }),
  }),
});

export const { usePriestTradesQuery, useDetachPriestMutation } = priestApi;
