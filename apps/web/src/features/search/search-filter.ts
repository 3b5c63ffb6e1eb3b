/**
 * What the search page asks the API for (SPEC §3 "Search filter"), kept in the URL so a search can be
 * shared, bookmarked and walked back with the browser's Back button. Pages count from 0 (SPEC §9).
 *
 * Only the page exists yet; the text, state, category, sub category and church filters join it here,
 * and any change to one of them sends the search back to page 0 (SPEC §4).
 */
export interface SearchFilter {
  page: number;
}

const PAGE_PARAM = 'page';

export function readSearchFilter(params: URLSearchParams): SearchFilter {
  const page = Number(params.get(PAGE_PARAM));
  return { page: Number.isSafeInteger(page) && page > 0 ? page : 0 };
}

/** The query string of `filter`, keeping unrelated parameters; page 0 is left out for a clean URL. */
export function searchFilterQuery(params: URLSearchParams, filter: SearchFilter): string {
  const next = new URLSearchParams(params);
  if (filter.page > 0) next.set(PAGE_PARAM, String(filter.page));
  else next.delete(PAGE_PARAM);
  const query = next.toString();
  return query === '' ? '' : `?${query}`;
}
