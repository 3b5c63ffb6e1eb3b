import { IMAGE_FILE_FIELD } from '@churchtrades/shared/account-requests';
import type {
  ChurchAdmin,
  ChurchFormInput,
  ChurchMember,
  ChurchMembershipInput,
  ChurchRole,
  ChurchUpdateInput,
} from '@churchtrades/shared/church-admin';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { StateFilter } from '@churchtrades/shared/states';
import type { Page } from '@churchtrades/shared/trade-search';
import { api } from '../../../../lib/api';

/** What the churches page asks for: a page (from 0) of the churches matching the name and state. */
export interface ChurchManageSearch {
  page: number;
  name: string;
  stateType: StateFilter;
}

/** A change to a church: the church as it now is (when the server sends it), and the message for the toast. */
export interface ChurchChange {
  church: ChurchAdmin | null;
  message: string;
}

/** The two switches of a church. */
export type ChurchToggle = 'ENABLED' | 'MODERATED';

const TOGGLE_PATHS: Readonly<Record<ChurchToggle, string>> = {
  ENABLED: '/churches/toggleEnabled',
  MODERATED: '/churches/toggleModerated',
};

const MEMBER_PATHS: Readonly<Record<ChurchRole, string>> = {
  PRIEST: '/masterUser/churchPriests',
  MODERATOR: '/masterUser/churchModerators',
};

const toChurchChange = (answer: Envelope<{ church?: ChurchAdmin }>): ChurchChange => ({
  church: answer.data.church ?? null,
  message: answer.message,
});

/**
 * The answer's church is shown at once, so a switch or a logo does not flick back to its old state while the
 * church reloads.
 */
async function showChangedChurch(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: ChurchChange }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    if (data.church) {
      dispatch(churchAdminApi.util.upsertQueryData('managedChurch', data.church.churchId, data.church));
    }
  } catch {
    // The screen shows the error; the cached church is still right.
  }
}

/** A change answer's message, for the toast. */
const toMessage = (answer: Envelope<unknown>): string => answer.message;

/**
 * The church administration calls. A change invalidates every 'Church' tag: the managed lists and also the
 * public church selects (search filters, the business forms), which must offer a new or renamed church.
 */
const churchAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    manageChurches: build.query<Page<ChurchAdmin>, ChurchManageSearch>({
      query: ({ page, name, stateType }) => ({ url: '/churches/manage', params: { page, name, stateType } }),
      transformResponse: (answer: Envelope<{ churches: Page<ChurchAdmin> }>) => answer.data.churches,
      providesTags: [{ type: 'Church', id: 'MANAGE' }],
    }),
    managedChurch: build.query<ChurchAdmin, string>({
      query: (churchId) => `/churches/manage/${encodeURIComponent(churchId)}`,
      transformResponse: (answer: Envelope<{ church: ChurchAdmin }>) => answer.data.church,
      providesTags: (_result, _error, churchId) => [{ type: 'Church', id: churchId }],
    }),
    registerChurch: build.mutation<ChurchChange, ChurchFormInput>({
      query: (body) => ({ url: '/churches/register', method: 'POST', body }),
      transformResponse: toChurchChange,
      invalidatesTags: ['Church'],
    }),
    updateChurch: build.mutation<ChurchChange, ChurchUpdateInput>({
      query: (body) => ({ url: '/churches/update', method: 'PATCH', body }),
      transformResponse: toChurchChange,
      onQueryStarted: showChangedChurch,
      invalidatesTags: ['Church'],
    }),
    /** The church's logo (`kind` LOGO) or its picture (IMAGE), replaced by the image chosen. */
    changeChurchImage: build.mutation<ChurchChange, { kind: 'LOGO' | 'IMAGE'; churchId: string; file: File }>({
      query: ({ kind, churchId, file }) => {
        const body = new FormData();
        // The id before the file: a server reading the upload as a stream meets it first.
        body.append('churchId', churchId);
        body.append(IMAGE_FILE_FIELD, file);
        return { url: kind === 'LOGO' ? '/churches/logo' : '/churches/image', method: 'PATCH', body };
      },
      transformResponse: toChurchChange,
      onQueryStarted: showChangedChurch,
      invalidatesTags: ['Church'],
    }),
    toggleChurch: build.mutation<ChurchChange, { toggle: ChurchToggle; churchId: string }>({
      query: ({ toggle, churchId }) => ({ url: TOGGLE_PATHS[toggle], method: 'PATCH', params: { churchId } }),
      transformResponse: toChurchChange,
      onQueryStarted: showChangedChurch,
      invalidatesTags: ['Church'],
    }),
    /** The church's priests or its moderators. */
    churchMembers: build.query<ChurchMember[], { churchId: string; churchRole: ChurchRole }>({
      query: ({ churchId, churchRole }) => ({ url: MEMBER_PATHS[churchRole], params: { churchId } }),
      transformResponse: (answer: Envelope<{ users?: ChurchMember[] }>) => answer.data.users ?? [],
      providesTags: (_result, _error, { churchId }) => [{ type: 'MasterUser', id: `CHURCH-${churchId}` }],
    }),
    // Attaching may raise the user's role, so the user lists of the administration reload too ('MasterUser').
    addChurchMember: build.mutation<string, ChurchMembershipInput>({
      query: (body) => ({ url: '/masterUser/churchMembers', method: 'POST', body }),
      transformResponse: toMessage,
      invalidatesTags: ['MasterUser'],
    }),
    removeChurchMember: build.mutation<string, ChurchMembershipInput>({
      query: (body) => ({ url: '/masterUser/churchMembers/remove', method: 'PATCH', body }),
      transformResponse: toMessage,
      invalidatesTags: ['MasterUser'],
    }),
  }),
});

export const {
  useManageChurchesQuery,
  useManagedChurchQuery,
  useRegisterChurchMutation,
  useUpdateChurchMutation,
  useChangeChurchImageMutation,
  useToggleChurchMutation,
  useChurchMembersQuery,
  useAddChurchMemberMutation,
  useRemoveChurchMemberMutation,
} = churchAdminApi;
