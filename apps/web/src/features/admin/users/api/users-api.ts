import type { ChurchAdmin, ChurchMembershipInput, ChurchManageParams } from '@churchtrades/shared/church-admin';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { Page } from '@churchtrades/shared/trade-search';
import type {
  RegisterMasterUserInput,
  UpdateRoleInput,
  UserAdmin,
  UserFilterParams,
  USER_SWITCHES,
} from '@churchtrades/shared/user-admin';
import { api } from '../../../../lib/api';

/** The path that flips each account switch (SPEC §7 `/user/tglUser…?userId=`). */
export type UserSwitchPath = keyof typeof USER_SWITCHES;

/** A change to a user: the user as they now are, and the server's message for the toast. */
export interface UserChange {
  user: UserAdmin;
  message: string;
}

/** The server's message for the toast, of a change that answers no user. */
export interface Done {
  message: string;
}

const LIST = { type: 'MasterUser', id: 'LIST' } as const;

const toUserChange = (answer: Envelope<{ user: UserAdmin }>): UserChange => ({
  user: answer.data.user,
  message: answer.message,
});

const toDone = (answer: Envelope<unknown>): Done => ({ message: answer.message });

/** The priests or moderators of a church, as the church administration lists them. */
const churchMembersTag = (churchId: string) => ({ type: 'MasterUser' as const, id: `CHURCH-${churchId}` });

/** A changed role or account shows in the user lists and in the member lists of the churches they serve. */
const listsShowing = (result: UserChange | undefined) => [
  LIST,
  ...(result?.user.churches.map((church) => churchMembersTag(church.churchId)) ?? []),
];

type Membership = { userId: string; churchId: string };

const membershipChanged = (_result: unknown, _error: unknown, { userId, churchId }: Membership) => [
  LIST,
  { type: 'MasterUser' as const, id: userId },
  churchMembersTag(churchId),
];

const usersQueriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `/admin/users`: users by name or e-mail, state, church, role and account switches. */
    filterUsers: build.query<Page<UserAdmin>, UserFilterParams>({
      query: (params) => ({ url: '/masterUser/filter', params }),
      transformResponse: (answer: Envelope<{ users: Page<UserAdmin> }>) => answer.data.users,
      providesTags: (result) => [
        LIST,
        ...(result?.content.map((user) => ({ type: 'MasterUser' as const, id: user.userId })) ?? []),
      ],
    }),
    userAdmin: build.query<UserAdmin, string>({
      query: (userId) => `/masterUser/${encodeURIComponent(userId)}`,
      transformResponse: (answer: Envelope<{ user: UserAdmin }>) => answer.data.user,
      providesTags: (_result, _error, userId) => [{ type: 'MasterUser', id: userId }],
    }),
    /** Churches (disabled ones too) a user can be attached to, by name and state. */
    churchesToServe: build.query<Page<ChurchAdmin>, ChurchManageParams>({
      query: (params) => ({ url: '/churches/manage', params }),
      transformResponse: (answer: Envelope<{ churches: Page<ChurchAdmin> }>) => answer.data.churches,
      providesTags: [{ type: 'Church', id: 'MANAGE' }],
    }),
  }),
});

/**
 * The answer's user is shown at once, so a switch does not flick back while the lists that show the user
 * are reloaded.
 */
async function showChangedUser(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: ReturnType<typeof rememberUserAdmin>) => unknown;
    queryFulfilled: Promise<{ data: UserChange }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(rememberUserAdmin(data.user));
  } catch {
    // The screen shows the error; the cached user is still right.
  }
}

function rememberUserAdmin(user: UserAdmin) {
  return usersQueriesApi.util.upsertQueryData('userAdmin', user.userId, user);
}

const usersChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateRole: build.mutation<UserChange, UpdateRoleInput>({
      query: (body) => ({ url: '/user/updateRole', method: 'PATCH', body }),
      transformResponse: toUserChange,
      onQueryStarted: showChangedUser,
      invalidatesTags: listsShowing,
    }),
    toggleUserSwitch: build.mutation<UserChange, { path: UserSwitchPath; userId: string }>({
      query: ({ path, userId }) => ({ url: `/user/${path}`, method: 'PATCH', params: { userId } }),
      transformResponse: toUserChange,
      onQueryStarted: showChangedUser,
      invalidatesTags: listsShowing,
    }),
    /** A new master user shows in the lists, and in the member lists of the churches they serve. */
    registerMasterUser: build.mutation<UserChange, RegisterMasterUserInput>({
      query: (body) => ({ url: '/masterUser/registerMasterUser', method: 'POST', body }),
      transformResponse: toUserChange,
      onQueryStarted: showChangedUser,
      invalidatesTags: listsShowing,
    }),
    toggleModerated: build.mutation<UserChange, string>({
      query: (userId) => ({ url: '/masterUser/toggleModerated', method: 'PATCH', params: { userId } }),
      transformResponse: toUserChange,
      onQueryStarted: showChangedUser,
      invalidatesTags: listsShowing,
    }),
    /** Attaching may raise the user's role, so the user is reloaded, as are the church's member lists. */
    attachToChurch: build.mutation<Done, ChurchMembershipInput & { userId: string }>({
      query: ({ churchId, email, churchRole }) => ({
        url: '/masterUser/churchMembers',
        method: 'POST',
        body: { churchId, email, churchRole },
      }),
      transformResponse: toDone,
      invalidatesTags: membershipChanged,
    }),
    removeFromChurch: build.mutation<Done, ChurchMembershipInput & { userId: string }>({
      query: ({ churchId, email, churchRole }) => ({
        url: '/masterUser/churchMembers/remove',
        method: 'PATCH',
        body: { churchId, email, churchRole },
      }),
      transformResponse: toDone,
      invalidatesTags: membershipChanged,
    }),
    sendOwnerPasswordReset: build.mutation<Done, string>({
      query: (email) => ({ url: '/trades/sendNewOwnerPasswordResetEmail', method: 'PATCH', params: { email } }),
      transformResponse: toDone,
    }),
  }),
});

export const { useFilterUsersQuery, useUserAdminQuery, useChurchesToServeQuery } = usersQueriesApi;
export const {
  useUpdateRoleMutation,
  useToggleUserSwitchMutation,
  useRegisterMasterUserMutation,
  useToggleModeratedMutation,
  useAttachToChurchMutation,
  useRemoveFromChurchMutation,
  useSendOwnerPasswordResetMutation,
} = usersChangesApi;
