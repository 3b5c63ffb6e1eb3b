import type { Envelope } from '@churchtrades/shared/envelope';
import type {
  ModerationChurchCount,
  ModerationDecisionFormValues,
  ModerationQueueParams,
  ModerationTrade,
  ModerationTradePage,
  ModerationTradesParams,
} from '@churchtrades/shared/moderation';
import { api } from '../../../lib/api';

/** The queue's page of businesses and the side list of how many wait at each church. */
export interface ModerationQueue {
  trades: ModerationTradePage;
  churches: ModerationChurchCount[];
}

/** A decision taken: the business as it now stands, and the server's message for the toast. */
export interface ModerationDecisionResult {
  trade: ModerationTrade;
  message: string;
}

/**
 * Every list of businesses a moderator sees carries this tag, so a decision (or an owner's resubmission)
 * refreshes the queue, its counts and the "All businesses" list together.
 */
const MODERATION_LISTS = { type: 'Trade', id: 'MODERATION' } as const;

function tradeTags(page: ModerationTradePage | undefined) {
  return [MODERATION_LISTS, ...(page?.content.map((trade) => ({ type: 'Trade' as const, id: trade.id })) ?? [])];
}

const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    moderationQueue: build.query<ModerationQueue, ModerationQueueParams>({
      query: (params) => ({ url: '/moderation/queue', params }),
      transformResponse: (answer: Envelope<ModerationQueue>) => answer.data,
      providesTags: (result) => tradeTags(result?.trades),
    }),
    moderationTrades: build.query<ModerationTradePage, ModerationTradesParams>({
      query: (params) => ({ url: '/moderation/trades', params }),
      transformResponse: (answer: Envelope<{ trades: ModerationTradePage }>) => answer.data.trades,
      providesTags: (result) => tradeTags(result),
    }),
    moderationTrade: build.query<ModerationTrade, string>({
      query: (id) => `/moderation/trades/${encodeURIComponent(id)}`,
      transformResponse: (answer: Envelope<{ trade: ModerationTrade }>) => answer.data.trade,
      providesTags: (_result, _error, id) => [{ type: 'Trade', id }],
    }),
    decideOnTrade: build.mutation<ModerationDecisionResult, ModerationDecisionFormValues>({
      query: (body) => ({ url: '/moderation/decide', method: 'PATCH', body }),
      transformResponse: (answer: Envelope<{ trade: ModerationTrade }>) => ({
        trade: answer.data.trade,
        message: answer.message,
      }),
      // The business's own tag also refreshes a search page that shows it: approving lists it there.
      invalidatesTags: (_result, _error, { tradeId }) => [MODERATION_LISTS, { type: 'Trade', id: tradeId }],
    }),
  }),
});

export const { useModerationQueueQuery, useModerationTradesQuery, useModerationTradeQuery, useDecideOnTradeMutation } =
  moderationApi;
