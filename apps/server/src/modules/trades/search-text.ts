/** The last word is matched as a prefix ("electri" finds "electrician") once it has this many characters. */
export const MIN_PREFIX_LENGTH = 3;

export interface SearchTerms {
  /** Whole words, lower case, letters and digits only, each once. */
  words: string[];
  /** The word being typed, matched as a prefix; absent when it is too short to narrow anything. */
  prefix?: string;
}

/**
 * Splits what a person typed into search words: anything that is not a letter or a digit separates words
 * (so quotes, backslashes, operators and emoji can never reach the text-search parser), and the last word
 * is the one still being typed. Returns undefined when nothing searchable is left.
 */
export function parseSearchText(text: string): SearchTerms | undefined {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  const last = words.at(-1);
  if (last === undefined) return undefined;
  if (last.length < MIN_PREFIX_LENGTH) return { words: unique(words) };
  const whole = unique(words.slice(0, -1)).filter((word) => word !== last);
  return { words: whole, prefix: last };
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}

/**
 * The `to_tsquery` text of the terms: each word a quoted lexeme, AND'ed, the prefix marked `:*`.
 * Safe by construction: the words hold letters and digits only, never a quote or an operator.
 */
export function tsqueryText(terms: SearchTerms): string {
  const lexemes = terms.words.map((word) => `'${word}'`);
  if (terms.prefix !== undefined) lexemes.push(`'${terms.prefix}':*`);
  return lexemes.join(' & ');
}

/** The terms as plain words, for trigram similarity against names. */
export function plainText(terms: SearchTerms): string {
  return [...terms.words, ...(terms.prefix === undefined ? [] : [terms.prefix])].join(' ');
}
