import type { Envelope } from '@churchtrades/shared/envelope';
import type { OwnerAnswerInput, PublicReview } from '@churchtrades/shared/reviews';
import type { Page } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';

/** The owner's answer as published, and the server's message for the toast. */
export interface PublishedAnswer {
  review: PublicReview;
  message: string;
}

/** Reviews listed on the owner's page, one page of them. */
export interface ReceivedReviewsArgs {
  page: number;
  size: number;
}

const withReviewTags = api.enhanceEndpoints({ addTagTypes: ['ReceivedReview'] });

const reviewQueries = withReviewTags.injectEndpoints({
  endpoints: (build) => ({
    receivedReviews: build.query<Page<PublicReview>, ReceivedReviewsArgs>({
      query: (params) => ({ url: '/reviews/received', params }),
      transformResponse: (answer: Envelope<{ reviews: Page<PublicReview> }>) => answer.data.reviews,
      providesTags: (page) => [
        { type: 'ReceivedReview', id: 'LIST' },
        ...(page?.content ?? []).map((review) => ({ type: 'ReceivedReview' as const, id: review.id })),
      ],
    }),
  }),
});

const reviewAnswers = reviewQueries.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The answer shows at once in the pages holding the review, from the server's answer. Refused as answered
     * already (another tab, another device), the review is asked again, so the answer given shows instead.
     */
    answerReview: build.mutation<PublishedAnswer, OwnerAnswerInput & { id: string }>({
      query: ({ id, body }) => ({ url: `/reviews/${encodeURIComponent(id)}/answer`, method: 'POST', body: { body } }),
      transformResponse: (answer: Envelope<{ review: PublicReview }>) => ({
        review: answer.data.review,
        message: answer.message,
      }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        const pages = reviewQueries.util.selectInvalidatedBy(getState(), [{ type: 'ReceivedReview', id }]);
        for (const { endpointName, originalArgs } of pages) {
          if (endpointName !== 'receivedReviews') continue;
          dispatch(
            reviewQueries.util.updateQueryData('receivedReviews', originalArgs as ReceivedReviewsArgs, (page) => {
              page.content = page.content.map((review) => (review.id === id ? result.data.review : review));
            }),
          );
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error && 'status' in error && error.status === 409 ? [{ type: 'ReceivedReview', id }] : [],
    }),
  }),
});

export const { useReceivedReviewsQuery } = reviewQueries;
export const { useAnswerReviewMutation } = reviewAnswers;
