import type { FilterColumns, SlotFilter } from './columns';
import type { IndexQuery, PageAnswer } from './query';
import { queryTerms, type QueryTerms, type TermProcessor } from './text';
import type { TypoCorrector } from './typo';

/** How alike a typed word and an indexed word must be to read one as the other (the product's limit, pg_trgm's default). */
export const TYPO_SIMILARITY = 0.3;

/** A text search of one candidate: every match within the filter counted, the page's slots most relevant first. */
export interface TextEngine {
  readonly processor: TermProcessor;
  search(terms: QueryTerms, filter: SlotFilter, columns: FilterColumns, page: number): { total: number; slots: number[] };
}

/** A page of results: the shared columns without text, the candidate's text engine with it. */
export function answer(query: IndexQuery, columns: FilterColumns, engine: TextEngine | null, now: number): PageAnswer {
  if (query.near) return columns.nearMe(query, now);
  const terms = query.text === undefined || engine === null ? undefined : queryTerms(query.text, engine.processor);
  if (terms === undefined || engine === null) return columns.page(query, now);
  const filter = columns.filterOf(query, now);
  if (filter.none) return { total: 0, ids: [] };
  const { total, slots } = engine.search(terms, filter, columns, query.page);
  return { total, ids: slots.map((slot) => columns.idOf(slot)) };
}

/**
 * The typo fallback shared by the hand-made index and FlexSearch: each word that matches no indexed term (or, for
 * the word being typed, is the prefix of none) is replaced by the stem of the vocabulary word most like it; the
 * corrected words are whole words. Undefined when no word could be corrected.
 */
export function correctTerms(
  terms: QueryTerms,
  known: (stem: string, asPrefix: boolean) => boolean,
  corrector: TypoCorrector,
  processor: TermProcessor,
): QueryTerms | undefined {
  const words: string[] = [];
  const typed: string[] = [];
  let changed = false;
  const all = [...terms.words.map((stem) => ({ stem, asPrefix: false })), ...(terms.prefix === undefined ? [] : [{ stem: terms.prefix, asPrefix: true }])];
  all.forEach(({ stem, asPrefix }, index) => {
    const word = terms.typed[index] as string;
    if (known(stem, asPrefix)) {
      if (asPrefix) return;
      words.push(stem);
      typed.push(word);
      return;
    }
    const corrected = corrector.correct(word, TYPO_SIMILARITY);
    const correctedStem = corrected === undefined ? null : processor.stem(corrected);
    if (corrected === undefined || correctedStem === null) return;
    changed = true;
    if (!words.includes(correctedStem)) {
      words.push(correctedStem);
      typed.push(corrected);
    }
  });
  if (!changed) return undefined;
  const prefix = terms.prefix !== undefined && known(terms.prefix, true) ? terms.prefix : undefined;
  if (prefix !== undefined) typed.push(terms.typed.at(-1) as string);
  if (words.length === 0 && prefix === undefined) return undefined;
  return prefix === undefined ? { words, typed } : { words: words.filter((word) => word !== prefix), prefix, typed };
}
