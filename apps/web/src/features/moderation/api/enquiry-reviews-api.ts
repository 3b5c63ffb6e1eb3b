import type { Envelope } from '@churchtrades/shared/envelope';
import type { BlockedSender, BlockSenderInput, EnquiryReview, ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import { api } from '../../../lib/api';

/** A decision's answer: only its message (for the toast) matters, as the lists are asked again. */
type Decision = Envelope<unknown>;

/**
 * The spam reports and held enquiries carry one tag and the blocked addresses another: a decision refreshes the
 * lists it changes (blocking an address decides its reports and fills the blocked list).
 */
const REVIEWS = { type: 'EnquiryReview', id: 'LIST' } as const;
const BLOCKED = { type: 'BlockedSender', id: 'LIST' } as const;

function reviewPath(id: string, action: string): string {
  return `/moderation/enquiries/${action}`.replace(':id', encodeURIComponent(id));
}

const enquiryReviewsApi = api.enhanceEndpoints({ addTagTypes: ['EnquiryReview', 'BlockedSender'] }).injectEndpoints({
  endpoints: (build) => ({
    enquiryReviews: build.query<EnquiryReview[], void>({
      query: () => '/moderation/enquiries',
      transformResponse: (answer: Envelope<{ reviews: EnquiryReview[] }>) => answer.data.reviews,
      providesTags: [REVIEWS],
    }),
    reportedEnquiry: build.query<ReceivedEnquiry, string>({
      query: (id) => reviewPath(id, ':id'),
      transformResponse: (answer: Envelope<{ enquiry: ReceivedEnquiry }>) => answer.data.enquiry,
    }),
    dismissSpamReport: build.mutation<Decision, string>({
      query: (id) => ({ url: reviewPath(id, 'reports/:id/dismiss'), method: 'POST' }),
      invalidatesTags: [REVIEWS],
    }),
    releaseHeldEnquiry: build.mutation<Decision, string>({
      query: (id) => ({ url: reviewPath(id, ':id/release'), method: 'POST' }),
      invalidatesTags: [REVIEWS],
    }),
    blockedSenders: build.query<BlockedSender[], void>({
      query: () => '/moderation/blockedSenders',
      transformResponse: (answer: Envelope<{ blockedSenders: BlockedSender[] }>) => answer.data.blockedSenders,
      providesTags: [BLOCKED],
    }),
    blockSender: build.mutation<Decision, BlockSenderInput>({
      query: (body) => ({ url: '/moderation/blockedSenders', method: 'POST', body }),
      invalidatesTags: [REVIEWS, BLOCKED],
    }),
    unblockSender: build.mutation<Decision, string>({
      query: (email) => ({ url: '/moderation/blockedSenders', method: 'DELETE', params: { email } }),
      invalidatesTags: [REVIEWS, BLOCKED],
    }),
  }),
});

export const {
  useEnquiryReviewsQuery,
  useReportedEnquiryQuery,
  useDismissSpamReportMutation,
  useReleaseHeldEnquiryMutation,
  useBlockedSendersQuery,
  useBlockSenderMutation,
  useUnblockSenderMutation,
} = enquiryReviewsApi;
