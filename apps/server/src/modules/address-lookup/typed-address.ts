import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import {
  countingKey,
  FLAT_TYPE_BY_SPELLING,
  plainWords,
  STATE_BY_WORDS,
  STREET_TYPE_BY_SPELLING,
  streetTypesBegunBy,
} from './address-words';

/** What an owner has typed so far, read the ways the lookup searches for it. */
export interface TypedAddress {
  /** Which key the text is the beginning of: the lookup key when it starts with a street number, else the street key. */
  key: 'number first' | 'street first';
  /**
   * The beginnings of keys the text may be, the likeliest first: "45 smith street parr" (lookup key) or "smith
   * street parr" (street key); more when the last word may be a street type being typed ("45 smith pd": "45
   * smith pd" and "45 smith parade"). Empty when there is no street to speak of ("unit 3").
   */
  keyStarts: string[];
  /** The flat named before the street number ("3" of "3/45" or "unit 3 45"), as a flat key. */
  flatKey: string | null;
  /** The state named after the suburb, which lookup keys leave out. */
  state: RealState | null;
  /** The street number typed, upper case as the national file writes it ("45A"). */
  number: string | null;
  /** Every word typed, for the search by words in any order (see `wordSearch`). */
  words: TypedWords;
}

/**
 * The typed words split between the word index and the checks made on what it finds: the index takes the
 * distinctive words and numbers and the last word as a beginning, the checks the words most addresses share
 * ("st", "vic") and beginnings too short or too common to look up ("p", "stre": a beginning matches every word
 * it begins).
 */
export interface TypedWords {
  /** Whole words to look up: "george", "45", "parramatta". */
  whole: string[];
  /** The last word, maybe half typed, when it may be looked up as a beginning ("parr"). */
  beginning: string | null;
  /** Regular expressions an address must match too (`~*`). */
  checks: string[];
}

const STREET_NUMBER = /^\d+[a-z]?(?:-\d+[a-z]?)?$/;
const FLAT_NUMBER = /^[a-z]?\d+[a-z]?$/;
/** "u3", "apt12b": a flat type and its number written together. */
const FLAT_WITH_NUMBER = /^([a-z]+)(\d+[a-z]?)$/;
const DIGITS = /^\d+$/;
/** Shorter beginnings of a word match too many words to look up in the index. */
const SHORTEST_WORD_START = 3;
/** A number this long is a postcode or a rare street number, distinctive enough to search by. */
const DISTINCTIVE_DIGITS = 4;
const SLASH = '/';

/** The words typed, "/" kept as a word of its own: it parts a flat from its street number ("3/45"). */
function typedWords(text: string): string[] {
  return text
    .split(SLASH)
    .map((part) => plainWords(part).split(' ').filter(Boolean))
    .flatMap((words, index) => (index === 0 ? words : [SLASH, ...words]));
}

interface Leading {
  flat: string | null;
  number: string | null;
  rest: string[];
}

function leadingFlat(words: readonly string[]): { flat: string | null; at: number } {
  const [first = '', second = ''] = words;
  if (FLAT_TYPE_BY_SPELLING.has(first) && FLAT_NUMBER.test(second)) return { flat: second, at: 2 };
  const glued = FLAT_WITH_NUMBER.exec(first);
  if (glued && FLAT_TYPE_BY_SPELLING.has(glued[1] ?? '')) return { flat: glued[2] ?? null, at: 1 };
  // "3/45" and "3 45": a flat number, then the street number.
  const next = words[1] ?? '';
  if (FLAT_NUMBER.test(first) && (next === SLASH || STREET_NUMBER.test(next))) return { flat: first, at: 1 };
  return { flat: null, at: 0 };
}

/** The flat and street number a text starts with, and the words after them. */
function readLeading(words: readonly string[]): Leading {
  const { flat, at: afterFlat } = leadingFlat(words);
  let at = words[afterFlat] === SLASH ? afterFlat + 1 : afterFlat;
  let number: string | null = null;
  const [word = '', next = ''] = words.slice(at);
  if (word === 'lot' && STREET_NUMBER.test(next)) {
    number = `lot ${next}`;
    at += 2;
  } else if (STREET_NUMBER.test(word)) {
    number = word;
    at += 1;
  }
  return { flat, number, rest: words.slice(at).filter((rest) => rest !== SLASH) };
}

/** The state whose abbreviation or name starts at `at`, and how many words it takes. */
function stateAt(words: readonly string[], at: number): { state: RealState; length: number } | null {
  for (const length of [3, 2, 1]) {
    const named = words.slice(at, at + length);
    const state = named.length === length ? STATE_BY_WORDS.get(named.join(' ')) : undefined;
    if (state) return { state, length };
  }
  return null;
}

function beginsStateAbbreviation(word: string): boolean {
  return REAL_STATES.some((state) => state.length > word.length && state.toLowerCase().startsWith(word));
}

interface KeyWords {
  words: string[];
  state: RealState | null;
  /** The last word typed, when it stands where a street type would: after the street name, no type before. */
  lastMayBeType: string | null;
}

/**
 * The words after the street number as lookup keys hold them: the street type in full once a street name came
 * before it ("st" → "street", but "st kilda"), and the state, whole or being typed, left out once a suburb came
 * before it ("richmond vic", "richmond vi", but "victoria point").
 */
function keyWords(rest: readonly string[]): KeyWords {
  const words: string[] = [];
  let typeAt = -1;
  let state: RealState | null = null;
  let lastMayBeType: string | null = null;
  for (let at = 0; at < rest.length; at += 1) {
    const word = rest[at] ?? '';
    const isLast = at === rest.length - 1;
    const streetType = STREET_TYPE_BY_SPELLING.get(word);
    if (typeAt < 0 && at > 0 && streetType) {
      typeAt = words.push(streetType) - 1;
      if (isLast) lastMayBeType = word;
      continue;
    }
    const afterSuburb = typeAt >= 0 && words.length > typeAt + 1;
    const named = afterSuburb ? stateAt(rest, at) : null;
    if (named) {
      state = named.state;
      at += named.length - 1;
      continue;
    }
    // "parramatta ns": a state being typed, left out like a whole one (keys have no state).
    if (afterSuburb && isLast && beginsStateAbbreviation(word)) continue;
    if (isLast && typeAt < 0 && at > 0) lastMayBeType = word;
    words.push(word);
  }
  return { words, state, lastMayBeType };
}

/** The key beginnings of the words, the last one also read as each street type it may be the beginning of. */
function keyStartsOf(number: string | null, { words, lastMayBeType }: KeyWords): string[] {
  if (words.length === 0 && number === null) return [];
  const start = (keyed: readonly string[]) => [...(number === null ? [] : [number]), ...keyed].join(' ');
  const asTyped = start(words);
  if (lastMayBeType === null) return [asTyped];
  const asTypes = streetTypesBegunBy(lastMayBeType).map((streetType) => start([...words.slice(0, -1), streetType]));
  return [...new Set([asTyped, ...asTypes])];
}

/** Words that start the names of a great many suburbs ("NORTH PARRAMATTA", "MOUNT WAVERLEY"). */
const SUBURB_AFFIXES = ['north', 'south', 'east', 'west', 'upper', 'lower', 'mount'];

/** Words most addresses share: street types, flat types, states, suburb affixes, and how each is written. */
const COMMON_WORDS: readonly string[] = [
  ...STREET_TYPE_BY_SPELLING.keys(),
  ...FLAT_TYPE_BY_SPELLING.keys(),
  ...[...STATE_BY_WORDS.keys()].flatMap((name) => name.split(' ')),
  ...SUBURB_AFFIXES,
  'lot',
];

function isAddressTerm(word: string): boolean {
  return COMMON_WORDS.includes(word);
}

/** The common words as full addresses write them: "STREET" (never "ST"), "UNIT", "NSW", "NORTH". */
const COMMON_ADDRESS_WORDS: readonly string[] = [
  ...new Set([...STREET_TYPE_BY_SPELLING.values(), ...FLAT_TYPE_BY_SPELLING.values()]),
  ...REAL_STATES.map((state) => state.toLowerCase()),
  ...SUBURB_AFFIXES,
];

/**
 * A beginning of a word most addresses hold ("stre" of STREET) matches millions of them: looked up in the word
 * index, it would cost far more than the search it narrows.
 */
function beginsCommonWord(word: string): boolean {
  return COMMON_ADDRESS_WORDS.some((common) => common.length > word.length && common.startsWith(word));
}

/** A word and what else it may be written as: "st" is also "street", "u" "unit", "victoria" "vic". */
function spellings(word: string): string[] {
  const others = [STREET_TYPE_BY_SPELLING.get(word), FLAT_TYPE_BY_SPELLING.get(word), STATE_BY_WORDS.get(word)?.toLowerCase()];
  return [...new Set([word, ...others.filter((other): other is string => other !== undefined)])];
}

function isDistinctive(word: string): boolean {
  if (DIGITS.test(word)) return word.length >= DISTINCTIVE_DIGITS;
  return word.length >= SHORTEST_WORD_START && !isAddressTerm(word);
}

/** "new south wales" as "nsw": full addresses carry the abbreviation only. */
function withStateAbbreviations(words: readonly string[]): string[] {
  const result: string[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const named = stateAt(words, at);
    if (named && named.length > 1) {
      result.push(named.state.toLowerCase());
      at += named.length - 1;
    } else {
      result.push(words[at] ?? '');
    }
  }
  return result;
}

/** A word and the other ways it is written, as a regular expression matching any of them as a whole word. */
function wholeWord(word: string): string {
  return `\\m(${spellings(word).join('|')})\\M`;
}

function wordsForSearch(typed: readonly string[]): TypedWords {
  const words = [...new Set(withStateAbbreviations(typed.filter((word) => word !== SLASH).flatMap((word) => word.split('-'))))];
  const last = words.at(-1) ?? '';
  const result: TypedWords = { whole: [], beginning: null, checks: [] };
  for (const word of words) {
    const isBeginning = word === last && !DIGITS.test(word) && !isAddressTerm(word);
    if (isAddressTerm(word)) result.checks.push(wholeWord(word));
    else if (!isBeginning) result.whole.push(word);
    else if (word.length < SHORTEST_WORD_START || beginsCommonWord(word)) result.checks.push(`\\m${word}`);
    else result.beginning = word;
  }
  return result;
}

/**
 * The word index's query (`to_tsquery('simple', …)` text), the last word looked up as a beginning, and the
 * checks on what it finds; or null when no word looked up is distinctive enough to search millions of
 * addresses by ("unit 3", "12 st").
 */
export function wordSearch({ whole, beginning, checks }: TypedWords): { query: string; checks: string[] } | null {
  const looked = beginning === null ? whole : [...whole, beginning];
  if (!looked.some(isDistinctive)) return null;
  return { query: [...whole, ...(beginning === null ? [] : [`${beginning}:*`])].join(' & '), checks };
}

/** Reads an address the way people type it: "12 george st parr", "3/45 smith st", "unit 3 45 smith street". */
export function readTypedAddress(text: string): TypedAddress {
  const words = typedWords(text);
  const leading = readLeading(words);
  const keyed = keyWords(leading.rest);
  return {
    key: leading.number === null ? 'street first' : 'number first',
    keyStarts: keyStartsOf(leading.number, keyed),
    flatKey: leading.flat === null ? null : countingKey(leading.flat),
    state: keyed.state,
    number: leading.number?.toUpperCase() ?? null,
    words: wordsForSearch(words),
  };
}
