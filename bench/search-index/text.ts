import { stemmer } from 'stemmer';
import { parseSearchText } from '../../apps/server/src/modules/trades/search-text';

/**
 * How every candidate turns text into terms, so that their totals can be compared: split as the product's
 * `search-text.ts` splits what is typed (NFKC, lower case, anything but letters and digits separates words),
 * English stop words dropped as PostgreSQL's `english` configuration drops them, and each word stemmed with the
 * `stemmer` package (Porter's algorithm, as PostgreSQL's `english` Snowball stemmer is a descendant of).
 */

/** PostgreSQL's english.stop (the Snowball English stop words): a search for them alone finds nothing. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now'
  ).split(' '),
);

const SEPARATOR = /[^\p{L}\p{N}]+/u;

/** The words of a text as the product splits them: NFKC, lower case, letters and digits only. */
export function splitWords(text: string): string[] {
  // Plain ASCII (nearly every business) is split by its character codes: NFKC leaves it as it is, and its letters
  // and digits are a-z and 0-9 once lower-cased. Anything else goes through the product's own rule.
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) >= 128) return splitUnicodeWords(text);
    const code = lower.charCodeAt(index);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      words.push(lower.slice(start, index));
      start = -1;
    }
  }
  if (start >= 0) words.push(lower.slice(start));
  return words;
}

function splitUnicodeWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(SEPARATOR)
    .filter((word) => word.length > 0);
}

/**
 * Stems words, remembering each surface word's stem (or that it is a stop word): the directory's vocabulary is
 * a few thousand words, so a million businesses cost a map look-up per word rather than a run of the stemmer.
 */
export class TermProcessor {
  /** Surface word → its stem, or null for a stop word. */
  private readonly stems = new Map<string, string | null>();

  stem(word: string): string | null {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = STOP_WORDS.has(word) ? null : stemmer(word);
      this.stems.set(word, stem);
    }
    return stem;
  }

  /** The stemmed terms of a text, stop words dropped, in order (repeats kept: they are term frequencies). */
  terms(text: string): string[] {
    const terms: string[] = [];
    for (const word of splitWords(text)) {
      const stem = this.stem(word);
      if (stem !== null) terms.push(stem);
    }
    return terms;
  }

  /** Every surface word seen (the typo fallback's vocabulary), stop words left out. */
  surfaceWords(): string[] {
    const words: string[] = [];
    for (const [word, stem] of this.stems) if (stem !== null) words.push(word);
    return words;
  }
}

/** A search text as every candidate searches it: whole words AND'ed, the last word (when long enough) a prefix. */
export interface QueryTerms {
  /** Stemmed whole words, each once. */
  words: string[];
  /** The stem of the word being typed, matched as a prefix of the indexed terms. */
  prefix?: string;
  /** The words as typed (unstemmed), for the typo fallback; `words` first, then the prefix's word. */
  typed: string[];
}

/** `parseSearchText` of the product, then stemmed; undefined when nothing searchable is left. */
export function queryTerms(text: string, processor: TermProcessor): QueryTerms | undefined {
  const parsed = parseSearchText(text);
  if (!parsed) return undefined;
  const words: string[] = [];
  const typed: string[] = [];
  for (const word of parsed.words) {
    const stem = processor.stem(word);
    if (stem !== null && !words.includes(stem)) {
      words.push(stem);
      typed.push(word);
    }
  }
  const prefixStem = parsed.prefix === undefined ? null : processor.stem(parsed.prefix);
  if (prefixStem === null) return words.length === 0 ? undefined : { words, typed };
  typed.push(parsed.prefix as string);
  return { words: words.filter((word) => word !== prefixStem), prefix: prefixStem, typed };
}

/** The first index of `sorted` whose term is ≥ `prefix`, and the first after the terms starting with it. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const lowerBound = (value: string) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as string) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // Every term starting with the prefix sorts before prefix + U+FFFF.
  return [lowerBound(prefix), lowerBound(`${prefix}\uffff`)];
}
