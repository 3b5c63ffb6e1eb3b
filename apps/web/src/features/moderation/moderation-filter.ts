import {
  MODERATION_PAGE_SIZE,
  MODERATION_STATUSES,
  type ModerationQueueParams,
  type ModerationStatus,
  type ModerationTradesParams,
} from '@churchtrades/shared/moderation';
import { STATE_FILTER_VALUES, type StateFilter } from '@churchtrades/shared/states';

/** The two lists of /moderation: what waits for a decision, and every business the caller may see. */
export type ModerationView = 'queue' | 'all';

/**
 * What /moderation shows, kept in the URL so a moderator can reload, share or go Back to a list. A default is
 * left out of the URL, and a value that cannot be right (a hand-edited link) reads as "none chosen":
 *
 * | URL      | filter     | API                                   |
 * |----------|------------|---------------------------------------|
 * | `view`   | `view`     | `all`: `/moderation/trades`, else `/moderation/queue` |
 * | `state`  | `state`    | `stateType`                           |
 * | `church` | `churchId` | `churchId`                            |
 * | `status` | `status`   | `status` (All businesses only)        |
 * | `q`      | `name`     | `name` (All businesses only)          |
 * | `expiring` | `aboutToExpire` | `aboutToExpire=true` (All businesses only) |
 * | `page`   | `page`     | `page` (from 0)                       |
 */
export interface ModerationFilter {
  view: ModerationView;
  state: StateFilter;
  churchId: string | null;
  status: ModerationStatus | null;
  /** Trimmed; '' when none. */
  name: string;
  /** Only businesses asked whether they still trade and not yet answered: they leave the directory soon. */
  aboutToExpire: boolean;
  page: number;
}

/** The filters a person changes; any change goes back to the first page. */
export type ModerationFilterChange = Partial<Omit<ModerationFilter, 'page'>>;

const NAME_MAX_LENGTH = 100;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

function isStateFilter(value: string): value is StateFilter {
  return (STATE_FILTER_VALUES as readonly string[]).includes(value);
}

function isModerationStatus(value: string): value is ModerationStatus {
  return (MODERATION_STATUSES as readonly string[]).includes(value);
}

export function readModerationFilter(params: URLSearchParams): ModerationFilter {
  const state = (params.get('state') ?? '').toUpperCase();
  const status = (params.get('status') ?? '').toUpperCase();
  const church = params.get('church');
  const page = Number(params.get('page'));
  return {
    view: params.get('view') === 'all' ? 'all' : 'queue',
    state: isStateFilter(state) ? state : 'ALL',
    churchId: church !== null && UUID.test(church) ? church.toLowerCase() : null,
    status: isModerationStatus(status) ? status : null,
    name: (params.get('q') ?? '').slice(0, NAME_MAX_LENGTH).trim(),
    aboutToExpire: params.get('expiring') === '1',
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
}

/**
 * `filter` after a change: back to the first page; a new state forgets the church (it may be of another
 * state). Changing the view keeps the state and church, so a moderator looks at the same churches.
 */
export function applyModerationChange(filter: ModerationFilter, change: ModerationFilterChange): ModerationFilter {
  const next = { ...filter, ...change, page: 0 };
  if (change.name !== undefined) next.name = change.name.slice(0, NAME_MAX_LENGTH).trim();
  if (change.state !== undefined && change.state !== filter.state && change.churchId === undefined) {
    next.churchId = null;
  }
  return next;
}

/** The query string of `filter`; defaults are left out for a clean URL. */
export function moderationFilterQuery(filter: ModerationFilter): string {
  const query = new URLSearchParams();
  if (filter.view === 'all') query.set('view', 'all');
  if (filter.state !== 'ALL') query.set('state', filter.state);
  if (filter.churchId !== null) query.set('church', filter.churchId);
  if (filter.status !== null) query.set('status', filter.status);
  if (filter.name !== '') query.set('q', filter.name);
  if (filter.aboutToExpire) query.set('expiring', '1');
  if (filter.page > 0) query.set('page', String(filter.page));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export function moderationQueueParams(filter: ModerationFilter): ModerationQueueParams {
  return {
    page: filter.page,
    size: MODERATION_PAGE_SIZE,
    stateType: filter.state,
    ...(filter.churchId !== null && { churchId: filter.churchId }),
  };
}

export function moderationTradesParams(filter: ModerationFilter): ModerationTradesParams {
  return {
    ...moderationQueueParams(filter),
    ...(filter.status !== null && { status: filter.status }),
    ...(filter.name !== '' && { name: filter.name }),
    ...(filter.aboutToExpire && { aboutToExpire: 'true' as const }),
  };
}
