import type { DirectoryFilter, DirectoryMatch } from '../repo';
import { parseSearchText, tsqueryText } from '../search-text';
import type { SearchContext } from './context';
import { withTypoFallback } from './typo';
import { matchesAny } from './walked';

/**
 * Which businesses a text finds, for the strategies that take every match rather than a page of it ("Near me",
 * the map): its words; else, by the typo fallback, the category words they resemble or names alike. Undefined
 * when nothing can match.
 */
export async function matchOf(
  context: SearchContext,
  filter: DirectoryFilter,
  searchText: string,
): Promise<DirectoryMatch | undefined> {
  const terms = parseSearchText(searchText);
  if (terms === undefined) return { kind: 'all' };
  return withTypoFallback<DirectoryMatch>(
    context,
    filter,
    terms,
    async (words) => {
      const match: DirectoryMatch = { kind: 'text', tsquery: tsqueryText(words) };
      return (await matchesAny(context, filter, match)) ? match : undefined;
    },
    async (text) => ({ kind: 'similar-name', text }),
  );
}
