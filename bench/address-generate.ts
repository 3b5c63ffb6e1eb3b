import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import {
  countingKey,
  lookupKey,
  STREET_TYPE_ABBREVIATIONS,
  streetKey,
} from '../apps/server/src/modules/address-lookup/address-words';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/seed/demo-data';
import { STATE_WEIGHTS, STREET_NAMES, SUBURBS } from '../apps/server/src/db/seed/demo-places';
import { createRandom, type Random } from '../apps/server/src/db/seed/random';
import { databaseNameOf, DEFAULT_POSTGRES_URL, formatCount, seconds } from './bench-env';
import {
  connect,
  ensureDatabaseExists,
  type Fingerprint,
  migrationsFingerprint,
  named,
  runMigrations,
  runQueue,
} from './generate';

/**
 * Fills a PostgreSQL database of its own with N synthetic addresses of the national address file for the
 * address-lookup benchmark, SQL-side. Localities are made from the demo's real suburbs and word lists with the
 * affixes Australian suburbs carry ("NORTH …", "… HEIGHTS"), each in a state with a postcode of its range;
 * each locality has 25 to 85 streets whose names follow a popularity curve (the most common name on about one
 * street in a hundred, most names on a few in ten thousand); about one street in eight is lined with blocks of flats. A marker table
 * (bench_meta) records what was generated, so the next run with the same N and generator version reuses it.
 */
export const ADDRESS_GENERATOR_VERSION = 3;
export const DEFAULT_ADDRESSES = 5_000_000;
const MARKER_PURPOSE = 'churchtrades-address-bench';
const SEED = 20250420;
const BATCH_SIZE = 250_000;
const WORKERS = 2;
const LOCALITY_COUNT = 7000;
const LOCALITY_SPREAD = 0.03;

export function addressDatabaseName(addresses: number): string {
  return addresses === DEFAULT_ADDRESSES ? 'churchtrades_bench_addresses_5m' : `churchtrades_bench_addresses_${addresses}`;
}

export function addressDatabaseUrl(addresses: number, env: Record<string, string | undefined>): string {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  const url = new URL(env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL);
  url.pathname = `/${addressDatabaseName(addresses)}`;
  return url.toString();
}

export function parseAddressCount(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_ADDRESSES;
  const value = Number(text.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(value) || value < 1000 || value > 50_000_000) {
    throw new Error(`BENCH_ADDRESSES must be a whole number between 1,000 and 50,000,000, not "${text}"`);
  }
  return value;
}

/** Postcode ranges and rough bounding boxes of each state's settled areas. */
const STATE_PLACES = {
  NSW: { postcodes: [2000, 2899], south: -36.5, north: -28.5, west: 146.0, east: 153.5 },
  VIC: { postcodes: [3000, 3999], south: -38.5, north: -34.5, west: 141.5, east: 149.5 },
  QLD: { postcodes: [4000, 4899], south: -28.0, north: -16.5, west: 145.5, east: 153.5 },
  SA: { postcodes: [5000, 5799], south: -38.0, north: -32.0, west: 135.5, east: 140.5 },
  WA: { postcodes: [6000, 6799], south: -35.0, north: -28.0, west: 114.5, east: 118.5 },
  TAS: { postcodes: [7000, 7399], south: -43.5, north: -40.8, west: 144.8, east: 148.3 },
  NT: { postcodes: [800, 899], south: -14.5, north: -12.0, west: 130.5, east: 132.5 },
  ACT: { postcodes: [2600, 2620], south: -35.5, north: -35.15, west: 148.95, east: 149.25 },
} as const;

const LOCALITY_PATTERNS = [
  '{x}', '{x}', '{x}', 'NORTH {x}', 'SOUTH {x}', 'EAST {x}', 'WEST {x}', 'MOUNT {x}', 'UPPER {x}', '{x} HEIGHTS',
  '{x} PARK', '{x} VALE', '{x} BEACH', '{x} HILLS', '{x} DOWNS', '{x} CREEK', '{x} GARDENS', '{x} POINT',
];
const WORD_STARTS = [
  'ASH', 'BRIGHT', 'OAK', 'ELM', 'GLEN', 'BROOK', 'HAZEL', 'MAPLE', 'WILLOW', 'STONE', 'GREEN', 'RED', 'BLACK',
  'WHITE', 'FERN', 'ROSE', 'SUN', 'MOSS', 'HOLLY', 'CEDAR', 'IRON', 'SILVER', 'GOLD', 'LAKE', 'RIVER', 'HILL',
  'KING', 'QUEEN', 'CASTLE', 'MILL',
];
const WORD_ENDS = [
  'WOOD', 'FORD', 'DALE', 'FIELD', 'LEIGH', 'TON', 'VALE', 'MERE', 'HURST', 'BANK', 'BROOK', 'GATE', 'HAVEN', 'MONT',
  'RIDGE', 'SIDE', 'VIEW', 'WELL', 'WORTH', 'CLIFFE',
];
/** Street types with how often they occur, as the national file names them. */
const STREET_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['STREET', 38], ['ROAD', 18], ['AVENUE', 9], ['DRIVE', 6], ['COURT', 5], ['PLACE', 5], ['CRESCENT', 4], ['CLOSE', 3],
  ['LANE', 3], ['PARADE', 2], ['WAY', 2], ['TERRACE', 1], ['GROVE', 1], ['CIRCUIT', 1], ['HIGHWAY', 1], ['BOULEVARD', 1],
];
const FLAT_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [['UNIT', 80], ['APARTMENT', 10], ['SHOP', 5], ['SUITE', 5]];

/** Upper case and nothing but letters and spaces: the generator's keys are then plain lower case. */
function plainName(text: string): string {
  return text.toUpperCase().replace(/'/g, '').replace(/[^A-Z]+/g, ' ').trim();
}

function compounds(): string[] {
  return WORD_STARTS.flatMap((start) => WORD_ENDS.map((end) => `${start}${end}`));
}

/** Street names, the most common first; SQL picks them with a skew towards the front. */
function streetNames(random: Random): string[] {
  const common = [...STREET_NAMES, ...LAST_NAMES].map(plainName);
  const rare = random.shuffle([...FIRST_NAMES.map(plainName), ...compounds()]);
  return [...new Set([...common, ...rare])];
}

interface LocalityLists {
  names: string[];
  states: string[];
  postcodes: string[];
  latitudes: number[];
  longitudes: number[];
}

function localities(random: Random): LocalityLists {
  const bases = random.shuffle([
    ...Object.values(SUBURBS).flatMap((suburbs) => suburbs.map((suburb) => plainName(suburb.name))),
    ...LAST_NAMES.map(plainName),
    ...compounds(),
  ]);
  const names = new Set<string>();
  for (let attempt = 0; names.size < LOCALITY_COUNT && attempt < LOCALITY_COUNT * 20; attempt += 1) {
    names.add(random.pick(LOCALITY_PATTERNS).replace('{x}', random.pick(bases)));
  }
  const lists: LocalityLists = { names: [], states: [], postcodes: [], latitudes: [], longitudes: [] };
  for (const name of names) {
    const state = random.weighted(STATE_WEIGHTS);
    const place = STATE_PLACES[state];
    lists.names.push(name);
    lists.states.push(state);
    lists.postcodes.push(String(random.int(place.postcodes[0], place.postcodes[1])).padStart(4, '0'));
    lists.latitudes.push(place.south + random.next() * (place.north - place.south));
    lists.longitudes.push(place.west + random.next() * (place.east - place.west));
  }
  return lists;
}

/** Values repeated by weight, so that a uniform pick in SQL follows the weights. */
function byWeight(items: readonly (readonly [string, number])[]): string[] {
  return items.flatMap(([item, weight]) => Array.from({ length: weight }, () => item));
}

async function createStreets(client: pg.Client, random: Random): Promise<number> {
  const places = localities(random);
  await client.query(`create table bench_locality (id int primary key, name text, state text, postcode text,
    latitude float8, longitude float8)`);
  await client.query(
    `insert into bench_locality select o, n, s, p, la, lo
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[]) with ordinality as l(n, s, p, la, lo, o)`,
    [places.names, places.states, places.postcodes, places.latitudes, places.longitudes],
  );
  const types = byWeight(STREET_TYPE_WEIGHTS);
  await client.query('select setseed(0.42)');
  // Each locality has 25 to 85 streets; names skew to the front of the list (GEORGE, KING, CHURCH …); one street
  // in eight is lined with blocks of 2 to 40 flats; slots are the addresses a street holds (14 on average).
  await client.query(
    named(
      `create table bench_street as
       select row_number() over (order by locality_id, name, type_code) as id, *
       from (
         select distinct on (l.id, name, type_code) l.id as locality_id,
           (:names::text[])[1 + floor(power(random(), 1.5) * cardinality(:names::text[]))::int] as name,
           (:types::text[])[1 + floor(random() * cardinality(:types::text[]))::int] as type_code,
           case when random() < 0.125 then 2 + floor(power(random(), 2) * 39)::int else 1 end as building_size,
           case when random() < 0.6 then 2 else 1 end as step,
           (:flatTypes::text[])[1 + floor(random() * cardinality(:flatTypes::text[]))::int] as flat_type,
           3 + floor(power(random(), 1.7) * 30)::int as slots
         from bench_locality l
         cross join lateral generate_series(1, 25 + floor(random() * 61)::int) as k
         order by l.id, name, type_code
       ) s`,
      { names: streetNames(random), types, flatTypes: byWeight(FLAT_TYPE_WEIGHTS) },
    ),
  );
  await client.query(`alter table bench_street add column first_slot bigint`);
  await client.query(`update bench_street s set first_slot = c.first_slot
    from (select id, sum(slots) over (order by id) - slots + 1 as first_slot from bench_street) c where c.id = s.id`);
  await client.query('create index on bench_street (first_slot)');
  await client.query('analyze bench_street');
  const { rows } = await client.query<{ slots: string }>('select sum(slots) as slots from bench_street');
  return Number(rows[0]?.slots ?? 0);
}

/*
 * One batch: addresses n = :first..:last. Address n is slot n - first_slot of the street whose slots hold it;
 * on a street of flats, slots fill one building after another (UNIT 1, 2 … of 1, then of 3 …).
 */
const BATCH_SQL = `
insert into address_index (id, full_address, state_abbreviation, locality_name, street_name, street_type_abbreviation,
  first_number, flat_type, flat_number, lga_name_2021, postcode, longitude, latitude, lookup_key, street_key,
  number_key, flat_key)
select 'GA' || rpad(l.state, 3, '_') || '7' || lpad(n::text, 8, '0'),
  case when a.flat is null then '' else s.flat_type || ' ' || a.flat || ', ' end
    || a.number || ' ' || s.name || ' ' || s.type_code || ', ' || l.name || ' ' || l.state || ' ' || l.postcode,
  l.state::state_type, l.name, s.name, (:abbreviations::text[])[array_position(:types::text[], s.type_code)],
  a.number, case when a.flat is not null then s.flat_type end, a.flat::text, null, l.postcode,
  round((l.longitude + (random() - 0.5) * :spread)::numeric, 6), round((l.latitude + (random() - 0.5) * :spread)::numeric, 6),
  lower(a.number || ' ' || s.name || ' ' || s.type_code || ' ' || l.name || ' ' || l.postcode),
  lower(s.name || ' ' || s.type_code || ' ' || l.name || ' ' || l.postcode),
  lpad(a.base::text, 6, '0') || lower(a.suffix),
  coalesce(lpad(a.flat::text, 6, '0'), '')
from generate_series(:first::bigint, :last::bigint) as n
cross join lateral (select * from bench_street s where s.first_slot <= n order by s.first_slot desc limit 1) s
join bench_locality l on l.id = s.locality_id
cross join lateral (select 1 + ((n - s.first_slot) / s.building_size) * s.step as base,
                           case when s.building_size = 1 and n % 47 = 0 then 'A' else '' end as suffix) b
cross join lateral (
  select b.base, b.suffix, b.base::text || b.suffix as number,
         case when s.building_size > 1 then (n - s.first_slot) % s.building_size + 1 end as flat
) a`;

interface Marker {
  purpose: string;
  addresses: number;
  generator_version: number;
  status: string;
  migrations: Fingerprint | null;
}

async function readMarker(client: pg.Client): Promise<Marker | null> {
  const { rows } = await client.query<{ has_marker: boolean; tables: string }>(
    `select to_regclass('public.bench_meta') is not null as has_marker,
            (select count(*) from pg_tables where schemaname = 'public' and tablename <> 'bench_meta') as tables`,
  );
  if (!rows[0]?.has_marker) {
    if (Number(rows[0]?.tables ?? 0) > 0) {
      throw new Error(`Database ${client.database} holds tables but no bench_meta marker: refusing to touch it.`);
    }
    return null;
  }
  const marker = (await client.query<Marker>('select * from bench_meta limit 1')).rows[0];
  if (marker?.purpose !== MARKER_PURPOSE) throw new Error(`Database ${client.database} is another benchmark's.`);
  return marker;
}

function staleReason(marker: Marker, addresses: number, current: Fingerprint): string | null {
  if (marker.status !== 'ready') return `its generation did not finish (${marker.status})`;
  if (marker.addresses !== addresses) return `it holds ${formatCount(marker.addresses)} addresses`;
  if (marker.generator_version !== ADDRESS_GENERATOR_VERSION) return `it was made by generator v${marker.generator_version}`;
  const changed = Object.entries(marker.migrations ?? {}).filter(([file, hash]) => current[file] !== hash);
  return changed.length > 0 ? `migrations changed since: ${changed.map(([file]) => file).join(', ')}` : null;
}

async function loadAddresses(url: string, addresses: number, log: (line: string) => void): Promise<void> {
  const abbreviations = [...STREET_TYPE_ABBREVIATIONS];
  const values = {
    types: abbreviations.map(([full]) => full.toUpperCase()),
    abbreviations: abbreviations.map(([, abbreviation]) => abbreviation),
    spread: LOCALITY_SPREAD,
  };
  const batches = Array.from({ length: Math.ceil(addresses / BATCH_SIZE) }, (_, index) => index);
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => connect(url)));
  const startedAt = performance.now();
  let done = 0;
  try {
    for (const worker of workers) await worker.query(`set synchronous_commit = off; set work_mem = '256MB'`);
    await runQueue(batches, workers, async (client, batch) => {
      const first = batch * BATCH_SIZE + 1;
      const last = Math.min(addresses, first + BATCH_SIZE - 1);
      await client.query(named(BATCH_SQL, { ...values, first, last }));
      done += last - first + 1;
      log(`  ${formatCount(done).padStart(11)} / ${formatCount(addresses)} addresses (${seconds(startedAt)})`);
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.end()));
  }
}

/**
 * Drops the secondary indexes of address_index for the load (building GIN and btree indexes once is much faster
 * than maintaining them row by row) and answers how to build them again from their own definitions.
 */
async function dropSecondaryIndexes(url: string, client: pg.Client, log: (line: string) => void) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select quote_ident(ci.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class ci on ci.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
     where t.relname = 'address_index' and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  return async () => {
    const workers = await Promise.all(Array.from({ length: WORKERS }, () => connect(url)));
    try {
      for (const worker of workers) await worker.query(`set maintenance_work_mem = '1GB'`);
      await runQueue(rows, workers, async (worker, index) => {
        const startedAt = performance.now();
        await worker.query(index.definition);
        log(`  index ${index.name} (${seconds(startedAt)})`);
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.end()));
    }
  };
}

/** The generator must write the keys the product writes: a sample proves it. */
async function checkKeys(client: pg.Client, addresses: number): Promise<void> {
  // About 50,000 rows' worth of pages, spread over the table, of which 500 rows are compared.
  const percent = Math.min(100, (50_000 / addresses) * 100);
  const { rows } = await client.query<{
    lookup_key: string;
    street_key: string;
    number_key: string;
    flat_key: string;
    first_number: string;
    street_name: string;
    street_type: string;
    locality_name: string;
    postcode: string;
    flat_number: string | null;
  }>(
    `select lookup_key, street_key, number_key, flat_key, first_number, street_name,
            split_part(split_part(full_address, ', ', -2), ' ', -1) as street_type, locality_name, postcode, flat_number
     from address_index tablesample system (${percent}) repeatable (7) limit 500`,
  );
  const wrong = rows.filter((row) => {
    const parts = {
      number: row.first_number,
      streetName: row.street_name,
      streetType: row.street_type,
      locality: row.locality_name,
      postcode: row.postcode,
    };
    const expected = [lookupKey(parts), streetKey(parts), countingKey(row.first_number), row.flat_number === null ? '' : countingKey(row.flat_number)];
    return [row.lookup_key, row.street_key, row.number_key, row.flat_key].some((key, index) => key !== expected[index]);
  });
  if (rows.length === 0 || wrong.length > 0) {
    throw new Error(`keys differ from address-words.ts in ${wrong.length} of ${rows.length} sampled rows`);
  }
}

/**
 * Makes sure the database at `url` holds exactly `addresses` generated addresses of this generator version,
 * migrated to the current schema, indexed and analysed; reuses what is there when it does.
 */
export async function prepareAddressDatabase(url: string, addresses: number, log = console.log): Promise<{ reused: boolean }> {
  const name = databaseNameOf(url);
  await ensureDatabaseExists(url, log);
  const client = await connect(url);
  try {
    const marker = await readMarker(client);
    const fingerprint = await migrationsFingerprint();
    const stale = marker && staleReason(marker, addresses, fingerprint);
    if (marker && !stale) {
      await runMigrations(url);
      log(`${name}: reusing ${formatCount(addresses)} generated addresses (generator v${ADDRESS_GENERATOR_VERSION}).`);
      return { reused: true };
    }
    if (marker) {
      log(`${name}: regenerating, because ${stale}.`);
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
    const startedAt = performance.now();
    await client.query(`create table bench_meta (purpose text not null, addresses integer not null,
      generator_version integer not null, status text not null, migrations jsonb, generation_seconds numeric)`);
    await client.query(`insert into bench_meta (purpose, addresses, generator_version, status) values ($1, $2, $3, 'generating')`, [
      MARKER_PURPOSE,
      addresses,
      ADDRESS_GENERATOR_VERSION,
    ]);
    log(`${name}: migrating and generating ${formatCount(addresses)} addresses…`);
    await runMigrations(url);
    const slots = await createStreets(client, createRandom(SEED, 'bench-addresses'));
    if (slots < addresses) throw new Error(`The generated streets hold ${formatCount(slots)} addresses, fewer than asked`);
    const rebuild = await dropSecondaryIndexes(url, client, log);
    await loadAddresses(url, addresses, log);
    log('  rebuilding indexes…');
    await rebuild();
    await client.query('drop table bench_street, bench_locality');
    await client.query('vacuum (analyze) address_index');
    await checkKeys(client, addresses);
    const elapsed = (performance.now() - startedAt) / 1000;
    await client.query(`update bench_meta set status = 'ready', migrations = $1, generation_seconds = $2`, [
      JSON.stringify(fingerprint),
      elapsed.toFixed(1),
    ]);
    log(`${name}: generated ${formatCount(addresses)} addresses in ${elapsed.toFixed(1)} s.`);
    return { reused: false };
  } finally {
    await client.end();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const addresses = parseAddressCount(process.env.BENCH_ADDRESSES);
  prepareAddressDatabase(addressDatabaseUrl(addresses, process.env), addresses).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
