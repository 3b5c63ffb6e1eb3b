// Type-only: this module stays free of zod, so the map's bundle can use it.
import type { MapPoint, MapPoints } from './map';

/** The map answer's compact rows (`mapPointRowSchema`) as markers, each with its main category's name. */
export function markersOf({ points, categories }: Pick<MapPoints, 'points' | 'categories'>): MapPoint[] {
  return points.map(([id, name, lat, lng, categoryId]) => ({
    id,
    name,
    lat,
    lng,
    category: categoryId === null ? null : (categories[String(categoryId)] ?? null),
  }));
}
