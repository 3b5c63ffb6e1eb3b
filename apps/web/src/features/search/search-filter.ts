import { SEARCH_TEXT_MAX_LENGTH } from '@churchtrades/shared/constants';
import { MIN_RATING_CHOICES } from '@churchtrades/shared/rating';
import { STATE_FILTER_BUTTON_ORDER, type StateFilter } from '@churchtrades/shared/states';
import type { TradeSearchParams } from '@churchtrades/shared/trade-search';

/**
 * What the search page asks the API for (SPEC §3 "Search filter"), kept in the URL so a search can be
 * shared, bookmarked, reloaded and walked back with the browser's Back button. Pages count from 0 (SPEC §9).
 *
 * The query string uses short names a person can read and edit; a default value is left out:
 *
 * | URL      | filter        | API (`/trades/clientFilter`) | example                                   |
 * |----------|---------------|------------------------------|-------------------------------------------|
 * | `q`      | `text`        | `searchText`                 | `q=hot+water`                             |
 * | `state`  | `state`       | `stateType` (ALL by default) | `state=NSW`                               |
 * | `cat`    | `category`    | `mCat`                       | `cat=4` (a main category id)              |
 * | `sub`    | `subCategory` | `sCat`                       | `sub=27` (kept only beside a `cat`)       |
 * | `church` | `churchId`    | `churchId`                   | `church=0b6f…` (a uuid)                   |
 * | `verified` | `verified`  | `verified`                   | `verified=true`: "Verified only"          |
 * | `minRating` | `minRating` | `minRating`                 | `minRating=4`: "4 stars and up"           |
 * | `page`   | `page`        | `page` (from 0)              | `page=2` is the third page                |
 *
 * A value that cannot be right (an unknown state, a malformed id, a negative page) reads as "none chosen"
 * rather than sending the server a request it would refuse: an old or hand-edited link still shows a search.
 */
export interface SearchFilter {
  /** Trimmed; '' when none. */
  text: string;
  state: StateFilter;
  category: number | null;
  subCategory: number | null;
  churchId: string | null;
  /** "Verified only": businesses with at least one badge that holds now. */
  verified: boolean;
  /** "4 stars and up": businesses showing a rating of at least this many stars; null for any. */
  minRating: MinRating | null;
  page: number;
}

export type MinRating = (typeof MIN_RATING_CHOICES)[number];

/** The filters a person changes; the page follows from them (SPEC §4). */
export type FilterChange = Partial<Omit<SearchFilter, 'page'>>;

export const EMPTY_SEARCH_FILTER: SearchFilter = {
  text: '',
  state: 'ALL',
  category: null,
  subCategory: null,
  churchId: null,
  verified: false,
  minRating: null,
  page: 0,
};

const PARAMS = {
  text: 'q',
  state: 'state',
  category: 'cat',
  subCategory: 'sub',
  churchId: 'church',
  verified: 'verified',
  minRating: 'minRating',
  page: 'page',
} as const satisfies Record<keyof SearchFilter, string>;

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

function isStateFilter(value: string): value is StateFilter {
  return (STATE_FILTER_BUTTON_ORDER as readonly string[]).includes(value);
}

/** A whole number from 1 (category ids are serial), else null. */
function readId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function readMinRating(value: string | null): MinRating | null {
  return MIN_RATING_CHOICES.find((choice) => String(choice) === value) ?? null;
}

/** The search text as the server will read it: at most 200 characters, trimmed. */
export function normaliseSearchText(text: string): string {
  return text.slice(0, SEARCH_TEXT_MAX_LENGTH).trim();
}

export function readSearchFilter(params: URLSearchParams): SearchFilter {
  const state = (params.get(PARAMS.state) ?? '').toUpperCase();
  const category = readId(params.get(PARAMS.category));
  const church = params.get(PARAMS.churchId);
  const page = Number(params.get(PARAMS.page));
  return {
    text: normaliseSearchText(params.get(PARAMS.text) ?? ''),
    state: isStateFilter(state) ? state : 'ALL',
    category,
    // A sub category means nothing without its main category (SPEC §2: "depends on the chosen category").
    subCategory: category === null ? null : readId(params.get(PARAMS.subCategory)),
    churchId: church !== null && UUID.test(church) ? church.toLowerCase() : null,
    verified: params.get(PARAMS.verified) === 'true',
    minRating: readMinRating(params.get(PARAMS.minRating)),
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
}

/** The query string of `filter`, keeping unrelated parameters; defaults are left out for a clean URL. */
export function searchFilterQuery(params: URLSearchParams, filter: SearchFilter): string {
  const next = new URLSearchParams(params);
  const values: Record<keyof SearchFilter, string | null> = {
    text: filter.text === '' ? null : filter.text,
    state: filter.state === 'ALL' ? null : filter.state,
    category: filter.category === null ? null : String(filter.category),
    subCategory: filter.category === null || filter.subCategory === null ? null : String(filter.subCategory),
    churchId: filter.churchId,
    verified: filter.verified ? 'true' : null,
    minRating: filter.minRating === null ? null : String(filter.minRating),
    page: filter.page > 0 ? String(filter.page) : null,
  };
  for (const key of Object.keys(PARAMS) as (keyof SearchFilter)[]) {
    const value = values[key];
    if (value === null) next.delete(PARAMS[key]);
    else next.set(PARAMS[key], value);
  }
  const query = next.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * `filter` after a person's change, with SPEC §4's rules: any change goes back to the first page, a new
 * category clears the sub category, a new state clears the church (the churches offered are that state's).
 * Returns `filter` itself when nothing changes, so choosing the value already chosen is no new search.
 */
export function applyFilterChange(filter: SearchFilter, change: FilterChange): SearchFilter {
  const next: SearchFilter = { ...filter, ...change };
  if (change.text !== undefined) next.text = normaliseSearchText(change.text);
  if (change.category !== undefined && change.category !== filter.category && change.subCategory === undefined) {
    next.subCategory = null;
  }
  if (next.category === null) next.subCategory = null;
  if (change.state !== undefined && change.state !== filter.state && change.churchId === undefined) {
    next.churchId = null;
  }
  const changed =
    next.text !== filter.text ||
    next.state !== filter.state ||
    next.category !== filter.category ||
    next.subCategory !== filter.subCategory ||
    next.churchId !== filter.churchId ||
    next.verified !== filter.verified ||
    next.minRating !== filter.minRating;
  return changed ? { ...next, page: 0 } : filter;
}

/** The query parameters of `GET /api/trades/clientFilter` for `filter`; filters not chosen are left out. */
export function tradeSearchParams(filter: SearchFilter, size: number): TradeSearchParams {
  return { page: filter.page, size, ...filterParams(filter) };
}

/** The filters alone, without paging: the query of `GET /api/trades/mapPoints` (the map shows every match). */
export function filterParams(filter: SearchFilter): Omit<TradeSearchParams, 'page' | 'size'> {
  return {
    stateType: filter.state,
    ...(filter.text !== '' && { searchText: filter.text }),
    ...(filter.category !== null && { mCat: filter.category }),
    ...(filter.subCategory !== null && { sCat: filter.subCategory }),
    ...(filter.churchId !== null && { churchId: filter.churchId }),
    ...(filter.verified && { verified: 'true' as const }),
    ...(filter.minRating !== null && { minRating: String(filter.minRating) }),
  };
}
