import { REAL_STATES } from '@churchtrades/shared/states';
import pg from 'pg';
import { GENERIC_TAGS } from '../apps/server/src/db/seed/demo-data';
import { createRandom, type Random } from '../apps/server/src/db/seed/random';
import { SEARCH_PAGE_SIZE } from './bench-env';

/**
 * The query mixes of the search benchmark, each a list of thousands of distinct request paths built from the
 * generated database itself (its categories, tags, suburbs and churches), so every request asks something
 * different and no cache of identical answers is measured.
 */
export const QUERY_KINDS = [
  'blank',
  'one word',
  'two words',
  'typo',
  'state + category',
  'church',
  'verified',
  'verified + one word',
  'verified + state + category',
  'verified + church',
  'rated',
  'rated + state + category',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface QueryMix {
  kind: QueryKind;
  /** What the mix asks, for the report. */
  description: string;
  paths: string[];
}

const DISTINCT_PATHS = 5000;
const BLANK_MAX_PAGE = 50;
/** "4 stars and up" lists a few in a hundred businesses: some 20 pages of 9 at 10,000, 2,000 at a million. */
const RATED_MAX_PAGE = 20;
/** Words the English text-search configuration drops: a search for them alone finds nothing by design. */
const STOP_WORDS = new Set(['and', 'the', 'for', 'with', 'you', 'our', 'its', 'all', 'out', 'off', 'own']);

interface Vocabulary {
  /** Single words people type: "plumber", "plumbing", "florist", "tax", "xero". */
  words: string[];
  /** Two-word phrases from the categories' tags: "blocked drains", "wedding flowers". */
  phrases: string[];
  /** A qualifier and a noun of the same kind of business: "wedding florist", "local plumber". */
  qualified: string[];
  /** Sub category names in lower case, the nouns of "plumber parramatta". */
  nouns: string[];
  suburbs: string[];
  mainCategories: { id: number; subIds: number[] }[];
  churches: { id: string; state: string }[];
}

function splitTags(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
}

function isPlainWord(word: string): boolean {
  return /^[a-z]{3,}$/.test(word) && !STOP_WORDS.has(word);
}

async function readVocabulary(url: string): Promise<Vocabulary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const categories = await client.query<{ id: number; name: string; tags: string; parent_id: number | null }>(
      'select id, name, tags, parent_id from categories order by id',
    );
    const churches = await client.query<{ id: string; state: string }>(
      'select id, state_type as state from churches where enabled order by id',
    );
    const suburbs = await client.query<{ suburb: string }>(
      'select distinct suburb from churches where suburb is not null order by suburb',
    );

    const words = new Set<string>();
    const phrases = new Set<string>();
    const qualified = new Set<string>();
    const nouns = new Set<string>();
    const genericQualifiers = GENERIC_TAGS.flatMap((tag) => tag.split(' ')).filter(isPlainWord);
    for (const category of categories.rows) {
      const name = category.name.toLowerCase();
      const nameWords = name.split(/[^a-z]+/).filter(isPlainWord);
      nameWords.forEach((word) => words.add(word));
      const tags = splitTags(category.tags);
      for (const tag of tags) {
        const tagWords = tag.split(/\s+/);
        if (tagWords.length === 1 && isPlainWord(tag)) words.add(tag);
        if (tagWords.length === 2 && tagWords.every(isPlainWord)) phrases.add(tag);
      }
      if (category.parent_id !== null && nameWords.length === 1) {
        const noun = nameWords[0] as string;
        nouns.add(noun);
        const qualifiers = tags.flatMap((tag) => tag.split(/\s+/)).filter((word) => isPlainWord(word) && word !== noun);
        for (const qualifier of [...qualifiers, ...genericQualifiers]) qualified.add(`${qualifier} ${noun}`);
      }
    }
    const mains = categories.rows.filter((category) => category.parent_id === null);
    return {
      words: [...words],
      phrases: [...phrases],
      qualified: [...qualified],
      nouns: [...nouns],
      suburbs: suburbs.rows.map((row) => row.suburb.toLowerCase()),
      mainCategories: mains.map((main) => ({
        id: main.id,
        subIds: categories.rows.filter((category) => category.parent_id === main.id).map((sub) => sub.id),
      })),
      churches: churches.rows,
    };
  } finally {
    await client.end();
  }
}

/** A misspelling a person makes: one letter dropped or two neighbours swapped, never the first letter. */
function misspell(random: Random, word: string): string {
  const at = random.int(1, word.length - 2);
  if (random.chance(0.5)) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
}

/**
 * Most searches look at the first page and fewer at each next one: 60 % page 0, then halving
 * (20 % page 1, 10 % page 2, 5 % page 3 …) down to page 9.
 */
function textPage(random: Random): number {
  if (random.chance(0.6)) return 0;
  let page = 1;
  while (page < 9 && random.chance(0.5)) page += 1;
  return page;
}

function path(params: Record<string, string | number>): string {
  const query = Object.entries({ page: 0, size: SEARCH_PAGE_SIZE, ...params })
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api/trades/clientFilter?${query}`;
}

/** Draws until `count` distinct paths exist (or the vocabulary runs out), in a random order. */
function distinctPaths(random: Random, count: number, draw: () => string): string[] {
  const paths = new Set<string>();
  for (let attempt = 0; attempt < count * 20 && paths.size < count; attempt += 1) paths.add(draw());
  return random.shuffle([...paths]);
}

export async function buildQueryMixes(url: string, seed: number): Promise<QueryMix[]> {
  const vocabulary = await readVocabulary(url);
  const random = createRandom(seed, 'bench-queries');
  const known = new Set([...vocabulary.words, ...vocabulary.nouns]);
  const typoSources = vocabulary.words.filter((word) => word.length >= 5);
  const twoWordDraws: (() => string)[] = [
    () => random.pick(vocabulary.phrases),
    () => random.pick(vocabulary.qualified),
    () => `${random.pick(vocabulary.nouns)} ${random.pick(vocabulary.suburbs)}`,
  ];

  const mixes: QueryMix[] = [
    {
      kind: 'blank',
      description: `no text, page 0..${BLANK_MAX_PAGE}`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => path({ page: random.int(0, BLANK_MAX_PAGE) })),
    },
    {
      kind: 'one word',
      description: `${vocabulary.words.length} category words and tags`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => path({ page: textPage(random), searchText: random.pick(vocabulary.words) })),
    },
    {
      kind: 'two words',
      description: `${vocabulary.phrases.length} tag phrases, ${vocabulary.qualified.length} qualified nouns, noun + suburb`,
      paths: distinctPaths(random, DISTINCT_PATHS, () =>
        path({ page: textPage(random), searchText: random.pick(twoWordDraws)() }),
      ),
    },
    {
      kind: 'typo',
      description: `one letter dropped or swapped in ${typoSources.length} words`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        let typo = misspell(random, random.pick(typoSources));
        while (known.has(typo)) typo = misspell(random, random.pick(typoSources));
        return path({ page: random.chance(0.8) ? 0 : random.int(1, 3), searchText: typo });
      }),
    },
    {
      kind: 'state + category',
      description: `${REAL_STATES.length} states × ${vocabulary.mainCategories.length} main categories (30 % with a sub category)`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        const main = random.pick(vocabulary.mainCategories);
        const sub = random.chance(0.3) && main.subIds.length > 0 ? random.pick(main.subIds) : undefined;
        return path({
          page: textPage(random),
          stateType: random.pick(REAL_STATES),
          mCat: main.id,
          ...(sub === undefined ? {} : { sCat: sub }),
        });
      }),
    },
    {
      kind: 'church',
      description: `${vocabulary.churches.length} enabled churches (70 % with their state, as the page sends it)`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        const church = random.pick(vocabulary.churches);
        return path({
          page: random.chance(0.8) ? 0 : random.int(1, 2),
          ...(random.chance(0.7) ? { stateType: church.state } : {}),
          churchId: church.id,
        });
      }),
    },
    // "Verified only" with each kind of filter: drawn after the others, so that their paths stay as they were.
    {
      kind: 'verified',
      description: `"Verified only", no text, page 0..${BLANK_MAX_PAGE}`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => path({ page: random.int(0, BLANK_MAX_PAGE), verified: 'true' })),
    },
    {
      kind: 'verified + one word',
      description: `"Verified only" and one of ${vocabulary.words.length} category words and tags`,
      paths: distinctPaths(random, DISTINCT_PATHS, () =>
        path({ page: textPage(random), searchText: random.pick(vocabulary.words), verified: 'true' }),
      ),
    },
    {
      kind: 'verified + state + category',
      description: `"Verified only", a state and a main category (30 % with a sub category)`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        const main = random.pick(vocabulary.mainCategories);
        const sub = random.chance(0.3) && main.subIds.length > 0 ? random.pick(main.subIds) : undefined;
        return path({
          page: random.chance(0.8) ? 0 : random.int(1, 2),
          stateType: random.pick(REAL_STATES),
          mCat: main.id,
          ...(sub === undefined ? {} : { sCat: sub }),
          verified: 'true',
        });
      }),
    },
    {
      kind: 'verified + church',
      description: `"Verified only" and one of ${vocabulary.churches.length} enabled churches`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        const church = random.pick(vocabulary.churches);
        return path({ page: 0, ...(random.chance(0.7) ? { stateType: church.state } : {}), churchId: church.id, verified: 'true' });
      }),
    },
    // "4 stars and up", drawn after the others for the same reason.
    {
      kind: 'rated',
      description: `"4 stars and up" (minRating=4), no text, page 0..${RATED_MAX_PAGE}`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => path({ page: random.int(0, RATED_MAX_PAGE), minRating: 4 })),
    },
    {
      kind: 'rated + state + category',
      description: `"4 stars and up", a state and a main category (30 % with a sub category)`,
      paths: distinctPaths(random, DISTINCT_PATHS, () => {
        const main = random.pick(vocabulary.mainCategories);
        const sub = random.chance(0.3) && main.subIds.length > 0 ? random.pick(main.subIds) : undefined;
        return path({
          page: 0,
          stateType: random.pick(REAL_STATES),
          mCat: main.id,
          ...(sub === undefined ? {} : { sCat: sub }),
          minRating: 4,
        });
      }),
    },
  ];
  return mixes;
}
