import type { AccountDeletionUndo } from '@churchtrades/shared/account-deletion';
import type { LoginPauseKey } from '@churchtrades/shared/account-requests';
import type {
  LoginInput,
  PasswordResetWithKeyInput,
  RegisterInput,
  ResetRequestInput,
  TwoStepInput,
} from '@churchtrades/shared/auth';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { LoginUser, UserView } from '@churchtrades/shared/user';
import { api } from '../../../lib/api';

/** A user the server logged in (or half in, only `userId` and `mfa`, when it asks for the two-step code). */
export interface LoginAnswer<User = UserView> {
  user: User;
  message: string;
}

const toMessage = (answer: Envelope<unknown>) => answer.message;
const toLoginAnswer = <User,>(answer: Envelope<{ user: User }>): LoginAnswer<User> => ({
  user: answer.data.user,
  message: answer.message,
});

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer<LoginUser>, LoginInput>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
      transformResponse: toLoginAnswer,
    }),
    verifyQrCode: build.mutation<LoginAnswer, TwoStepInput>({
      query: (body) => ({ url: '/user/verify/qrcode', method: 'POST', body }),
      transformResponse: toLoginAnswer,
    }),
    register: build.mutation<string, RegisterInput>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
      transformResponse: toMessage,
    }),
    requestPasswordReset: build.mutation<string, ResetRequestInput>({
      query: (body) => ({ url: '/user/resetpassword', method: 'POST', body }),
      transformResponse: toMessage,
    }),
    resetPassword: build.mutation<string, PasswordResetWithKeyInput>({
      query: (body) => ({ url: '/user/resetpassword/reset', method: 'POST', body }),
      transformResponse: toMessage,
    }),
    /**
     * The "it's me" link of a paused login: lets this network log in during the pause. A POST sent by the page's
     * button, so that a mail scanner opening the link neither uses it up nor has its own network let in.
     */
    letInDuringPause: build.mutation<string, LoginPauseKey>({
      query: (body) => ({ url: '/user/verify/login', method: 'POST', body }),
      transformResponse: toMessage,
    }),
    /**
     * The undo link mailed with a deletion: keeps the account and opens it again. A POST sent by the page's button,
     * as the "it's me" link's, so that a mail scanner opening the link does not undo the deletion.
     */
    keepAccount: build.mutation<string, AccountDeletionUndo>({
      query: (body) => ({ url: '/user/deletion/undo', method: 'POST', body }),
      transformResponse: toMessage,
    }),
    // Queries, not mutations: the keys are single use, and a query is sent once however often the page
    // mounts (React's development double mount included).
    verifyAccount: build.query<string, string>({
      query: (key) => ({ url: '/user/verify/account', params: { key } }),
      transformResponse: toMessage,
    }),
    /** Makes the address the key was mailed to the login e-mail. */
    verifyEmail: build.query<string, string>({
      query: (key) => ({ url: '/user/verify/email', params: { key } }),
      transformResponse: toMessage,
    }),
    /** Restores the login e-mail the key was mailed to; every session ends. */
    undoEmailChange: build.query<string, string>({
      query: (key) => ({ url: '/user/verify/email/undo', params: { key } }),
      transformResponse: toMessage,
    }),
    /** Whose password the e-mailed key may reset. */
    verifyPasswordKey: build.query<string, string>({
      query: (key) => ({ url: '/user/verify/password', params: { key } }),
      transformResponse: (answer: Envelope<{ user: { userId: string } }>) => answer.data.user.userId,
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyQrCodeMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useLetInDuringPauseMutation,
  useKeepAccountMutation,
  useVerifyAccountQuery,
  useVerifyEmailQuery,
  useUndoEmailChangeQuery,
  useVerifyPasswordKeyQuery,
} = authApi;
