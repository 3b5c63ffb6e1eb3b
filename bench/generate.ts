import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../apps/server/src/db/database';
import { tradeSearchKeywords } from '../apps/server/src/modules/trades/search-keywords';
import { hashPassword } from '../apps/server/src/modules/users/password';
import {
  benchDatabaseUrl,
  databaseNameOf,
  DEFAULT_TRADES,
  formatCount,
  maintenanceUrl,
  parseTradeCount,
  seconds,
} from './bench-env';
import { buildSyntheticLists, type SyntheticLists } from './synthetic-lists';
import { benchPostgresUrl } from './tuned-postgres';

/**
 * Fills a PostgreSQL database with N synthetic businesses for the search benchmark, SQL-side: each batch is
 * one INSERT … SELECT over generate_series that draws words, suburbs, churches and categories from arrays
 * passed as parameters. A marker table (bench_meta) records what was generated, so a second run with the same
 * N and generator version reuses the data, and a database without that marker is never touched unless empty.
 */

/** Bump when the generated data changes shape or distribution: databases of older versions are regenerated. */
export const GENERATOR_VERSION = 4;
const MARKER_PURPOSE = 'churchtrades-search-bench';
const SEED = 20250420;
const BATCH_SIZE = 50_000;
/** One per core of a 2-core machine: each batch runs in one backend. */
const WORKERS = 2;
const GENERATED_TABLES = ['users', 'trades', 'addresses'];
const BENCH_PASSWORD = 'bench-password';

export interface PreparedDatabase {
  url: string;
  trades: number;
  reused: boolean;
  seconds: number;
}

type Log = (line: string) => void;

export class NotABenchDatabaseError extends Error {}

/** Replaces :name placeholders by $n, so the long generator statement stays readable. */
export function named(text: string, values: Readonly<Record<string, unknown>>): { text: string; values: unknown[] } {
  const order: string[] = [];
  const sql = text.replace(/(?<![:\w]):([a-zA-Z]\w*)/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`No value for :${name}`);
    let position = order.indexOf(name);
    if (position < 0) position = order.push(name) - 1;
    return `$${position + 1}`;
  });
  return { text: sql, values: order.map((name) => values[name]) };
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export async function ensureDatabaseExists(url: string, log: Log): Promise<void> {
  const name = databaseNameOf(url);
  const admin = await connect(maintenanceUrl(url));
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`create database "${name}"`);
      log(`Created database ${name}.`);
    }
  } finally {
    await admin.end();
  }
}

interface Marker {
  purpose: string;
  trades: number;
  generator_version: number;
  status: string;
  migrations: Fingerprint | null;
}

/** Each migration file's SHA-256: an edited migration is not re-applied by the migrator, so it forces a new database. */
export type Fingerprint = Record<string, string>;

export async function migrationsFingerprint(): Promise<Fingerprint> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  const entries = await Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(path.join(MIGRATIONS_DIR, file));
      return [file, createHash('sha256').update(text).digest('hex')] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Why the kept data cannot be reused, or null when it can (new migrations are applied on top of it). */
function staleReason(marker: Marker, trades: number, current: Fingerprint): string | null {
  if (marker.status !== 'ready') return `its generation did not finish (${marker.status})`;
  if (marker.trades !== trades) return `it holds ${formatCount(marker.trades)} businesses`;
  if (marker.generator_version !== GENERATOR_VERSION) return `it was made by generator v${marker.generator_version}`;
  const changed = Object.entries(marker.migrations ?? {})
    .filter(([file, hash]) => current[file] !== hash)
    .map(([file]) => file);
  return changed.length > 0 ? `migrations changed since it was made: ${changed.join(', ')}` : null;
}

/**
 * Refuses any database that holds tables but no bench marker: the generator drops and rewrites everything,
 * so it must only ever run on a database it made itself (or an empty one).
 */
async function readMarker(client: pg.Client): Promise<Marker | null> {
  const { rows } = await client.query<{ has_marker: boolean; tables: string }>(
    `select to_regclass('public.bench_meta') is not null as has_marker,
            (select count(*) from pg_tables
              where schemaname not in ('pg_catalog', 'information_schema') and tablename <> 'bench_meta') as tables`,
  );
  const probe = rows[0];
  const database = client.database ?? '?';
  if (!probe?.has_marker) {
    if (Number(probe?.tables ?? 0) > 0) {
      throw new NotABenchDatabaseError(
        `Database ${database} holds tables but no bench_meta marker: it is not a benchmark database, refusing to touch it.`,
      );
    }
    return null;
  }
  const marker = await client.query<Marker>('select * from bench_meta limit 1');
  const row = marker.rows[0];
  if (!row || row.purpose !== MARKER_PURPOSE) {
    throw new NotABenchDatabaseError(`Database ${database} has a bench_meta table not written by this generator.`);
  }
  return row;
}

async function writeMarker(client: pg.Client, trades: number): Promise<void> {
  await client.query(`create table bench_meta (
    purpose text not null,
    trades integer not null,
    generator_version integer not null,
    status text not null,
    migrations jsonb,
    generated_at timestamptz,
    generation_seconds numeric
  )`);
  await client.query(
    `insert into bench_meta (purpose, trades, generator_version, status) values ($1, $2, $3, 'generating')`,
    [MARKER_PURPOSE, trades, GENERATOR_VERSION],
  );
}

export async function runMigrations(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function insertReferenceData(client: pg.Client, lists: SyntheticLists): Promise<void> {
  const rows = lists.categoryRows;
  await client.query(
    `insert into categories (id, name, tags, parent_id, display_order)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[])`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.name),
      rows.map((row) => row.tags ?? ''),
      rows.map((row) => row.parentId ?? null),
      rows.map((row) => row.displayOrder ?? 0),
    ],
  );
  await client.query(`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`);
  const churches = lists.churches;
  await client.query(
    `insert into churches (id, name, state_type, suburb, postcode, latitude, longitude, enabled, created_at, updated_at)
     select id, name, state::state_type, suburb, postcode, round(latitude::numeric, 6), round(longitude::numeric, 6),
            enabled, now() - interval '800 days', now() - interval '800 days'
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::boolean[])
       as c(id, name, state, suburb, postcode, latitude, longitude, enabled)`,
    [
      churches.ids,
      churches.names,
      churches.states,
      churches.suburbs,
      churches.postcodes,
      churches.latitudes,
      churches.longitudes,
      churches.enabled,
    ],
  );
}

/** Small lookup tables each worker joins against: churches and sub categories by their pick position. */
async function createLookups(client: pg.Client, lists: SyntheticLists): Promise<void> {
  const { churches, subCategories: subs } = lists;
  await client.query(`create temp table t_church (
    ci int primary key, id uuid, name text, state state_type, state_no int, suburb_no int)`);
  await client.query(
    `insert into t_church
     select o, id, name, state::state_type, state_no, suburb_no
     from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[]) with ordinality
       as c(id, name, state, state_no, suburb_no, o)`,
    [churches.ids, churches.names, churches.states, churches.stateNumbers, churches.suburbNumbers],
  );
  await client.query(`create temp table t_sub (
    si int primary key, id int, main_id int, word text, noun text, a_noun text, keywords text,
    services text[], mode text, remote boolean, notes text[])`);
  await client.query(
    `insert into t_sub
     select o, id, main_id, word, noun, a_noun, keywords, string_to_array(services, '|'), mode, remote,
            string_to_array(notes, '|')
     from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                 $9::boolean[], $10::text[]) with ordinality
       as s(id, main_id, word, noun, a_noun, keywords, services, mode, remote, notes, o)`,
    [
      subs.ids,
      subs.mainIds,
      subs.words,
      subs.nouns,
      subs.nounsWithArticle,
      subs.keywords,
      subs.services,
      subs.modes,
      subs.remote,
      subs.notes,
    ],
  );
}

/*
 * One batch: owners, businesses and addresses of businesses n = :first..:last, in one statement.
 * p draws the random choices, q joins church and category, b looks up words, t builds the texts.
 * Status mix: 90 % listed; 5 % pending; 1.5 % disabled; 1.5 % locked; 1 % rejected; 0.5 % expired; 0.5 % unlisted.
 * Verification, whatever the status: 9 % an ABN the register called active, 3 % a checked licence, 3 % known to
 * their church (15 % verified); 2 % a vouch that has lapsed and 5 % an ABN only stated, which verify nothing.
 * Still trading: every business approved over 11 months ago was confirmed within the last 330 days.
 * Reviews: 3 % show a rating (3 to 42 published reviews, about two in three of them 4 stars and up), 6 % have one or
 * two; their totals are written into trades.review_count and review_stars_total as the reviews' trigger keeps them.
 */
const BATCH_SQL = `
with p as materialized (
  select n,
    gen_random_uuid() as user_id,
    gen_random_uuid() as trade_id,
    (:churchPick::int[])[1 + floor(random() * cardinality(:churchPick::int[]))::int] as ci,
    (:subPick::int[])[1 + floor(random() * cardinality(:subPick::int[]))::int] as si,
    1 + floor(random() * cardinality(:firstNames::text[]))::int as fi,
    1 + floor(random() * cardinality(:lastNames::text[]))::int as li,
    1 + floor(random() * cardinality(:lastNames::text[]))::int as li2,
    (:namePick::int[])[1 + floor(random() * cardinality(:namePick::int[]))::int] as npi,
    1 + floor(random() * cardinality(:brands::text[]))::int as bri,
    1 + floor(random() * cardinality(:briefPatterns::text[]))::int as bpi,
    1 + floor(random() * cardinality(:serviceOpenings::text[]))::int as opi,
    1 + floor(random() * cardinality(:serviceClosings::text[]))::int as cli,
    1 + floor(random() * cardinality(:languages::text[]))::int as lgi,
    floor(random() * cardinality(:genericTags::text[]))::int as g1,
    floor(random() * (cardinality(:genericTags::text[]) - 1))::int as g2,
    1 + floor(random() * cardinality(:streetNames::text[]))::int as sti,
    1 + floor(random() * cardinality(:streetTypes::text[]))::int as stt,
    random() as r_home, random() as r_suburb, random() as r_status, random() as r_online_only,
    random() as r_online, random() as r_client, random() as r_business, random() as r_web, random() as r_logo,
    random() as r_phone, random() as r_bio, random() as r_service, random() as r_service_count,
    random() as r_tag_count, random() as r_generic_count, random() as r_note, random() as r_created,
    random() as r_moderated, random() as r_flat, random() - 0.5 as r_lat, random() - 0.5 as r_lon,
    random() as r_verified, random() as r_verified_at, random() as r_confirmed,
    random() as r_reviews, random() as r_review_count, random() as r_stars,
    5 + floor(random() * 26)::int as years,
    1 + floor(random() * 250)::int as street_no,
    lpad(floor(random() * 100000000)::bigint::text, 8, '0') as digits
  from generate_series(:first::int, :last::int) as n
),
q as materialized (
  select p.*, c.id as church_id, c.name as church_name, c.state, c.state_no,
    s.id as sub_id, s.main_id, s.word, s.noun, s.a_noun, s.keywords, s.services, s.mode, s.remote, s.notes,
    s.remote and p.r_online_only < 0.3 as online_only,
    -- Most people run their business near their parish; the rest anywhere in its state.
    case when p.r_home < 0.6 then c.suburb_no
         else (:stateOffsets::int[])[c.state_no] + 1 + floor(p.r_suburb * (:stateCounts::int[])[c.state_no])::int
    end as k,
    floor(p.r_service * cardinality(s.services))::int as so,
    least(cardinality(s.services), 3 + floor(p.r_service_count * 3)::int) as service_count,
    case when p.r_status < 0.90 then 'APPROVED' when p.r_status < 0.95 then 'PENDING'
         when p.r_status < 0.98 then 'APPROVED' when p.r_status < 0.99 then 'REJECTED'
         when p.r_status < 0.995 then 'APPROVED' else 'UNLISTED' end as status,
    case when p.r_verified < 0.09 then 'abn' when p.r_verified < 0.12 then 'licence'
         when p.r_verified < 0.15 then 'vouch' when p.r_verified < 0.17 then 'lapsed'
         when p.r_verified < 0.22 then 'stated-abn' else 'none' end as verification,
    now() - interval '1 day' - p.r_verified_at * interval '300 days' as verified_at
  from p join t_church c on c.ci = p.ci join t_sub s on s.si = p.si
),
b as materialized (
  select q.*,
    (:suburbNames::text[])[q.k] as suburb, (:postcodes::text[])[q.k] as postcode, (:cities::text[])[q.k] as city,
    (:latitudes::float8[])[q.k] as suburb_lat, (:longitudes::float8[])[q.k] as suburb_lon,
    (:firstNames::text[])[q.fi] as first_name, (:firstPossessives::text[])[q.fi] as firsts,
    (:firstEmailWords::text[])[q.fi] as first_email,
    (:lastNames::text[])[q.li] as last_name, (:lastEmailWords::text[])[q.li] as last_email,
    (:lastNames::text[])[q.li2] as last_name2,
    (:streetNames::text[])[q.sti] as street, (:streetTypes::text[])[q.stt] as street_type,
    q.services[1 + q.so % cardinality(q.services)] as s1,
    q.services[1 + (q.so + 1) % cardinality(q.services)] as s2,
    q.services[1 + (q.so + 2) % cardinality(q.services)] as s3,
    q.services[1 + (q.so + 3) % cardinality(q.services)] as s4,
    q.services[1 + (q.so + 4) % cardinality(q.services)] as s5,
    case when q.status = 'PENDING' then now() - q.r_created * interval '14 days'
         else now() - interval '20 days' - q.r_created * interval '580 days' end as created_at
  from q
),
t as materialized (
  select b.*,
    replace(replace(replace(replace(replace(replace(replace((:namePatterns::text[])[b.npi],
      '{surname}', b.last_name), '{surname2}', b.last_name2), '{firsts}', b.firsts), '{suburb}', b.suburb),
      '{city}', b.city), '{brand}', (:brands::text[])[b.bri]), '{word}', b.word) as trade_name,
    replace(replace(replace(replace(replace(replace(replace(replace(replace((:briefPatterns::text[])[b.bpi],
      '{s1}', b.s1), '{s2}', b.s2), '{s3}', b.s3), '{S1}', upper(left(b.s1, 1)) || substr(b.s1, 2)),
      '{noun}', b.noun), '{aNoun}', b.a_noun), '{suburb}', b.suburb), '{city}', b.city), '{years}', b.years::text)
      as brief,
    replace((:serviceOpenings::text[])[b.opi], '{list}', case b.service_count
      when 3 then b.s1 || ', ' || b.s2 || ' and ' || b.s3
      when 4 then b.s1 || ', ' || b.s2 || ', ' || b.s3 || ' and ' || b.s4
      else b.s1 || ', ' || b.s2 || ', ' || b.s3 || ', ' || b.s4 || ' and ' || b.s5 end) as opening,
    b.notes[1 + floor(b.r_note * cardinality(b.notes))::int] as note,
    replace(replace((:serviceClosings::text[])[b.cli], '{city}', b.city), '{language}', (:languages::text[])[b.lgi])
      as closing,
    lower(b.s1) || case when b.r_tag_count < 0.5 then ', ' || lower(b.s2) else '' end
      || ', ' || (:genericTags::text[])[1 + b.g1]
      || case when b.r_generic_count < 0.5
           then ', ' || (:genericTags::text[])[1 + (b.g1 + 1 + b.g2) % cardinality(:genericTags::text[])]
           else '' end as tags,
    case when b.status = 'PENDING' then null
         else b.created_at + interval '2 hours' + b.r_moderated * interval '94 hours' end as moderated_at,
    (1 + floor(b.r_flat * 100))::int::text as unit_no,
    case b.verification when 'vouch' then b.verified_at when 'lapsed' then b.verified_at - interval '400 days' end
      as vouched_at,
    case when b.r_reviews < 0.03 then 3 + floor(power(b.r_review_count, 3) * 40)::int
         when b.r_reviews < 0.09 then 1 + floor(b.r_review_count * 2)::int else 0 end as review_count
  from b
),
owners as (
  insert into users (id, first_name, last_name, email, phone, bio, role, password_hash, enabled, created_at, updated_at)
  select user_id, first_name, last_name, first_email || '.' || last_email || n || '@example.com.au',
    case when r_phone < 0.85 then '04' || substr(digits, 1, 2) || ' ' || substr(digits, 3, 3) || ' ' || substr(digits, 6, 3)
         when r_phone < 0.95 then '(' || (:areaCodes::text[])[state_no] || ') ' || (4 + n % 6)::text
           || substr(digits, 1, 3) || ' ' || substr(digits, 4, 4)
    end,
    case when r_bio < 0.5 then 'Member of ' || church_name || '.' end,
    'TRADER', :passwordHash::text, true, created_at, created_at
  from t
),
businesses as (
  insert into trades (id, owner_id, church_id, main_category_id, category_id, state_type, name, brief, service, tags,
    search_keywords, website, logo_uri, at_client, at_business, online, enabled, locked, expired, moderation_status,
    moderation_reason, moderated_at, created_at, updated_at, abn, abn_status, abn_checked_at, licence_number,
    licence_state, licence_kind, licence_checked_at, vouched_until, trading_confirmed_at, review_count,
    review_stars_total)
  select trade_id, user_id, church_id, main_id, sub_id, state, trade_name, brief,
    upper(left(opening, 1)) || substr(opening, 2) || ' ' || note || ' ' || closing,
    tags,
    -- tradeSearchKeywords: category names and tags, then the suburb of the address when there is one.
    keywords || case when online_only then '' else ' ' || suburb end,
    case when r_web < 0.8 then 'https://www.' || trim(both '-' from regexp_replace(
      replace(replace(lower(trade_name), '&', ' and '), '''', ''), '[^a-z0-9]+', '-', 'g')) || '.example.com.au' end,
    case when r_logo < 0.35 then '/uploads/logos/' || trade_id || '.webp' end,
    case when online_only then false when mode = 'client' then true
         when mode = 'business' then r_client < 0.15 else r_client < 0.6 end,
    case when online_only then false when mode = 'client' then r_business < 0.25
         when mode = 'business' then true else r_client >= 0.6 or r_business < 0.5 end,
    online_only or (remote and r_online < 0.25),
    not (r_status >= 0.95 and r_status < 0.965),
    r_status >= 0.965 and r_status < 0.98,
    r_status >= 0.99 and r_status < 0.995,
    status::moderation_status,
    case status when 'REJECTED' then 'Please describe the services you offer.'
                when 'UNLISTED' then 'Unlisted at the owner''s request.' end,
    moderated_at, created_at, coalesce(moderated_at, created_at),
    case when verification in ('abn', 'stated-abn') then '5' || digits || '12' end,
    case verification when 'abn' then 'ACTIVE' when 'stated-abn' then 'CHECKSUM_ONLY' end::abn_status,
    case when verification = 'abn' then verified_at end,
    case when verification = 'licence' then digits end,
    case when verification = 'licence' then state end,
    case when verification = 'licence' then initcap(word) || ' contractor' end,
    case when verification = 'licence' then verified_at end,
    vouched_at + interval '12 months',
    -- A directory in its steady state: owners of businesses approved over 11 months ago said "still trading" at
    -- some time in the last 330 days, so no still-trading question falls due while the benchmark runs.
    case when moderated_at < now() - interval '11 months' then now() - r_confirmed * interval '330 days' end,
    review_count,
    -- Means from 5 down to 2.5, most near the top: P(mean >= 3.95) is about 0.65.
    least(5 * review_count, greatest(review_count, round(review_count * (5 - 2.5 * r_stars * r_stars))::int))
  from t
),
vouches as (
  insert into trade_vouches (trade_id, church_id, voucher_role, vouched_at, expires_at)
  select trade_id, church_id, 'MODERATOR', vouched_at, vouched_at + interval '12 months'
  from t where vouched_at is not null
),
places as (
  insert into addresses (entity_id, country_code, full_address, state_type, suburb, street_name, street_type,
    street_nbr, unit_type, unit_nbr, postcode, city, latitude, longitude, created_at, updated_at)
  select trade_id, 'AU',
    case when r_flat < 0.15 then 'Unit ' || unit_no || ', ' else '' end
      || street_no || ' ' || street || ' ' || street_type || ', ' || suburb || ' ' || state || ' ' || postcode,
    state, suburb, street, street_type, street_no::text,
    case when r_flat < 0.15 then 'UNIT' else 'HOUSE' end,
    case when r_flat < 0.15 then unit_no end,
    postcode, city,
    round((suburb_lat + r_lat * 0.02)::numeric, 6), round((suburb_lon + r_lon * 0.02)::numeric, 6),
    created_at, created_at
  from t
  where not online_only
)
select count(*) as trades from t`;

function batchValues(lists: SyntheticLists, passwordHash: string): Record<string, unknown> {
  const { churches, suburbs, subCategories, words } = lists;
  return {
    churchPick: churches.pick,
    subPick: subCategories.pick,
    stateOffsets: suburbs.stateOffsets,
    stateCounts: suburbs.stateCounts,
    areaCodes: suburbs.areaCodes,
    suburbNames: suburbs.names,
    postcodes: suburbs.postcodes,
    cities: suburbs.cities,
    latitudes: suburbs.latitudes,
    longitudes: suburbs.longitudes,
    ...words,
    passwordHash,
  };
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/** Kept during the load: the pin trigger (migration 0009) looks up each business's address by it. */
const INDEXES_READ_BY_TRIGGERS = ['addresses_entity_key'];

/**
 * Secondary indexes are dropped during the load and rebuilt after it (much faster than maintaining GIN and
 * trigram indexes row by row); their definitions are read from the migrated schema, so whatever the
 * migrations define is what gets rebuilt.
 */
async function dropSecondaryIndexes(client: pg.Client): Promise<IndexDefinition[]> {
  const { rows } = await client.query<IndexDefinition>(
    `select quote_ident(ci.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class ci on ci.oid = i.indexrelid
     join pg_class t on t.oid = i.indrelid
     where t.relnamespace = 'public'::regnamespace and t.relname = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
       and ci.relname <> all($2)
     order by ci.relname`,
    [GENERATED_TABLES, INDEXES_READ_BY_TRIGGERS],
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  return rows;
}

async function sessionForBulkLoad(client: pg.Client): Promise<void> {
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set work_mem = '256MB'`);
  // The listing and pin triggers look up each business's owner and address by key. Their plans are made once per
  // session, while the tables are still empty, and a sequential scan planned then would read every owner for every
  // business inserted later: the batches grew from seconds to many minutes past 100,000 businesses.
  await client.query(`set enable_seqscan = off`);
  // Triggers stay on (no session_replication_role = replica): the product's own triggers maintain columns
  // such as trades.listed, and the data must be what the product would have written.
}

export async function runQueue<T>(items: readonly T[], workers: readonly pg.Client[], work: (client: pg.Client, item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    workers.map(async (client) => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(client, item);
      }
    }),
  );
}

async function loadBusinesses(url: string, lists: SyntheticLists, trades: number, log: Log): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const values = batchValues(lists, passwordHash);
  const batches = Array.from({ length: Math.ceil(trades / BATCH_SIZE) }, (_, index) => index);
  const workers = await Promise.all(Array.from({ length: Math.min(WORKERS, batches.length) }, () => connect(url)));
  const startedAt = performance.now();
  let done = 0;
  try {
    for (const worker of workers) {
      await sessionForBulkLoad(worker);
      await createLookups(worker, lists);
    }
    await runQueue(batches, workers, async (client, batch) => {
      const first = batch * BATCH_SIZE + 1;
      const last = Math.min(trades, first + BATCH_SIZE - 1);
      // Each batch has its own seed, whichever worker runs it (ids come from gen_random_uuid and differ).
      await client.query('select setseed($1)', [((batch * 7919) % 10_000) / 10_000 - 0.5]);
      await client.query(named(BATCH_SQL, { ...values, first, last }));
      done += last - first + 1;
      log(`  ${formatCount(done).padStart(11)} / ${formatCount(trades)} businesses (${seconds(startedAt)})`);
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.end()));
  }
}

/**
 * The pins the address trigger (migration 0009) would have set, written the way that migration fills them for
 * existing businesses: one rewrite of the table instead of an UPDATE of each business per address inserted, which
 * also rewrites its generated columns (50,000 businesses took over 6 minutes that way). Then the trigger is back on.
 */
async function placePins(client: pg.Client): Promise<void> {
  // A column's type cannot be rewritten while a generated column reads it: the map point is dropped and added
  // again as the migrations define it, in the same rewrite.
  const { rows } = await client.query<{ expression: string }>(
    `select pg_get_expr(d.adbin, d.adrelid) as expression
     from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
     where d.adrelid = 'trades'::regclass and a.attname = 'map_point'`,
  );
  const mapPoint = rows[0]?.expression;
  if (!mapPoint) throw new Error('trades.map_point is not a generated column: the pins below no longer match the migrations');
  await client.query('alter table trades drop column map_point');
  await client.query(`alter table trades
    alter column pin_latitude type double precision using (trade_pin(id, online, at_client, at_business))[1],
    alter column pin_longitude type double precision using (trade_pin(id, online, at_client, at_business))[0],
    add column map_point text generated always as (${mapPoint}) stored`);
  await client.query('alter table addresses enable trigger addresses_repin_trade');
}

async function rebuildIndexes(url: string, indexes: readonly IndexDefinition[], log: Log): Promise<void> {
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => connect(url)));
  try {
    for (const worker of workers) await sessionForBulkLoad(worker);
    // The GIN indexes are the slowest: start them first so the two workers finish together.
    const ordered = [...indexes].sort((a, b) => Number(/using gin/i.test(b.definition)) - Number(/using gin/i.test(a.definition)));
    await runQueue(ordered, workers, async (client, index) => {
      const startedAt = performance.now();
      await client.query(index.definition);
      log(`  index ${index.name} (${seconds(startedAt)})`);
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.end()));
  }
}

/** The generator must agree with the product's own rule for search_keywords; a sample proves it. */
async function checkSearchKeywords(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{
    search_keywords: string;
    main_name: string;
    main_tags: string;
    sub_name: string;
    sub_tags: string;
    suburb: string | null;
  }>(
    `select t.search_keywords, m.name as main_name, m.tags as main_tags, s.name as sub_name, s.tags as sub_tags, a.suburb
     from (select * from trades tablesample system (5) limit 500) t
     join categories m on m.id = t.main_category_id
     join categories s on s.id = t.category_id
     left join addresses a on a.entity_id = t.id`,
  );
  const wrong = rows.filter(
    (row) =>
      row.search_keywords !==
      tradeSearchKeywords({
        mainCategory: { name: row.main_name, tags: row.main_tags },
        subCategory: { name: row.sub_name, tags: row.sub_tags },
        suburb: row.suburb,
      }),
  );
  if (rows.length === 0 || wrong.length > 0) {
    throw new Error(`search_keywords differ from tradeSearchKeywords in ${wrong.length} of ${rows.length} sampled rows`);
  }
}

async function describeData(client: pg.Client, log: Log): Promise<void> {
  const { rows } = await client.query<{ state_type: string; businesses: string; listed: string }>(
    `select t.state_type, count(*) as businesses,
            count(*) filter (where t.moderation_status = 'APPROVED' and t.enabled and not t.locked
                             and not t.expired and c.enabled) as listed
     from trades t join churches c on c.id = t.church_id
     group by t.state_type order by count(*) desc`,
  );
  const total = rows.reduce((sum, row) => sum + Number(row.businesses), 0);
  const listed = rows.reduce((sum, row) => sum + Number(row.listed), 0);
  log(`  ${formatCount(total)} businesses, ${formatCount(listed)} listed (${((100 * listed) / total).toFixed(1)} %)`);
  const verified = await client.query<{ verified: string }>(
    `select count(*) as verified from trades where listed and verified_until > now()`,
  );
  const share = (100 * Number(verified.rows[0]?.verified ?? 0)) / Math.max(1, listed);
  log(`  ${formatCount(Number(verified.rows[0]?.verified ?? 0))} listed businesses verified (${share.toFixed(1)} % of listed)`);
  const rated = await client.query<{ rated: string; four: string }>(
    `select count(*) filter (where review_count >= 3) as rated,
            count(*) filter (where review_count >= 3 and 20 * review_stars_total >= 79 * review_count) as four
     from trades where listed`,
  );
  const { rated: shown = '0', four = '0' } = rated.rows[0] ?? {};
  log(`  ${formatCount(Number(shown))} listed businesses show a rating, ${formatCount(Number(four))} of them 4 stars and up`);
  log(`  by state: ${rows.map((row) => `${row.state_type} ${formatCount(Number(row.businesses))}`).join(', ')}`);
  const sizes = await client.query<{ relation: string; size: string }>(
    `select relname as relation, pg_size_pretty(pg_total_relation_size(oid)) as size
     from pg_class where relnamespace = 'public'::regnamespace and relname in ('trades', 'users', 'addresses')`,
  );
  log(`  on disk (with indexes): ${sizes.rows.map((row) => `${row.relation} ${row.size}`).join(', ')}`);
}

async function resetSchemas(client: pg.Client): Promise<void> {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema public cascade');
  await client.query('create schema public');
}

/**
 * Makes sure the database at `url` holds exactly `trades` generated businesses of this generator version,
 * migrated to the current schema and analysed. Reuses what is there when it already does.
 */
export async function prepareBenchDatabase(url: string, trades: number, log: Log = console.log): Promise<PreparedDatabase> {
  const startedAt = performance.now();
  const name = databaseNameOf(url);
  await ensureDatabaseExists(url, log);
  const client = await connect(url);
  try {
    const marker = await readMarker(client);
    const fingerprint = await migrationsFingerprint();
    const stale = marker && staleReason(marker, trades, fingerprint);
    if (marker && !stale) {
      const added = Object.keys(fingerprint).filter((file) => !(file in (marker.migrations ?? {})));
      // New product migrations (an index, say) apply to the kept data like to a production database.
      await runMigrations(url);
      if (added.length > 0) {
        log(`${name}: applied new migrations ${added.join(', ')}; analysing again.`);
        await client.query('vacuum (analyze)');
        await client.query('update bench_meta set migrations = $1', [JSON.stringify(fingerprint)]);
      }
      log(`${name}: reusing ${formatCount(trades)} generated businesses (generator v${GENERATOR_VERSION}).`);
      return { url, trades, reused: true, seconds: (performance.now() - startedAt) / 1000 };
    }
    if (marker) {
      log(`${name}: regenerating, because ${stale}.`);
      await resetSchemas(client);
    }
    await writeMarker(client, trades);
    log(`${name}: migrating and generating ${formatCount(trades)} businesses…`);
    await runMigrations(url);

    const lists = buildSyntheticLists(SEED, new Date());
    await insertReferenceData(client, lists);
    const indexes = await dropSecondaryIndexes(client);
    const loadStartedAt = performance.now();
    // Off during the load: the pins are placed once afterwards (placePins), and the directory's version row would
    // make the loading workers wait for each other's commits; a version bump after the load stands for them all.
    await client.query('alter table addresses disable trigger addresses_repin_trade');
    await client.query('alter table trades disable trigger trades_bump_directory_version');
    await loadBusinesses(url, lists, trades, log);
    log(`  loaded in ${seconds(loadStartedAt)}; placing the map pins…`);
    const pinStartedAt = performance.now();
    await placePins(client);
    // Each owner is inserted by the statement that inserts their business, whose listing trigger cannot see the
    // owner's row (trades_set_listed asks that the owner's account is open): list them again, then write the
    // table afresh, so that the rows' later versions (pins, listing) leave no dead ones behind.
    await client.query('update trades set listed = listed');
    await client.query('vacuum full trades');
    await client.query('alter table trades enable trigger trades_bump_directory_version');
    await client.query('update directory_version set version = version + 1');
    log(`  pins placed in ${seconds(pinStartedAt)}; rebuilding ${indexes.length} indexes…`);
    const indexStartedAt = performance.now();
    await rebuildIndexes(url, indexes, log);
    log(`  indexes rebuilt in ${seconds(indexStartedAt)}; vacuum and analyse…`);
    const analyseStartedAt = performance.now();
    await client.query('vacuum (analyze)');
    log(`  analysed in ${seconds(analyseStartedAt)}`);
    await checkSearchKeywords(client);
    await describeData(client, log);

    const elapsed = (performance.now() - startedAt) / 1000;
    await client.query(
      `update bench_meta set status = 'ready', migrations = $1, generated_at = now(), generation_seconds = $2`,
      [JSON.stringify(fingerprint), elapsed.toFixed(1)],
    );
    log(`${name}: generated ${formatCount(trades)} businesses in ${elapsed.toFixed(1)} s.`);
    return { url, trades, reused: false, seconds: elapsed };
  } finally {
    await client.end();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const trades = parseTradeCount(process.env.BENCH_TRADES, DEFAULT_TRADES);
  benchPostgresUrl(process.env)
    .then((server) => prepareBenchDatabase(benchDatabaseUrl(trades, { ...process.env, BENCH_POSTGRES_URL: server }), trades))
    .catch((error: unknown) => {
      console.error(error instanceof NotABenchDatabaseError ? error.message : error);
      process.exit(1);
    });
}
