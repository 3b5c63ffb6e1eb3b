import type { Conversation, ConversationReplyInput, EnquirySent, SendEnquiryInput } from '@churchtrades/shared/enquiries';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from '../../../lib/api';

const enquiriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendEnquiry: build.mutation<EnquirySent, SendEnquiryInput>({
      query: (body) => ({ url: '/enquiries', method: 'POST', body }),
      transformResponse: (answer: Envelope<{ enquiry: EnquirySent }>) => answer.data.enquiry,
    }),
    // A query, not a mutation: the key is single use, and a query is sent once however often the page mounts
    // (React's development double mount included). POST, as the link's opening is what confirms.
    confirmEnquiry: build.query<EnquirySent, string>({
      query: (key) => ({ url: '/enquiries/confirm', method: 'POST', body: { key } }),
      transformResponse: (answer: Envelope<{ enquiry: EnquirySent }>) => answer.data.enquiry,
    }),
    /** The visitor's conversation through the private link. */
    conversation: build.query<Conversation, string>({
      query: (token) => ({ url: '/enquiries/conversation', params: { token } }),
      transformResponse: (answer: Envelope<{ conversation: Conversation }>) => answer.data.conversation,
    }),
    /** The visitor's answer; the page shows the conversation as the server now holds it. */
    answerConversation: build.mutation<Conversation, ConversationReplyInput>({
      query: (body) => ({ url: '/enquiries/conversation/messages', method: 'POST', body }),
      transformResponse: (answer: Envelope<{ conversation: Conversation }>) => answer.data.conversation,
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(enquiriesApi.util.upsertQueryData('conversation', token, data));
        } catch {
          // The form shows the error.
        }
      },
    }),
    /** "Stop this link": it opens nothing any more; the business's next answer brings a new one. */
    revokeConversation: build.mutation<string, string>({
      query: (token) => ({ url: '/enquiries/conversation/revoke', method: 'POST', body: { token } }),
      transformResponse: (answer: Envelope<unknown>) => answer.message,
    }),
  }),
});

export const {
  useSendEnquiryMutation,
  useConfirmEnquiryQuery,
  useConversationQuery,
  useAnswerConversationMutation,
  useRevokeConversationMutation,
} = enquiriesApi;
