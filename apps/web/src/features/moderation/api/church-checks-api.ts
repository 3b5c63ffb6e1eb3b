import type { TradeChecks, VouchInput, VouchWithdrawalInput } from '@churchtrades/shared/church-checks';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from '../../../lib/api';

/** A check recorded: what holds now, and the server's message for the toast. */
export interface ChecksResult {
  checks: TradeChecks;
  message: string;
}

function checksPath(tradeId: string, what: string): string {
  return `/moderation/trades/${encodeURIComponent(tradeId)}/${what}`;
}

const toResult = (answer: Envelope<{ checks: TradeChecks }>): ChecksResult => ({
  checks: answer.data.checks,
  message: answer.message,
});

// The checks carry the business's own tag: what a moderator records refreshes them, and the business with them.
const churchChecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    tradeChecks: build.query<TradeChecks, string>({
      query: (tradeId) => checksPath(tradeId, 'checks'),
      transformResponse: (answer: Envelope<{ checks: TradeChecks }>) => answer.data.checks,
      providesTags: (_result, _error, tradeId) => [{ type: 'Trade', id: tradeId }],
    }),
    vouchForTrade: build.mutation<ChecksResult, VouchInput & { tradeId: string }>({
      query: ({ tradeId, named }) => ({ url: checksPath(tradeId, 'vouch'), method: 'POST', body: { named } }),
      transformResponse: toResult,
      invalidatesTags: (_result, _error, { tradeId }) => [{ type: 'Trade', id: tradeId }],
    }),
    withdrawVouch: build.mutation<ChecksResult, VouchWithdrawalInput & { tradeId: string }>({
      query: ({ tradeId, reason }) => ({ url: checksPath(tradeId, 'vouch'), method: 'DELETE', body: { reason } }),
      transformResponse: toResult,
      invalidatesTags: (_result, _error, { tradeId }) => [{ type: 'Trade', id: tradeId }],
    }),
    markLicenceChecked: build.mutation<ChecksResult, { tradeId: string; checked: boolean }>({
      query: ({ tradeId, checked }) => ({ url: checksPath(tradeId, 'licenceChecked'), method: checked ? 'POST' : 'DELETE' }),
      transformResponse: toResult,
      invalidatesTags: (_result, _error, { tradeId }) => [{ type: 'Trade', id: tradeId }],
    }),
  }),
});

export const { useTradeChecksQuery, useVouchForTradeMutation, useWithdrawVouchMutation, useMarkLicenceCheckedMutation } =
  churchChecksApi;
