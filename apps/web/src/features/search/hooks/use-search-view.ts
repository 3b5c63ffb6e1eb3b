import { useNavigate, useSearchParams } from 'react-router';
import { readSearchView, type SearchView, searchViewQuery } from '../search-view';

/** The List | Map choice of the URL; choosing is a new history entry, so Back returns to the other view. */
export function useSearchView() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view = readSearchView(searchParams);

  return {
    view,
    changeView(next: SearchView) {
      if (next === view) return;
      void navigate({ search: searchViewQuery(searchParams, next) }, { preventScrollReset: true });
    },
  };
}
