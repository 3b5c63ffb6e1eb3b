/** Where the search changes strategy; the defaults suit a million businesses on two cores. */
export interface TradeSearchLimits {
  /**
   * A search without text is counted exactly up to this many matches (an index-only count of at most
   * that many entries, a few milliseconds); above it the answer carries PostgreSQL's estimate, flagged.
   */
  exactCountLimit: number;
  /**
   * A text search with at most this many matches is ranked with ts_rank (which reads every match) and
   * counted exactly. A larger one lists the businesses whose name matches first, then the others, each
   * in name order, which the indexes serve a page at a time; its total is PostgreSQL's estimate, flagged.
   */
  rankedMatchLimit: number;
  /**
   * Rows a name-ordered walk first checks for each row it must find (at least `walkBudgetMin`, at most
   * `walkBudgetMax`). When they run out, the matches found so far tell how dense the rest are: the walk goes
   * on while that is cheaper than collecting every match from the text-search index.
   */
  walkRowsPerMatch: number;
  walkBudgetMin: number;
  walkBudgetMax: number;
  /** What collecting one match from the table costs, in rows of an index-only walk (measured: about 8). */
  collectCostInWalkedRows: number;
  /** The typo fallback compares names only when at most this many are estimated alike: else it is too vague. */
  similarNameLimit: number;
  /** How alike (pg_trgm similarity, 0..1) a typed word and a category word must be to read one as the other. */
  categoryWordSimilarity: number;
  /**
   * "Near me" is exact while the businesses it lists are within this many kilometres of the visitor. Beyond,
   * they are the nearest on a flat map of degrees (see `TradeRepo.nearbyPinned`), sorted by their distance:
   * exact there would mean measuring the distance of every business to a visitor overseas.
   */
  nearMeExactKm: number;
}

export const DEFAULT_SEARCH_LIMITS: TradeSearchLimits = {
  exactCountLimit: 10_000,
  rankedMatchLimit: 1_000,
  // Walking checks a row in 2-10 microseconds: 3,000 rows is a few milliseconds, and one match in 50
  // rows is dense enough to walk to page 10.
  walkRowsPerMatch: 50,
  walkBudgetMin: 3_000,
  walkBudgetMax: 40_000,
  collectCostInWalkedRows: 8,
  similarNameLimit: 2_000,
  // pg_trgm's own default: a swapped pair of letters ("flroist") already costs half the trigrams.
  categoryWordSimilarity: 0.3,
  // Anywhere in Australia but its remotest parts has businesses much nearer than this.
  nearMeExactKm: 1_000,
};
