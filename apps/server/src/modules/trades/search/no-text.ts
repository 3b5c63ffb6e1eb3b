import type { DirectoryFilter, PageWindow } from '../repo';
import type { SearchContext } from './context';
import { totalAround, type Found } from './found';

/** Every listed business within the filters, by name. */
export async function searchWithoutText(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  window: PageWindow,
): Promise<Found> {
  const estimate = await repo.estimate(filter, { kind: 'all' });
  // Estimates of plain column filters are good to a factor of two or so: count when the set may be small.
  const mayBeSmall = estimate <= 2 * limits.exactCountLimit;
  const { cards, counted } = await repo.cardsByName(filter, window, mayBeSmall ? limits.exactCountLimit : undefined);
  if (counted !== undefined && counted <= limits.exactCountLimit) return { cards, total: counted, exact: true };
  return { cards, ...totalAround(Math.max(estimate, limits.exactCountLimit + 1), window, cards.length) };
}
