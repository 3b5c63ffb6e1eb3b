import type { TradeSearchQuery } from '@churchtrades/shared/trade-search';
import type { DirectoryFilter, PageWindow } from '../repo';
import { parseSearchText, tsqueryText, type SearchTerms } from '../search-text';
import type { SearchContext } from './context';
import { filterOf } from './filter';
import { NOTHING, type Found } from './found';
import { originOf, searchNearMe } from './near-me';
import { searchWithoutText } from './no-text';
import { searchRanked } from './ranked';
import { searchSimilarNames, withTypoFallback } from './typo';
import { searchWalked } from './walked';

/**
 * A page of the search page (SPEC §2), by the strategy that suits it (modules/trades/README.md): "Near me"
 * when the visitor gave their position; every business by name when there is no text; else the text's matches,
 * ranked when they are few, walked in name order when they are many, and the typo fallback when there are none.
 */
export async function searchPage(context: SearchContext, query: TradeSearchQuery): Promise<Found> {
  const filter = filterOf(query, context.clock());
  const window = { offset: query.page * query.size, limit: query.size };
  const origin = originOf(query);
  if (origin !== undefined) return searchNearMe(context, filter, query.searchText, origin, window);
  const terms = parseSearchText(query.searchText);
  if (terms === undefined) return searchWithoutText(context, filter, window);
  const found = await withTypoFallback(
    context,
    filter,
    terms,
    async (words) => {
      const found = await searchText(context, filter, words, window);
      return found.total > 0 ? found : undefined;
    },
    (text) => searchSimilarNames(context, filter, text, window),
  );
  return found ?? NOTHING;
}

/** The text's matches as typed: ranked when PostgreSQL expects few, else (or when it was wrong) walked. */
async function searchText(
  context: SearchContext,
  filter: DirectoryFilter,
  terms: SearchTerms,
  window: PageWindow,
): Promise<Found> {
  const { repo, limits } = context;
  const tsquery = tsqueryText(terms);
  const estimate = await repo.estimate(filter, { kind: 'text', tsquery });
  if (estimate <= limits.rankedMatchLimit) {
    // Words that go together ("blocked drains") match far more than their estimate: the ranking
    // gives up, having read no more than its limit, and the search goes on as a large one.
    const ranked = await searchRanked(context, filter, tsquery, window);
    if (ranked) return ranked;
  }
  return searchWalked(context, filter, tsquery, window, Math.max(estimate, limits.rankedMatchLimit + 1));
}
