import type { TradeSearchQuery } from '@churchtrades/shared/trade-search';
import { roundedCoordinate } from '../coordinates';
import type { DirectoryFilter, DirectoryMatch, Distance, PageWindow, Position } from '../repo';
import type { SearchContext } from './context';
import { NOTHING, totalAround, type Found } from './found';
import { matchOf } from './text-match';

/** The visitor's position when the search gave both coordinates ("Near me"). */
export function originOf(query: TradeSearchQuery): Position | undefined {
  if (query.lat === undefined || query.lng === undefined) return undefined;
  return { latitude: roundedCoordinate(query.lat), longitude: roundedCoordinate(query.lng) };
}

/** "Near me": the matches nearest the visitor first, then those without a pin by name. */
export async function searchNearMe(
  context: SearchContext,
  filter: DirectoryFilter,
  searchText: string,
  origin: Position,
  window: PageWindow,
): Promise<Found> {
  const match = await matchOf(context, filter, searchText);
  if (match === undefined) return NOTHING;
  const need = window.offset + window.limit;
  const distances = await nearestPinned(context, filter, match, origin, need);
  let ids = distances.slice(window.offset).map((distance) => distance.id);
  if (distances.length < need) {
    // Every pinned match is in `distances`: the page goes on with the others.
    const unpinnedWindow = {
      offset: Math.max(0, window.offset - distances.length),
      limit: window.limit - ids.length,
    };
    ids = [...ids, ...(await context.repo.unpinnedIdsByName(filter, match, unpinnedWindow))];
  }
  const total = await totalOf(context, filter, match);
  if (total.exact) return { ids, distances, ...total };
  return { ids, distances, ...totalAround(total.total, window, ids.length) };
}

/** The cards with the distance of each that has one, in kilometres to one decimal. */
export function withDistances<Card extends { id: string }>(cards: Card[], distances: Distance[]): Card[] {
  const kilometres = new Map(distances.map((distance) => [distance.id, Math.round(distance.km * 10) / 10]));
  return cards.map((card) => {
    const distanceKm = kilometres.get(card.id);
    return distanceKm === undefined ? card : { ...card, distanceKm };
  });
}

/**
 * The `need` pinned matches nearest `origin`, or all of them when there are fewer. The `need` nearest on the
 * flat map of the pins' index lie within some distance of the visitor, so the `need` nearest on the earth do
 * too: they are the nearest in the box around that circle, a few more pins than asked for.
 */
async function nearestPinned(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  match: DirectoryMatch,
  origin: Position,
  need: number,
): Promise<Distance[]> {
  const nearby = await repo.nearbyPinned(filter, match, origin, need);
  const farthestKm = nearby.at(-1)?.km;
  if (nearby.length < need || farthestKm === undefined || farthestKm > limits.nearMeExactKm) return nearby;
  return repo.nearestPinned(filter, match, origin, need, farthestKm);
}

/** How many businesses match: counted when they may be few, else PostgreSQL's estimate. */
async function totalOf(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  match: DirectoryMatch,
): Promise<{ total: number; exact: boolean }> {
  // A text match is counted by reading its rows from the table, a plain filter from an index.
  const cap = match.kind === 'all' ? limits.exactCountLimit : limits.rankedMatchLimit;
  const estimate = await repo.estimate(filter, match);
  if (estimate <= 2 * cap) {
    const counted = await repo.countUpTo(filter, match, cap);
    if (counted <= cap) return { total: counted, exact: true };
  }
  return { total: Math.max(estimate, cap + 1), exact: false };
}
