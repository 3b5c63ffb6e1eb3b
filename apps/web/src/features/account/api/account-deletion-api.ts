import type { AccountDeletion, AccountDeletionRequest } from '@churchtrades/shared/account-deletion';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from '../../../lib/api';

/** The server's message for the toast, and when the account will be deleted. */
export interface AccountDeletionAnswer {
  deletion: AccountDeletion;
  message: string;
}

/** "Delete my account": asking for it, with the password (and two-step code) again. */
const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Closes the account at once and ends every session; the job deletes it when its days are over. */
    requestAccountDeletion: build.mutation<AccountDeletionAnswer, AccountDeletionRequest>({
      query: (body) => ({ url: '/user/deletion', method: 'POST', body }),
      transformResponse: (answer: Envelope<AccountDeletion>) => ({ deletion: answer.data, message: answer.message }),
    }),
  }),
});

export const { useRequestAccountDeletionMutation } = accountDeletionApi;
