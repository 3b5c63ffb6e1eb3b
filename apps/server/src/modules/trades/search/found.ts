import type { CardRow, Distance, PageWindow } from '../repo';

/**
 * A page, as ids or as cards already read, and the total it belongs to, exact or PostgreSQL's estimate;
 * with "Near me", the distances of the businesses that have one.
 */
export type Found = { total: number; exact: boolean; distances?: Distance[] } & ({ ids: string[] } | { cards: CardRow[] });

export const NOTHING: Found = { ids: [], total: 0, exact: true };

/**
 * The total of a large set read a page at a time: exact when this page is its last (shorter than asked,
 * or the first and empty), else the estimate, kept consistent with what the page showed.
 */
export function totalAround(estimate: number, window: PageWindow, shown: number): { total: number; exact: boolean } {
  if (shown < window.limit && (shown > 0 || window.offset === 0)) {
    return { total: window.offset + shown, exact: true };
  }
  if (shown === window.limit) return { total: Math.max(estimate, window.offset + shown), exact: false };
  return { total: Math.min(estimate, window.offset), exact: false };
}
