import { MAP_POINTS_LIMIT, type MapPointsQuery } from '@churchtrades/shared/map';
import type { MapAnswer, MapAnswers } from '../map-answers';
import type { DirectoryFilter } from '../repo';
import type { SearchContext } from './context';
import { filterOf } from './filter';
import { matchOf } from './text-match';

/** A "Verified only" map is kept a minute at most: a vouch lapses as time passes, with no write to mark it. */
const VERIFIED_MAP_MILLISECONDS = 60_000;

/**
 * The map of the search page's filters (SPEC §1): the pins of the first `MAP_POINTS_LIMIT` matches by name,
 * as the JSON text of `mapPointsSchema` (see `TradeRepo.mapPointsJson`). Kept until the next write of
 * businesses or categories: most visitors open the same few maps (the whole country, a state).
 */
export async function searchMap(context: SearchContext, answers: MapAnswers, query: MapPointsQuery): Promise<MapAnswer> {
  const version = await context.repo.directoryVersion();
  const now = context.clock();
  const { verifiedAt, ...filters } = filterOf(query, now);
  const verifiedMinute = verifiedAt === undefined ? undefined : Math.floor(now.getTime() / VERIFIED_MAP_MILLISECONDS);
  const key = JSON.stringify({ ...filters, verifiedMinute, searchText: query.searchText ?? '' });
  return answers.answer(key, version, () => mapPointsJson(context, filterOf(query, now), query.searchText));
}

async function mapPointsJson(context: SearchContext, filter: DirectoryFilter, searchText: string): Promise<string> {
  const match = await matchOf(context, filter, searchText);
  if (match === undefined) return JSON.stringify({ points: [], categories: {}, truncated: false });
  return context.repo.mapPointsJson(filter, match, MAP_POINTS_LIMIT);
}
