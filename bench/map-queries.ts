import { REAL_STATES } from '@churchtrades/shared/states';
import pg from 'pg';
import { createRandom, type Random } from '../apps/server/src/db/seed/random';
import { SEARCH_PAGE_SIZE, WHOLE_COUNTRY_MAP_PATH } from './bench-env';
import { buildQueryMixes, type QueryKind, type QueryMix } from './search-queries';

/**
 * The request mixes of the map benchmark. The map asks `GET /api/trades/mapPoints` with the search page's
 * filters (no paging), so its mixes are the search benchmark's, drawn from the generated database the same way,
 * with the paging left out; plus a state alone, which the map shows more than the list does, and "real traffic",
 * every kind by weight with the whole-country view most of all. "Near me" is the list's `clientFilter` with a
 * position around a parish.
 */
export interface MapMix {
  kind: string;
  description: string;
  paths: string[];
  /** Which bench-only static route answers as many bytes, the baseline of this kind. */
  baseline: 'map' | 'page';
}

const DISTINCT_PATHS = 5000;
/** The share of each kind in "real traffic": most visitors open the map on the whole country, then narrow it. */
const TRAFFIC_WEIGHTS: readonly (readonly [string, number])[] = [
  ['whole country', 30],
  ['state', 15],
  ['state + category', 20],
  ['church', 10],
  ['one word', 15],
  ['two words', 7],
  ['typo', 3],
];
/** How far from a parish's centre a visitor asking for "Near me" stands, in degrees (about 5 km). */
const NEAR_ME_SPREAD_DEGREES = 0.05;

function mapPathOf(searchPath: string): string {
  const url = new URL(searchPath, 'http://bench');
  url.searchParams.delete('page');
  url.searchParams.delete('size');
  const query = url.searchParams.toString();
  return query === '' ? WHOLE_COUNTRY_MAP_PATH : `${WHOLE_COUNTRY_MAP_PATH}?${query}`;
}

function fromSearch(mixes: readonly QueryMix[], kind: QueryKind, description: string): MapMix {
  const mix = mixes.find((item) => item.kind === kind);
  if (!mix) throw new Error(`no search mix "${kind}"`);
  return { kind, description, paths: [...new Set(mix.paths.map(mapPathOf))], baseline: 'map' };
}

function realTraffic(random: Random, kinds: readonly MapMix[]): MapMix {
  const byKind = new Map(kinds.map((mix) => [mix.kind, mix]));
  const paths = Array.from({ length: DISTINCT_PATHS }, () => random.pick(byKind.get(random.weighted(TRAFFIC_WEIGHTS))!.paths));
  return {
    kind: 'real traffic',
    description: TRAFFIC_WEIGHTS.map(([kind, weight]) => `${kind} ${weight} %`).join(', '),
    paths,
    baseline: 'map',
  };
}

interface Parish {
  latitude: number;
  longitude: number;
}

async function readParishes(url: string): Promise<Parish[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Parish>(
      'select latitude, longitude from churches where enabled and latitude is not null order by id',
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** "Near me" around a parish: page 0 mostly, alone or with the search's own filters and words. */
function nearMe(random: Random, parishes: readonly Parish[], searchMixes: readonly QueryMix[]): MapMix {
  const filtered = searchMixes.filter((mix) => ['state + category', 'one word', 'church'].includes(mix.kind));
  const paths = new Set<string>();
  while (paths.size < DISTINCT_PATHS) {
    const parish = random.pick(parishes);
    const url = new URL(random.chance(0.5) ? '/api/trades/clientFilter' : random.pick(random.pick(filtered).paths), 'http://bench');
    url.searchParams.set('page', String(random.chance(0.8) ? 0 : random.int(1, 3)));
    url.searchParams.set('size', String(SEARCH_PAGE_SIZE));
    url.searchParams.set('lat', (parish.latitude + (random.next() - 0.5) * 2 * NEAR_ME_SPREAD_DEGREES).toFixed(5));
    url.searchParams.set('lng', (parish.longitude + (random.next() - 0.5) * 2 * NEAR_ME_SPREAD_DEGREES).toFixed(5));
    paths.add(`${url.pathname}?${url.searchParams.toString()}`);
  }
  return {
    kind: 'near me (list)',
    description: 'clientFilter with a position within ~5 km of a parish; half alone, half with a state + category, a word or a church',
    paths: random.shuffle([...paths]),
    baseline: 'page',
  };
}

export async function buildMapMixes(url: string, seed: number): Promise<MapMix[]> {
  const searchMixes = await buildQueryMixes(url, seed);
  const random = createRandom(seed, 'bench-map');
  const kinds: MapMix[] = [
    { kind: 'whole country', description: 'no filter: the first 5,000 of every pin', paths: [WHOLE_COUNTRY_MAP_PATH], baseline: 'map' },
    {
      kind: 'state',
      description: `each of the ${REAL_STATES.length} states`,
      paths: REAL_STATES.map((state) => `${WHOLE_COUNTRY_MAP_PATH}?stateType=${state}`),
      baseline: 'map',
    },
    fromSearch(searchMixes, 'state + category', 'a state and a main category (30 % with a sub category)'),
    fromSearch(searchMixes, 'church', 'an enabled church (70 % with its state)'),
    fromSearch(searchMixes, 'one word', 'category words and tags'),
    fromSearch(searchMixes, 'two words', 'tag phrases, qualified nouns, noun + suburb'),
    fromSearch(searchMixes, 'typo', 'one letter dropped or swapped'),
  ];
  return [...kinds, realTraffic(random, kinds), nearMe(random, await readParishes(url), searchMixes)];
}
