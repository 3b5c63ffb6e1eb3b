import { ROLES } from '@churchtrades/shared/roles';
import { REAL_STATES } from '@churchtrades/shared/states';
import { anyText, FLAG_VALUES, type FilterFields, type FilterValues, oneOf, uuid } from '../query-filter';

/** The roles a user can hold; SELECT means "none chosen" and is no filter. */
export const FILTER_ROLES = ROLES.filter((role) => role !== 'SELECT');

/** The filters of `/admin/users`, named as `GET /api/masterUser/filter` names them. */
export const USER_FILTER_FIELDS = {
  searchText: anyText,
  stateType: oneOf(REAL_STATES),
  churchId: uuid,
  authority: oneOf(FILTER_ROLES),
  enabled: oneOf(FLAG_VALUES),
  accountNonExpired: oneOf(FLAG_VALUES),
  accountNonLocked: oneOf(FLAG_VALUES),
  credentialsNonExpired: oneOf(FLAG_VALUES),
  moderated: oneOf(FLAG_VALUES),
  deletionPending: oneOf(FLAG_VALUES),
} satisfies FilterFields;

export type UserFilter = FilterValues<typeof USER_FILTER_FIELDS>;

/**
 * The account flag filters: "Yes" finds the accounts in good standing on that count, but for the last one, where it
 * finds the accounts their owners asked to delete.
 */
export const FLAG_FILTERS = [
  { name: 'enabled', label: 'Enabled' },
  { name: 'accountNonExpired', label: 'Not expired' },
  { name: 'accountNonLocked', label: 'Not locked' },
  { name: 'credentialsNonExpired', label: 'Credentials not expired' },
  { name: 'moderated', label: 'Confirmed' },
  { name: 'deletionPending', label: 'Deletion pending' },
] as const satisfies readonly { name: keyof UserFilter; label: string }[];
