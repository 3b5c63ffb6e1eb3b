import type { DirectoryFilter, PageWindow } from '../repo';
import type { SearchContext } from './context';
import type { Found } from './found';

/**
 * A page of a text's matches, most relevant first (ts_rank, then name), counted exactly; undefined when there
 * are more than `rankedMatchLimit`, having read no more than that many: ranking reads every match.
 */
export async function searchRanked(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  tsquery: string,
  window: PageWindow,
): Promise<Found | undefined> {
  const ranked = await repo.rankedIds(filter, tsquery, window, limits.rankedMatchLimit);
  return ranked && { ids: ranked.ids, total: ranked.total, exact: true };
}
