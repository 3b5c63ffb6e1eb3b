import { useMemo } from 'react';
import { type To, useNavigate, useSearchParams } from 'react-router';
import { type FilterFields, type FilterValues, filterQuery, readFilter, readPage, sameFilter } from '../query-filter';

/**
 * The filter and page of an administration list, read from the URL, and the ways to change them. Each change
 * is a new history entry, so Back undoes it; any change of filter goes back to the first page.
 */
export function useQueryFilter<F extends FilterFields>(fields: F) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = useMemo(() => readFilter(fields, params), [fields, params]);
  const page = readPage(params);

  return {
    filter,
    page,
    changeFilter(changes: Partial<FilterValues<F>>) {
      const next: FilterValues<F> = { ...filter, ...changes };
      if (sameFilter(filter, next)) return;
      // The filters sit above the list: changing one must not throw the reader to the top.
      void navigate({ search: filterQuery(next, 0) }, { preventScrollReset: true });
    },
    /** Page links are plain links: they can be opened in a new tab. */
    hrefForPage(to: number): To {
      return { search: filterQuery(filter, to) };
    },
  };
}
