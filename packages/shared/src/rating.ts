/**
 * A business's stars as cards and its page show them: from `REVIEWS_SHOWN_FROM` published reviews, never fewer
 * (one or two reviews say too little, and Google allows no `aggregateRating` for what a page does not show).
 * Kept apart from the reviews' schemas, and free of zod, so that the search page's cards load neither.
 */
export const REVIEWS_SHOWN_FROM = 3;
export const STARS = [1, 2, 3, 4, 5] as const;
export type Stars = (typeof STARS)[number];
/** The one rating filter of the search page: "4 stars and up" (`minRating=4`). */
export const MIN_RATING_CHOICES = [4] as const;

export interface TradeRating {
  /** The mean of the published reviews' stars, to one decimal. */
  average: number;
  count: number;
}

/** The rating shown for `count` published reviews whose stars add up to `starsTotal`; null below the threshold. */
export function ratingOf(count: number, starsTotal: number): TradeRating | null {
  if (count < REVIEWS_SHOWN_FROM) return null;
  return { average: Math.round((starsTotal / count) * 10) / 10, count };
}

/**
 * Whether a business passes "`minRating` stars and up": it shows a rating, and that rating as shown (to one
 * decimal) is at least `minRating`, so a card that reads "4.0" is found and one that reads "3.9" is not. The mean
 * rounds up to `minRating` from `minRating - 0.05`, so the rule is `total / count >= minRating - 0.05`, compared in
 * whole numbers (`20 × total >= (20 × minRating - 1) × count`) with no rounding of its own. The search's SQL
 * (trades/repo.ts `ratedAtLeast`) is this comparison word for word.
 */
export function meetsMinRating(count: number, starsTotal: number, minRating: number): boolean {
  return count >= REVIEWS_SHOWN_FROM && 20 * starsTotal >= (20 * minRating - 1) * count;
}

/** "4.3 stars from 12 reviews", for labels read aloud. */
export function ratingLabel({ average, count }: TradeRating): string {
  return `${average.toFixed(1)} out of 5 stars from ${count} reviews`;
}
