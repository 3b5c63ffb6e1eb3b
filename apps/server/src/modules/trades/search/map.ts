import { MAP_POINTS_LIMIT, type MapPointsQuery } from '@churchtrades/shared/map';
import type { MapAnswer, MapAnswers } from '../map-answers';
import type { SearchContext } from './context';
import { filterOf } from './filter';
import { matchOf } from './text-match';

/**
 * The map of the search page's filters (SPEC §1): the pins of the first `MAP_POINTS_LIMIT` matches by name,
 * as the JSON text of `mapPointsSchema` (see `TradeRepo.mapPointsJson`). Kept until the next write of
 * businesses or categories: most visitors open the same few maps (the whole country, a state).
 */
export async function searchMap(context: SearchContext, answers: MapAnswers, query: MapPointsQuery): Promise<MapAnswer> {
  const version = await context.repo.directoryVersion();
  const key = JSON.stringify({ ...filterOf(query), searchText: query.searchText ?? '' });
  return answers.answer(key, version, () => mapPointsJson(context, query));
}

async function mapPointsJson(context: SearchContext, query: MapPointsQuery): Promise<string> {
  const filter = filterOf(query);
  const match = await matchOf(context, filter, query.searchText);
  if (match === undefined) return JSON.stringify({ points: [], categories: {}, truncated: false });
  return context.repo.mapPointsJson(filter, match, MAP_POINTS_LIMIT);
}
