import type { Envelope } from '@churchtrades/shared/envelope';
import type {
  OwnerReplyInput,
  ReceivedEnquiries,
  ReceivedEnquiriesQuery,
  ReceivedEnquiry,
  SpamReportInput,
  UpdateReceivedEnquiryInput,
} from '@churchtrades/shared/enquiries';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api';

/** A change made to one enquiry: the enquiry as it now is, and the server's message for the toast. */
export interface EnquiryChange {
  enquiry: ReceivedEnquiry;
  message: string;
}

/** Every folder's page and the menu's unread count carry this tag: any change to an enquiry refreshes them. */
const ENQUIRY_LISTS = { type: 'Enquiry', id: 'LIST' } as const;

function enquiryPath(id: string, action = ''): string {
  return `/enquiries/received/${encodeURIComponent(id)}${action}`;
}

const toChange = (answer: Envelope<{ enquiry: ReceivedEnquiry }>): EnquiryChange => ({
  enquiry: answer.data.enquiry,
  message: answer.message,
});

const withEnquiryTags = api.enhanceEndpoints({ addTagTypes: ['Enquiry'] });

const enquiryQueries = withEnquiryTags.injectEndpoints({
  endpoints: (build) => ({
    receivedEnquiries: build.query<ReceivedEnquiries, ReceivedEnquiriesQuery>({
      query: (params) => ({ url: '/enquiries/received', params }),
      transformResponse: (answer: Envelope<ReceivedEnquiries>) => answer.data,
      providesTags: [ENQUIRY_LISTS],
    }),
    receivedEnquiry: build.query<ReceivedEnquiry, string>({
      query: (id) => enquiryPath(id),
      transformResponse: (answer: Envelope<{ enquiry: ReceivedEnquiry }>) => answer.data.enquiry,
      providesTags: (_result, _error, id) => [{ type: 'Enquiry', id }],
      // Reading an enquiry marks it read: the folders' bold rows and unread counts change with it.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const read = await queryFulfilled.then(() => true).catch(() => false);
        if (read) dispatch(withEnquiryTags.util.invalidateTags([ENQUIRY_LISTS]));
      },
    }),
  }),
});

/**
 * A change answers with the enquiry as it now is: the open conversation shows it without asking again (asking
 * again would mark read an enquiry just marked unread).
 */
const enquiryChanges = enquiryQueries.injectEndpoints({
  endpoints: (build) => {
    const change = <Input extends { id: string }>(request: (input: Input) => FetchArgs) =>
      build.mutation<EnquiryChange, Input>({
        query: request,
        transformResponse: toChange,
        invalidatesTags: [ENQUIRY_LISTS],
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const result = await queryFulfilled.catch(() => undefined);
          if (result) dispatch(enquiryQueries.util.upsertQueryData('receivedEnquiry', id, result.data.enquiry));
        },
      });
    return {
      updateReceivedEnquiry: change<UpdateReceivedEnquiryInput & { id: string }>(({ id, ...body }) => ({
        url: enquiryPath(id),
        method: 'PATCH',
        body,
      })),
      replyToEnquiry: change<OwnerReplyInput & { id: string }>(({ id, body }) => ({
        url: enquiryPath(id, '/replies'),
        method: 'POST',
        body: { body },
      })),
      reportEnquirySpam: change<SpamReportInput & { id: string }>(({ id, reason }) => ({
        url: enquiryPath(id, '/spam'),
        method: 'POST',
        body: reason ? { reason } : {},
      })),
    };
  },
});

export const { useReceivedEnquiriesQuery, useReceivedEnquiryQuery } = enquiryQueries;
export const { useUpdateReceivedEnquiryMutation, useReplyToEnquiryMutation, useReportEnquirySpamMutation } =
  enquiryChanges;
