import type { Envelope } from '@churchtrades/shared/envelope';
import type { EditReviewInput, OwnReview, ReviewReportInput, TradeReviews, WriteReviewInput } from '@churchtrades/shared/reviews';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { api } from '../../../lib/api';
import { type ReviewProof, reviewEligibilityApi } from '../../../lib/review-eligibility-api';

/** Reviews come ten to a page; "More reviews" asks for the next. */
const REVIEWS_PAGE_SIZE = 10;

/** The business whose reviews are shown: its id to ask for them, its name for its answers. */
export type ReviewedTrade = Pick<TradeDetail, 'id' | 'name'>;

export interface TradeReviewsArgs {
  tradeId: string;
  /** Only reviews of this many stars; undefined for all. */
  stars?: number;
  /** From 0. */
  page: number;
}

/** The reviewer's review as the server now holds it, and what the server said of it (published, or held). */
export interface ReviewSaved {
  review: OwnReview;
  message: string;
}

/** A new review: whose it is, and what it says. */
export interface NewReview {
  proof: ReviewProof;
  review: Omit<WriteReviewInput, 'enquiryId' | 'token'>;
}

/** A change to one's review; a reviewer without an account proves it is theirs with their link's token. */
export interface ReviewChange {
  id: string;
  proof: ReviewProof;
  review: Omit<EditReviewInput, 'token'>;
}

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A listed business's published reviews, newest first, with its rating, the waiting count, notes and notice. */
    tradeReviews: build.query<TradeReviews, TradeReviewsArgs>({
      query: ({ tradeId, stars, page }) => ({
        url: `/trades/${encodeURIComponent(tradeId)}/reviews`,
        params: { page, size: REVIEWS_PAGE_SIZE, ...(stars !== undefined && { stars }) },
      }),
      transformResponse: (answer: Envelope<TradeReviews>) => answer.data,
      // A review written or changed here changes the business's reviews and its rating alike.
      providesTags: (_result, _error, { tradeId }) => [{ type: 'Trade', id: tradeId }],
    }),
    writeReview: build.mutation<ReviewSaved, NewReview>({
      query: ({ proof, review }) => ({ url: '/reviews', method: 'POST', body: { ...proof, ...review } }),
      transformResponse: (answer: Envelope<{ review: OwnReview }>) => ({ review: answer.data.review, message: answer.message }),
      invalidatesTags: (result) => (result ? [{ type: 'Trade', id: result.review.tradeId }] : []),
      async onQueryStarted({ proof }, { dispatch, queryFulfilled }) {
        await rememberOwnReview(proof, queryFulfilled, dispatch);
      },
    }),
    editReview: build.mutation<ReviewSaved, ReviewChange>({
      query: ({ id, proof, review }) => ({
        url: `/reviews/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { ...review, ...('token' in proof && { token: proof.token }) },
      }),
      transformResponse: (answer: Envelope<{ review: OwnReview }>) => ({ review: answer.data.review, message: answer.message }),
      invalidatesTags: (result) => (result ? [{ type: 'Trade', id: result.review.tradeId }] : []),
      async onQueryStarted({ proof }, { dispatch, queryFulfilled }) {
        await rememberOwnReview(proof, queryFulfilled, dispatch);
      },
    }),
    /** Anyone's report of a published review; the answer's message thanks them. */
    reportReview: build.mutation<string, { id: string; report: ReviewReportInput }>({
      query: ({ id, report }) => ({ url: `/reviews/${encodeURIComponent(id)}/reports`, method: 'POST', body: report }),
      transformResponse: (answer: Envelope<unknown>) => answer.message,
    }),
  }),
});

/**
 * The review just written or changed becomes what the write page knows of the person's eligibility (REVIEWED,
 * with this review), so the page shows it as the server holds it without asking again.
 */
async function rememberOwnReview(
  proof: ReviewProof,
  queryFulfilled: Promise<{ data: ReviewSaved }>,
  dispatch: (action: ReturnType<typeof reviewEligibilityApi.util.updateQueryData>) => unknown,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(
      reviewEligibilityApi.util.updateQueryData('reviewEligibility', proof, (eligibility) => {
        eligibility.state = 'REVIEWED';
        eligibility.eligibleFrom = null;
        eligibility.review = data.review;
      }),
    );
  } catch {
    // The form shows the error.
  }
}

export const { useTradeReviewsQuery, useWriteReviewMutation, useEditReviewMutation, useReportReviewMutation } = reviewsApi;
