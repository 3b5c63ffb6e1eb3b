import { SEARCH_PAGE_SIZE } from '../bench-env';

/** One search of the results page, as the route receives it (GET /api/trades/clientFilter, or "near me"). */
export interface IndexQuery {
  kind: string;
  page: number;
  text?: string;
  state?: string;
  churchId?: string;
  mainCategoryId?: number;
  categoryId?: number;
  verified?: boolean;
  minRating?: number;
  near?: { latitude: number; longitude: number };
}

/** What a results page needs of the index: how many match, and the page's business ids in the page's order. */
export interface PageAnswer {
  total: number;
  ids: string[];
}

export const PAGE_SIZE = SEARCH_PAGE_SIZE;

/** A request path of bench/search-queries.ts, read back into a query. */
export function queryFromPath(kind: string, requestPath: string): IndexQuery {
  const params = new URL(requestPath, 'http://bench.invalid').searchParams;
  const number = (name: string) => {
    const value = params.get(name);
    return value === null ? undefined : Number(value);
  };
  const query: IndexQuery = { kind, page: number('page') ?? 0 };
  const text = params.get('searchText');
  if (text !== null) query.text = text;
  const state = params.get('stateType');
  if (state !== null) query.state = state;
  const churchId = params.get('churchId');
  if (churchId !== null) query.churchId = churchId;
  const main = number('mCat');
  if (main !== undefined) query.mainCategoryId = main;
  const sub = number('sCat');
  if (sub !== undefined) query.categoryId = sub;
  if (params.get('verified') === 'true') query.verified = true;
  const minRating = number('minRating');
  if (minRating !== undefined) query.minRating = minRating;
  return query;
}

/** The kinds whose totals every candidate must agree on: text is matched exactly (no typo fallback reached). */
export function isExactKind(kind: string): boolean {
  return kind !== 'typo';
}
