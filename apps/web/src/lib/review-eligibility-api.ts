import type { Envelope } from '@churchtrades/shared/envelope';
// Type-only: reviews.ts builds zod schemas, which the conversation page that only asks this does not need.
import type { ReviewEligibility } from '@churchtrades/shared/reviews';
import { api } from './api';

/** Whose review is asked about: a logged-in sender's enquiry, or the token of a conversation's private link. */
export type ReviewProof = { enquiryId: string } | { token: string };

/**
 * Whether, and from when, the person may review the business they asked. Here rather than in a feature because the
 * conversation page offers the review and the reviews feature writes it.
 */
export const reviewEligibilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewEligibility: build.query<ReviewEligibility, ReviewProof>({
      query: (proof) => ({ url: '/reviews/eligibility', params: proof }),
      transformResponse: (answer: Envelope<{ eligibility: ReviewEligibility }>) => answer.data.eligibility,
    }),
  }),
});

export const { useReviewEligibilityQuery } = reviewEligibilityApi;
