/**
 * "Near me": the visitor's position, kept in the URL (`near=-33.871,151.207`) so a reload keeps the results
 * nearest first. Rounded to 3 decimals (about 100 m): near enough to sort by, and a shared link or a server
 * log does not pin down the visitor's house.
 */
export interface VisitorPosition {
  lat: number;
  lng: number;
}

const NEAR_PARAM = 'near';
const PAGE_PARAM = 'page';

export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function visitorPosition(latitude: number, longitude: number): VisitorPosition | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: roundCoordinate(latitude), lng: roundCoordinate(longitude) };
}

/** The position of the URL, or null when there is none or it cannot be a position (a hand-edited link). */
export function readNear(params: URLSearchParams): VisitorPosition | null {
  const parts = params.get(NEAR_PARAM)?.split(',') ?? [];
  if (parts.length !== 2 || parts.some((part) => part.trim() === '')) return null;
  return visitorPosition(Number(parts[0]), Number(parts[1]));
}

/**
 * The query string with `near` set (or cleared when null). The order of the results changes, so the reader
 * goes back to the first page.
 */
export function nearQuery(params: URLSearchParams, near: VisitorPosition | null): string {
  const next = new URLSearchParams(params);
  next.delete(PAGE_PARAM);
  if (near) next.set(NEAR_PARAM, `${near.lat.toFixed(3)},${near.lng.toFixed(3)}`);
  else next.delete(NEAR_PARAM);
  const query = next.toString();
  return query === '' ? '' : `?${query}`;
}

/** The `lat`/`lng` query parameters of the search for `near`; none without it. */
export function nearParams(near: VisitorPosition | null): { lat?: number; lng?: number } {
  return near ? { lat: near.lat, lng: near.lng } : {};
}
