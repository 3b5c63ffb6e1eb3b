import type { Clock } from '../../../clock';
import type { DirectoryFilter, PageWindow, TradeRepo } from '../repo';
import { plainText, tsqueryText, type SearchTerms } from '../search-text';
import { closestWord } from '../trigram-similarity';
import type { SearchContext } from './context';
import type { Found } from './found';

/**
 * The category vocabulary is read again after this long: a few hundred words that change only when an
 * administrator edits a category, kept in memory so a typo costs no query to correct.
 */
const CATEGORY_VOCABULARY_SECONDS = 60;

/** The category vocabulary, read on first use and again once it is older than a minute by `clock`. */
export function keptVocabulary(repo: Pick<TradeRepo, 'categoryVocabulary'>, clock: Clock): () => Promise<string[]> {
  return cachedFor(CATEGORY_VOCABULARY_SECONDS, clock, () => repo.categoryVocabulary());
}

/**
 * What the terms find by `find`; when they find nothing as typed, what they find read as misspelt category words
 * ("electrcian"), else names alike ("Fitzgerld") by `findSimilar`, unless too many names are alike for the words
 * to mean anything. Every strategy searching a text falls back this way; undefined when nothing is found.
 */
export async function withTypoFallback<T>(
  context: SearchContext,
  filter: DirectoryFilter,
  terms: SearchTerms,
  find: (terms: SearchTerms) => Promise<T | undefined>,
  findSimilar: (text: string) => Promise<T>,
): Promise<T | undefined> {
  const asTyped = await find(terms);
  if (asTyped !== undefined) return asTyped;
  const corrected = await correctedTerms(context, terms);
  if (corrected) {
    const found = await find(corrected);
    if (found !== undefined) return found;
  }
  const text = plainText(corrected ?? terms);
  // Names alike can only be found by comparing each candidate; when too many are alike, the words are too vague.
  const alike = await context.repo.estimate(filter, { kind: 'similar-name', text });
  if (alike > context.limits.similarNameLimit) return undefined;
  return findSimilar(text);
}

/** A page of the names most like the text first, then by name, counted exactly. */
export async function searchSimilarNames(
  { repo, limits }: SearchContext,
  filter: DirectoryFilter,
  text: string,
  window: PageWindow,
): Promise<Found> {
  const similar = await repo.similarNameIds(filter, text, window, limits.similarNameLimit);
  return { ...similar, exact: true };
}

/** The terms with each word replaced by the category word it most resembles, or undefined if none changed. */
async function correctedTerms({ limits, vocabulary }: SearchContext, terms: SearchTerms): Promise<SearchTerms | undefined> {
  const words = await vocabulary();
  const correct = (word: string) => closestWord(word, words, limits.categoryWordSimilarity) ?? word;
  const corrected: SearchTerms = {
    words: terms.words.map(correct),
    ...(terms.prefix === undefined ? {} : { prefix: correct(terms.prefix) }),
  };
  return tsqueryText(corrected) === tsqueryText(terms) ? undefined : corrected;
}

/** A value read on first use and again once it is older than `seconds`; a failed read is not kept. */
function cachedFor<T>(seconds: number, clock: Clock, read: () => Promise<T>): () => Promise<T> {
  let cached: { value: Promise<T>; readAt: number } | undefined;
  return () => {
    const now = clock().getTime();
    if (!cached || now - cached.readAt > seconds * 1000) {
      const value = read();
      const entry = { value, readAt: now };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}
