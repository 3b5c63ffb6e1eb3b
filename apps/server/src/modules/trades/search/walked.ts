import type { DirectoryFilter, DirectoryMatch, IdRun, PageWindow, WalkPosition } from '../repo';
import type { SearchContext } from './context';
import { totalAround, type Found } from './found';
import type { TradeSearchLimits } from './limits';

/** A walk whose density keeps misleading it is given up for collecting after this many legs. */
const MAX_WALK_LEGS = 4;

/** A large text search: businesses whose name matches, then the others, each part in name order. */
export async function searchWalked(
  context: SearchContext,
  filter: DirectoryFilter,
  tsquery: string,
  window: PageWindow,
  estimate: number,
): Promise<Found> {
  const need = window.offset + window.limit;
  const named = await firstByName(context, filter, { kind: 'text', tsquery, part: 'name' }, need);
  let ids = named.ids;
  let complete = false;
  if (named.complete && ids.length < need) {
    const rest = await firstByName(context, filter, { kind: 'text', tsquery, part: 'rest' }, need - ids.length);
    ids = [...ids, ...rest.ids];
    complete = rest.complete;
  }
  const page = ids.slice(window.offset, need);
  if (complete) return { ids: page, total: ids.length, exact: true };
  return { ids: page, ...totalAround(estimate, window, page.length) };
}

/**
 * Whether any listed business within the filter matches. Asked of PostgreSQL as one row wanted, it may scan
 * the table for it when its estimate is far out (a typo taken as a prefix: 0.9 s at a million businesses);
 * a name-ordered walk finds a common word's match in its first rows, and a rare word's are few to collect.
 */
export async function matchesAny(context: SearchContext, filter: DirectoryFilter, match: DirectoryMatch): Promise<boolean> {
  return (await firstByName(context, filter, match, 1)).ids.length > 0;
}

/**
 * The first `need` matches in name order: walked while they are dense enough, collected from the
 * text-search index once they prove rarer than that.
 */
async function firstByName(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  match: DirectoryMatch,
  need: number,
): Promise<IdRun> {
  const listed = memoized(() => repo.estimate(filter, { kind: 'all' }));
  let budget = Math.min(limits.walkBudgetMax, Math.max(limits.walkBudgetMin, need * limits.walkRowsPerMatch));
  let ids: string[] = [];
  let walked = 0;
  let after: WalkPosition | undefined;
  for (let leg = 0; leg < MAX_WALK_LEGS; leg += 1) {
    const walk = await repo.walkIdsByName(filter, match, need - ids.length, budget, after);
    ids = [...ids, ...walk.ids];
    if (walk.kind !== 'budget-spent') return { ids, complete: walk.kind === 'ended' };
    walked += walk.walked;
    after = walk.next;
    const rowsToGo = await rowsWorthWalking(limits, ids.length / walked, need - ids.length, listed);
    if (rowsToGo === undefined) break;
    budget = rowsToGo;
  }
  return repo.collectIdsByName(filter, match, need);
}

/**
 * How many more rows a walk should check to find `missing` more matches at the density it has met so far,
 * or undefined when collecting every match from the text-search index costs less.
 */
async function rowsWorthWalking(
  limits: TradeSearchLimits,
  density: number,
  missing: number,
  listed: () => Promise<number>,
): Promise<number | undefined> {
  if (density === 0) return undefined;
  // Twice what the density predicts, and never a short leg: a few matches more or less in a stretch
  // must not send the walk on a leg too short to end it.
  const rowsToGo = Math.max(limits.walkBudgetMin, Math.ceil((2 * missing) / density));
  const matches = density * (await listed());
  return matches * limits.collectCostInWalkedRows < rowsToGo ? undefined : rowsToGo;
}

/** A value computed on first use only. */
function memoized<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}
