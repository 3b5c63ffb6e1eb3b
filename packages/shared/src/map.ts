import { z } from 'zod';
import { tradeSearchQuerySchema } from './trade-search';

/** The most points one `GET /api/trades/mapPoints` answer holds; beyond it the map asks to narrow the filters. */
export const MAP_POINTS_LIMIT = 5_000;

/**
 * `GET /api/trades/mapPoints`: the search page's filters (text, state, church, category, sub category) without
 * paging. Online-only businesses and those without coordinates are never points (SPEC §1).
 */
export const mapPointsQuerySchema = tradeSearchQuerySchema.omit({ page: true, size: true });
export type MapPointsQuery = z.infer<typeof mapPointsQuerySchema>;

/** One marker: as little as a popup needs, so 5,000 of them stay a small answer. */
export const mapPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The main category's name. */
  category: z.string().nullable(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** `data` of `GET /api/trades/mapPoints`. */
export const mapPointsSchema = z.object({
  points: z.array(mapPointSchema),
  /** True when more businesses matched than `MAP_POINTS_LIMIT`: the map shows the first ones by name. */
  truncated: z.boolean(),
});
export type MapPoints = z.infer<typeof mapPointsSchema>;
