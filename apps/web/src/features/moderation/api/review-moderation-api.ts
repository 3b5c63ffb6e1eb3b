import type { Envelope } from '@churchtrades/shared/envelope';
import type { ModeratedReview, RemoveReviewInput, ReviewNoticeInput } from '@churchtrades/shared/reviews';
import { api } from '../../../lib/api';

/** A decision's answer: only its message (for the toast) matters, as the list is asked again. */
type Decision = Envelope<unknown>;

/** Every decision changes the list: a review leaves it, shows its hold, or its business shows the notice. */
const MODERATED_REVIEWS = { type: 'ModeratedReview', id: 'LIST' } as const;

function reviewPath(id: string, action: string): string {
  return `/moderation/reviews/${encodeURIComponent(id)}/${action}`;
}

const reviewModerationApi = api.enhanceEndpoints({ addTagTypes: ['ModeratedReview'] }).injectEndpoints({
  endpoints: (build) => ({
    moderatedReviews: build.query<ModeratedReview[], void>({
      query: () => '/moderation/reviews',
      transformResponse: (answer: Envelope<{ reviews: ModeratedReview[] }>) => answer.data.reviews,
      providesTags: [MODERATED_REVIEWS],
    }),
    removeReview: build.mutation<Decision, RemoveReviewInput & { id: string }>({
      query: ({ id, reason }) => ({ url: reviewPath(id, 'remove'), method: 'POST', body: { reason } }),
      invalidatesTags: [MODERATED_REVIEWS],
    }),
    keepReview: build.mutation<Decision, string>({
      query: (id) => ({ url: reviewPath(id, 'keep'), method: 'POST' }),
      invalidatesTags: [MODERATED_REVIEWS],
    }),
    holdReview: build.mutation<Decision, string>({
      query: (id) => ({ url: reviewPath(id, 'hold'), method: 'POST' }),
      invalidatesTags: [MODERATED_REVIEWS],
    }),
    setReviewNotice: build.mutation<Decision, ReviewNoticeInput & { tradeId: string }>({
      query: ({ tradeId, reason }) => ({
        url: `/moderation/trades/${encodeURIComponent(tradeId)}/reviewNotice`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: [MODERATED_REVIEWS],
    }),
  }),
});

export const {
  useModeratedReviewsQuery,
  useRemoveReviewMutation,
  useKeepReviewMutation,
  useHoldReviewMutation,
  useSetReviewNoticeMutation,
} = reviewModerationApi;
