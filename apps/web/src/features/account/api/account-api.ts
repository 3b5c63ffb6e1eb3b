import type { AccountProfileInput } from '@churchtrades/shared/account';
import type { OwnAccountClosureInput } from '@churchtrades/shared/account-deletion';
import { IMAGE_FILE_FIELD } from '@churchtrades/shared/account-requests';
import type { PasswordChangeInput } from '@churchtrades/shared/auth';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { MfaCancelInput, MfaConfirmInput, MfaSetup, OwnAccountClosurePath, UserView } from '@churchtrades/shared/user';
import { api } from '../../../lib/api';
import { rememberUser } from '../../../lib/current-user-api';

/** A change to the account: the user as it now is, and the server's message for the toast. */
export interface AccountChange {
  user: UserView;
  message: string;
}

const toAccountChange = (answer: Envelope<{ user: UserView }>): AccountChange => ({
  user: answer.data.user,
  message: answer.message,
});

/** The changed user replaces the cached one, so the top bar, the card and the forms show it at once. */
async function keepChangedUser(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: ReturnType<typeof rememberUser>) => unknown; queryFulfilled: Promise<{ data: AccountChange }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(rememberUser(data.user));
  } catch {
    // The form shows the error; the cached user is still right.
  }
}

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccountProfile: build.mutation<AccountChange, AccountProfileInput>({
      query: (body) => ({ url: '/user/update', method: 'PATCH', body }),
      transformResponse: toAccountChange,
      onQueryStarted: keepChangedUser,
    }),
    changePassword: build.mutation<string, PasswordChangeInput>({
      query: (body) => ({ url: '/user/updatepassword', method: 'PATCH', body }),
      transformResponse: (answer: Envelope<unknown>) => answer.message,
    }),
    changePhoto: build.mutation<AccountChange, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const body = new FormData();
        // The id before the file: a server reading the upload as a stream meets it first.
        body.append('userId', userId);
        body.append(IMAGE_FILE_FIELD, file);
        return { url: '/user/photo', method: 'PATCH', body };
      },
      transformResponse: toAccountChange,
      onQueryStarted: keepChangedUser,
    }),
    /** A new secret, pending until a code from it is confirmed. */
    setUpTwoStep: build.mutation<MfaSetup, void>({
      query: () => ({ url: '/user/mfa/setup', method: 'PATCH' }),
      transformResponse: (answer: Envelope<MfaSetup>) => answer.data,
    }),
    confirmTwoStep: build.mutation<AccountChange, MfaConfirmInput>({
      query: (body) => ({ url: '/user/mfa/confirm', method: 'PATCH', body }),
      transformResponse: toAccountChange,
      onQueryStarted: keepChangedUser,
    }),
    turnOffTwoStep: build.mutation<AccountChange, MfaCancelInput>({
      query: (body) => ({ url: '/user/mfa/cancel', method: 'PATCH', body }),
      transformResponse: toAccountChange,
      onQueryStarted: keepChangedUser,
    }),
    /**
     * Closes a switch of the own account (SPEC §7 toggles), the password given again so that a session left open
     * cannot lock its owner out; closing the account itself logs out.
     */
    closeOwnAccount: build.mutation<AccountChange, { path: OwnAccountClosurePath } & OwnAccountClosureInput>({
      query: ({ path, password }) => ({ url: `/user/${path}`, method: 'PATCH', body: { password } }),
      transformResponse: toAccountChange,
    }),
  }),
});

export const {
  useUpdateAccountProfileMutation,
  useChangePasswordMutation,
  useChangePhotoMutation,
  useSetUpTwoStepMutation,
  useConfirmTwoStepMutation,
  useTurnOffTwoStepMutation,
  useCloseOwnAccountMutation,
} = accountApi;
