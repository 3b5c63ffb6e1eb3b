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

/** One marker, as the map reads it. */
export interface MapPoint {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** The main category's name. */
  category: string | null;
}

/**
 * One marker as the answer carries it: `[id, name, lat, lng, main category id]`, coordinates to 5 decimals (about
 * a metre). 5,000 of them take some 450 kB this way, against 700 kB as objects with their keys and category names.
 */
export const mapPointRowSchema = z.tuple([z.string(), z.string(), z.number(), z.number(), z.number().int().nullable()]);
export type MapPointRow = z.infer<typeof mapPointRowSchema>;

/** `data` of `GET /api/trades/mapPoints`. */
export const mapPointsSchema = z.object({
  points: z.array(mapPointRowSchema),
  /** The names of the main categories, by id (as a JSON key): what a row's last field names. */
  categories: z.record(z.string(), z.string()),
  /** True when more businesses matched than `MAP_POINTS_LIMIT`: the map shows the first ones by name. */
  truncated: z.boolean(),
}).meta({ id: 'MapPoints' });
export type MapPoints = z.infer<typeof mapPointsSchema>;

