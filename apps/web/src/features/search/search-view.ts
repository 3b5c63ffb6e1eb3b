/**
 * How the search page shows its results, kept in the URL beside the filters (`view=map`) so a reload or a
 * shared link opens the same view. The list is the default and is left out of the URL.
 */
export type SearchView = 'list' | 'map';

const VIEW_PARAM = 'view';

export function readSearchView(params: URLSearchParams): SearchView {
  return params.get(VIEW_PARAM) === 'map' ? 'map' : 'list';
}

/** The query string showing `view`, every other parameter (the filters, the page) kept. */
export function searchViewQuery(params: URLSearchParams, view: SearchView): string {
  const next = new URLSearchParams(params);
  if (view === 'map') next.set(VIEW_PARAM, view);
  else next.delete(VIEW_PARAM);
  const query = next.toString();
  return query === '' ? '' : `?${query}`;
}
