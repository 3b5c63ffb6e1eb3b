import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import {
  BRANDS,
  BRIEF_PATTERNS,
  BUSINESS_NAME_PATTERNS,
  CHURCH_PATTERNS,
  FIRST_NAMES,
  GENERIC_TAGS,
  LANGUAGES,
  LAST_NAMES,
  SERVICE_CLOSINGS,
  SERVICE_OPENINGS,
} from '../apps/server/src/db/seed/demo-data';
import { AREA_CODES, STATE_WEIGHTS, STREET_NAMES, STREET_TYPES, SUBURBS } from '../apps/server/src/db/seed/demo-places';
import { buildCategories, type CategoryRow, type CategoryTree } from '../apps/server/src/db/seed/generate-categories';
import { createRandom } from '../apps/server/src/db/seed/random';
import { emailWord, fill, possessive, withArticle } from '../apps/server/src/db/seed/text';
import { tradeSearchKeywords } from '../apps/server/src/modules/trades/search-keywords';

/**
 * The word lists the SQL generator draws from, all taken from the demo seed's reference data, flattened into
 * arrays that travel as query parameters. Positions are 1-based where SQL subscripts them.
 */
export const CHURCH_COUNT = 3000;
/** Share of churches closed by an administrator: their businesses are not listed. */
const CLOSED_CHURCH_SHARE = 0.01;
const CHURCH_SPREAD = 0.006;
const LIST_SEPARATOR = '|';

export interface ChurchLists {
  ids: string[];
  names: string[];
  states: RealState[];
  /** 1-based position of the state in REAL_STATES. */
  stateNumbers: number[];
  /** 1-based position of the church's suburb in the suburb lists. */
  suburbNumbers: number[];
  suburbs: string[];
  postcodes: string[];
  latitudes: number[];
  longitudes: number[];
  enabled: boolean[];
  /** Church positions repeated by popularity: a uniform pick from it favours big parishes. */
  pick: number[];
}

export interface SuburbLists {
  names: string[];
  postcodes: string[];
  cities: string[];
  latitudes: number[];
  longitudes: number[];
  /** Per state (REAL_STATES order): where its suburbs start (0-based) and how many there are. */
  stateOffsets: number[];
  stateCounts: number[];
  areaCodes: string[];
}

export interface SubCategoryLists {
  ids: number[];
  mainIds: number[];
  words: string[];
  nouns: string[];
  nounsWithArticle: string[];
  /** tradeSearchKeywords of the categories alone; the generator appends the suburb when there is an address. */
  keywords: string[];
  /** Each sub category's services, joined by LIST_SEPARATOR (SQL splits them again). */
  services: string[];
  modes: string[];
  remote: boolean[];
  notes: string[];
  /** Sub category positions repeated by how common such businesses are. */
  pick: number[];
}

export interface WordLists {
  firstNames: string[];
  firstPossessives: string[];
  firstEmailWords: string[];
  lastNames: string[];
  lastEmailWords: string[];
  namePatterns: string[];
  namePick: number[];
  brands: string[];
  briefPatterns: string[];
  serviceOpenings: string[];
  serviceClosings: string[];
  languages: string[];
  genericTags: string[];
  streetNames: string[];
  streetTypes: string[];
}

export interface SyntheticLists {
  categoryRows: CategoryRow[];
  trees: CategoryTree[];
  churches: ChurchLists;
  suburbs: SuburbLists;
  subCategories: SubCategoryLists;
  words: WordLists;
}

function joined(items: readonly string[]): string {
  for (const item of items) {
    if (item.includes(LIST_SEPARATOR)) throw new Error(`"${item}" contains the list separator ${LIST_SEPARATOR}`);
  }
  return items.join(LIST_SEPARATOR);
}

function buildSuburbs(): SuburbLists {
  const lists: SuburbLists = {
    names: [],
    postcodes: [],
    cities: [],
    latitudes: [],
    longitudes: [],
    stateOffsets: [],
    stateCounts: [],
    areaCodes: [],
  };
  for (const state of REAL_STATES) {
    lists.stateOffsets.push(lists.names.length);
    lists.stateCounts.push(SUBURBS[state].length);
    lists.areaCodes.push(AREA_CODES[state]);
    for (const suburb of SUBURBS[state]) {
      lists.names.push(suburb.name);
      lists.postcodes.push(suburb.postcode);
      lists.cities.push(suburb.city);
      lists.latitudes.push(suburb.latitude);
      lists.longitudes.push(suburb.longitude);
    }
  }
  return lists;
}

/** About 3,000 churches spread over the states by population, each in a real suburb of its state. */
function buildChurches(seed: number, suburbs: SuburbLists): ChurchLists {
  const random = createRandom(seed, 'bench-churches');
  const totalWeight = STATE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const lists: ChurchLists = {
    ids: [],
    names: [],
    states: [],
    stateNumbers: [],
    suburbNumbers: [],
    suburbs: [],
    postcodes: [],
    latitudes: [],
    longitudes: [],
    enabled: [],
    pick: [],
  };
  for (const [state, weight] of STATE_WEIGHTS) {
    const stateNumber = REAL_STATES.indexOf(state) + 1;
    const count = Math.round((CHURCH_COUNT * weight) / totalWeight);
    const offset = suburbs.stateOffsets[stateNumber - 1] ?? 0;
    const suburbCount = suburbs.stateCounts[stateNumber - 1] ?? 1;
    for (let index = 0; index < count; index += 1) {
      // Cities get more churches than country towns: earlier suburbs of each list are the big ones.
      const suburbIndex = offset + Math.floor(random.next() ** 1.6 * suburbCount);
      const position = lists.ids.length + 1;
      lists.ids.push(random.uuid());
      lists.names.push(fill(random.pick(CHURCH_PATTERNS), { suburb: suburbs.names[suburbIndex] ?? '' }));
      lists.states.push(state);
      lists.stateNumbers.push(stateNumber);
      lists.suburbNumbers.push(suburbIndex + 1);
      lists.suburbs.push(suburbs.names[suburbIndex] ?? '');
      lists.postcodes.push(suburbs.postcodes[suburbIndex] ?? '');
      lists.latitudes.push((suburbs.latitudes[suburbIndex] ?? 0) + (random.next() * 2 - 1) * CHURCH_SPREAD);
      lists.longitudes.push((suburbs.longitudes[suburbIndex] ?? 0) + (random.next() * 2 - 1) * CHURCH_SPREAD);
      lists.enabled.push(!random.chance(CLOSED_CHURCH_SHARE));
      // Parish sizes are skewed: most have a handful of businesses, a few have many.
      const popularity = 1 + Math.floor(random.next() ** 3 * 12);
      for (let copy = 0; copy < popularity; copy += 1) lists.pick.push(position);
    }
  }
  return lists;
}

function buildSubCategories(seed: number, trees: readonly CategoryTree[]): SubCategoryLists {
  const random = createRandom(seed, 'bench-sub-categories');
  const lists: SubCategoryLists = {
    ids: [],
    mainIds: [],
    words: [],
    nouns: [],
    nounsWithArticle: [],
    keywords: [],
    services: [],
    modes: [],
    remote: [],
    notes: [],
    pick: [],
  };
  for (const tree of trees) {
    const main = tree.main.definition;
    for (const sub of tree.subs) {
      const position = lists.ids.length + 1;
      lists.ids.push(sub.id);
      lists.mainIds.push(tree.main.id);
      lists.words.push(sub.definition.word);
      lists.nouns.push(sub.definition.noun);
      lists.nounsWithArticle.push(withArticle(sub.definition.noun));
      lists.keywords.push(tradeSearchKeywords({ mainCategory: tree.main, subCategory: sub }));
      lists.services.push(joined(sub.definition.services));
      lists.modes.push(main.mode);
      lists.remote.push(main.remote);
      lists.notes.push(joined(main.notes));
      // Some kinds of business are far more common than others (many builders, few chauffeurs).
      const frequency = 1 + Math.floor(random.next() ** 2 * 10);
      for (let copy = 0; copy < frequency; copy += 1) lists.pick.push(position);
    }
  }
  return lists;
}

function buildWords(): WordLists {
  const namePick: number[] = [];
  BUSINESS_NAME_PATTERNS.forEach(([, weight], index) => {
    for (let copy = 0; copy < weight; copy += 1) namePick.push(index + 1);
  });
  return {
    firstNames: [...FIRST_NAMES],
    firstPossessives: FIRST_NAMES.map(possessive),
    firstEmailWords: FIRST_NAMES.map(emailWord),
    lastNames: [...LAST_NAMES],
    lastEmailWords: LAST_NAMES.map(emailWord),
    namePatterns: BUSINESS_NAME_PATTERNS.map(([pattern]) => pattern),
    namePick,
    brands: [...BRANDS],
    briefPatterns: [...BRIEF_PATTERNS],
    serviceOpenings: [...SERVICE_OPENINGS],
    serviceClosings: [...SERVICE_CLOSINGS],
    languages: [...LANGUAGES],
    genericTags: [...GENERIC_TAGS],
    streetNames: [...STREET_NAMES],
    streetTypes: STREET_TYPES.map((type) => type.short),
  };
}

export function buildSyntheticLists(seed: number, createdAt: Date): SyntheticLists {
  const { rows, trees } = buildCategories(createdAt);
  const suburbs = buildSuburbs();
  return {
    categoryRows: rows,
    trees,
    churches: buildChurches(seed, suburbs),
    suburbs,
    subCategories: buildSubCategories(seed, trees),
    words: buildWords(),
  };
}
