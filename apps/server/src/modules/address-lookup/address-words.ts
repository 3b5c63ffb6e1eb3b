import { REAL_STATES, type RealState, STATE_NAMES } from '@churchtrades/shared/states';

/**
 * The words of an address as the lookup compares them: lower case, accents and apostrophes dropped ("O'Connell"
 * is "oconnell"), every other mark a space except a hyphen between digits ("12-14"). The index keys and the
 * typed text both go through it, so they agree.
 */
export function plainWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/(?<!\d)-|-(?!\d)/g, ' ')
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim();
}

export interface StreetAddressParts {
  /** "45", "45A", "12-14" or "LOT 12". */
  number: string;
  streetName: string | null;
  /** In full, as the national address file's street type code: "STREET", not "ST". */
  streetType: string | null;
  /** "NORTH" of "SMITH STREET NORTH". */
  streetSuffix?: string | null;
  locality: string;
  postcode: string | null;
}

/** The street and where it is, as the keys below hold them: "smith street parramatta 2150". */
export function streetKey(parts: Omit<StreetAddressParts, 'number'>): string {
  const words = [parts.streetName, parts.streetType, parts.streetSuffix, parts.locality, parts.postcode];
  return plainWords(words.filter(Boolean).join(' '));
}

/**
 * The key of a street address, number first as people type it, the state left out because few type it:
 * "45 smith street parramatta 2150". A typed beginning of an address is a range of these keys.
 */
export function lookupKey(parts: StreetAddressParts): string {
  return `${plainWords(parts.number)} ${streetKey(parts)}`.trim();
}

const NUMBER_DIGITS = 6;

/** A flat or street number that sorts as people count: "2" before "10", "G01" as "g000001", "12A" as "000012a". */
export function countingKey(number: string): string {
  return plainWords(number)
    .replaceAll(' ', '')
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(NUMBER_DIGITS, '0'));
}

/**
 * Street types in full (the national file's codes), each with the file's abbreviation next (the full word again
 * where the file does not abbreviate it), then other spellings people write.
 */
const STREET_TYPE_SPELLINGS: readonly (readonly [string, ...string[]])[] = [
  ['access', 'accs'],
  ['alley', 'ally'],
  ['arcade', 'arc'],
  ['avenue', 'av', 'ave'],
  ['boulevard', 'bvd', 'blvd'],
  ['broadway', 'bdwy'],
  ['circle', 'cir'],
  ['circuit', 'cct'],
  ['close', 'cl'],
  ['corner', 'cnr'],
  ['court', 'ct', 'crt'],
  ['cove'],
  ['crescent', 'cr', 'cres', 'crs'],
  ['crest', 'crst'],
  ['drive', 'dr', 'drv'],
  ['esplanade', 'esp'],
  ['freeway', 'fwy'],
  ['gardens', 'gdns'],
  ['glade', 'glde'],
  ['glen'],
  ['grove', 'gr', 'gro'],
  ['heights', 'hts'],
  ['highway', 'hwy'],
  ['lane', 'lane', 'ln'],
  ['loop'],
  ['mall'],
  ['mews'],
  ['parade', 'pde'],
  ['parkway', 'pwy', 'pkwy'],
  ['path'],
  ['place', 'pl'],
  ['plaza', 'plza'],
  ['promenade', 'prom'],
  ['quay', 'qy'],
  ['retreat', 'rtt'],
  ['ridge', 'rdge'],
  ['rise'],
  ['road', 'rd'],
  ['row'],
  ['square', 'sq'],
  ['street', 'st', 'str'],
  ['terrace', 'tce', 'ter'],
  ['track', 'trk'],
  ['trail', 'trl'],
  ['view'],
  ['vista', 'vsta'],
  ['walk'],
  ['way', 'way', 'wy'],
  ['wharf', 'whrf'],
];

function byEverySpelling(lists: readonly (readonly [string, ...string[]])[]): ReadonlyMap<string, string> {
  return new Map(lists.flatMap(([full, ...others]) => [full, ...others].map((spelling) => [spelling, full] as const)));
}

/** "st", "str" and "street" → "street". */
export const STREET_TYPE_BY_SPELLING = byEverySpelling(STREET_TYPE_SPELLINGS);

/**
 * The street types a word may be the beginning of, as people write them: "pd" → parade, "cir" → circle and
 * circuit. Empty for a single letter, which begins too many.
 */
export function streetTypesBegunBy(word: string): string[] {
  if (word.length < 2) return [];
  return STREET_TYPE_SPELLINGS.filter((spellings) => spellings.some((spelling) => spelling.startsWith(word))).map(
    ([full]) => full,
  );
}

/** The national file's abbreviation of each street type above: "street" → "ST". */
export const STREET_TYPE_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  STREET_TYPE_SPELLINGS.map(([full, abbreviation = full]) => [full, abbreviation.toUpperCase()]),
);

/** Words that say a flat number follows ("unit 3", "u3"), with the national file's name of the flat type. */
export const FLAT_TYPE_BY_SPELLING = byEverySpelling([
  ['unit', 'u'],
  ['flat'],
  ['apartment', 'apt'],
  ['suite', 'ste', 'se'],
  ['shop'],
  ['villa'],
  ['townhouse', 'th'],
  ['office', 'offc'],
]);

/** "nsw" and "new south wales" → NSW; each state's name as its words. */
export const STATE_BY_WORDS: ReadonlyMap<string, RealState> = new Map(
  REAL_STATES.flatMap((state) => [
    [state.toLowerCase(), state] as const,
    [plainWords(STATE_NAMES[state]), state] as const,
  ]),
);
