import { useMemo } from 'react';
import { type To, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  applyFilterChange,
  type FilterChange,
  readSearchFilter,
  type SearchFilter,
  searchFilterQuery,
} from '../search-filter';

/** Marks a history entry made by typing in the search box (react-router keeps it in `history.state`). */
const TYPED = { searchTyped: true } as const;

function isTypedEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'searchTyped' in state && state.searchTyped === true;
}

/**
 * The search filter of the URL and the ways to change it.
 *
 * History: a committed choice (a state button, a select, a page link) is a new entry, so Back undoes it.
 * Typing makes one entry for the whole word: the first pause pushes an entry, later pauses while still
 * typing replace it, so Back does not walk through "p", "plu", "plumb".
 */
export function useSearchFilter() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => readSearchFilter(searchParams), [searchParams]);

  function go(next: SearchFilter, typed: boolean) {
    void navigate(
      { search: searchFilterQuery(searchParams, next) },
      {
        replace: typed && isTypedEntry(location.state),
        state: typed ? TYPED : null,
        // The filters sit above the results: changing one must not throw the reader to the top.
        preventScrollReset: true,
      },
    );
  }

  return {
    filter,
    changeFilter(change: FilterChange) {
      const next = applyFilterChange(filter, change);
      if (next !== filter) go(next, false);
    },
    changeText(text: string) {
      const next = applyFilterChange(filter, { text });
      if (next !== filter) go(next, true);
    },
    /** Page links are plain links: they can be opened in a new tab, and a new page starts at the top. */
    hrefForPage(page: number): To {
      return { search: searchFilterQuery(searchParams, { ...filter, page }) };
    },
  };
}
