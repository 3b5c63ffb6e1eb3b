import type { Envelope } from '@churchtrades/shared/envelope';
import type { FailedMail, FailedMailParams } from '@churchtrades/shared/mail-outbox';
import type { Page } from '@churchtrades/shared/trade-search';
import { api } from '../../../../lib/api';

const FAILED_MAILS = { type: 'FailedMail', id: 'LIST' } as const;

const failedMailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `/admin/mails`: the mails given up on after their last try, the latest first. */
    failedMails: build.query<Page<FailedMail>, FailedMailParams>({
      query: (params) => ({ url: '/mails/failed', params }),
      transformResponse: (answer: Envelope<{ mails: Page<FailedMail> }>) => answer.data.mails,
      providesTags: [FAILED_MAILS],
    }),
    /**
     * Queues the mail again: it leaves the list. A refusal (another administrator sent it already) reloads the
     * list too, since the mail has left it all the same.
     */
    resendMail: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/mails/failed/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      transformResponse: (answer: Envelope<unknown>) => ({ message: answer.message }),
      invalidatesTags: [FAILED_MAILS],
    }),
  }),
});

export const { useFailedMailsQuery, useResendMailMutation } = failedMailsApi;
