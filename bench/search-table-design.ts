import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { parseSearchText, tsqueryText } from '../apps/server/src/modules/trades/search-text';
import { benchDatabaseUrl, DEFAULT_TRADES, formatCount, parseTradeCount, SEARCH_PAGE_SIZE } from './bench-env';
import { prepareBenchDatabase } from './generate';
import { CONNECTIONS, CpuMeter, DURATION_SECONDS, loadAverage, percentile, RESULTS_DIR } from './load';
import { buildQueryMixes, type QueryMix } from './search-queries';
import { benchPostgresUrl } from './tuned-postgres';

/**
 * Search design A, measured without the app: a narrow search table (only what a page of results reads, the card
 * pre-rendered, a rotation key of the day) and one prepared statement per filter shape for the page, one for its
 * count. Builds the table in the benchmark's database, then runs the search benchmark's query mixes straight
 * against PostgreSQL from CONNECTIONS clients, each query a different one, and prints latency and the CPU per
 * query of this process and of PostgreSQL's backends. The text is ranked through a RUM index where the server
 * has the extension (Debian: postgresql-15-rum), else through GIN with every match ranked.
 *
 *   BENCH_TRADES=10000 npx tsx bench/search-table-design.ts
 *   BENCH_SECONDS=10 (per kind), BENCH_CONNECTIONS=10, BENCH_KINDS="blank,one word"
 */
const env = process.env;
const QUERY_SEED = 20250420;
/** Counted exactly up to here, as the directory counts today; beyond, "more than". */
const COUNT_LIMIT = 10_000;
const KINDS = env.BENCH_KINDS?.split(',').map((kind) => kind.trim());

const BUILD_SQL = (day: number) => `
  drop table if exists bench_trade_search;
  create table bench_trade_search as
  select t.id,
    t.state_type::text as state_type,
    t.church_id,
    t.main_category_id,
    t.category_id,
    t.verified_until,
    t.review_count,
    t.review_stars_total,
    hashtext(t.id::text || ':${day}') as rotation_key,
    t.search_vector as search,
    jsonb_build_object(
      'id', t.id, 'name', t.name, 'brief', left(coalesce(t.brief, ''), 200), 'logoUri', t.logo_uri,
      'website', t.website, 'ownerEmail', t.public_email, 'ownerName', u.first_name || ' ' || u.last_name,
      'ownerPhone', u.phone,
      'fullAddress', a.full_address, 'stateType', t.state_type, 'churchName', c.name,
      'mainCategory', m.name, 'subCategory', s.name) as card
  from trades t
  join churches c on c.id = t.church_id
  join users u on u.id = t.owner_id
  left join categories m on m.id = t.main_category_id
  left join categories s on s.id = t.category_id
  left join addresses a on a.entity_id = t.id
  where t.listed;
  create index on bench_trade_search (rotation_key);
  create index on bench_trade_search (state_type, rotation_key);
  create index on bench_trade_search (church_id, rotation_key);
  create index on bench_trade_search (main_category_id, rotation_key);
  create index on bench_trade_search (category_id, rotation_key);
  create index on bench_trade_search (verified_until);
  create index on bench_trade_search (review_count) where review_count >= 3;
  analyze bench_trade_search;`;

interface Search {
  text?: string;
  stateType?: string;
  churchId?: string;
  mainCategoryId?: number;
  categoryId?: number;
  verified: boolean;
  minRating?: number;
  page: number;
}

function searchOf(requestPath: string): Search {
  const params = new URL(requestPath, 'http://bench').searchParams;
  const number = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
  const terms = parseSearchText(params.get('searchText') ?? '');
  return {
    text: terms ? tsqueryText(terms) : undefined,
    stateType: params.get('stateType') || undefined,
    churchId: params.get('churchId') || undefined,
    mainCategoryId: number('mCat'),
    categoryId: number('sCat'),
    verified: params.get('verified') === 'true',
    minRating: number('minRating'),
    page: number('page') ?? 0,
  };
}

/** The statement of a filter shape: the same shape is the same name, prepared once per connection. */
function statementsOf(search: Search, ranked: 'rum' | 'gin'): { name: string; page: string; count: string; values: unknown[] } {
  const values: unknown[] = [];
  const where: string[] = [];
  const shape: string[] = [];
  const add = (key: string, condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
    shape.push(key);
  };
  if (search.text !== undefined) add('t', (p) => `search @@ to_tsquery('english', ${p})`, search.text);
  if (search.stateType !== undefined) add('s', (p) => `state_type = ${p}`, search.stateType);
  if (search.churchId !== undefined) add('c', (p) => `church_id = ${p}::uuid`, search.churchId);
  if (search.mainCategoryId !== undefined) add('m', (p) => `main_category_id = ${p}::int`, search.mainCategoryId);
  if (search.categoryId !== undefined) add('k', (p) => `category_id = ${p}::int`, search.categoryId);
  if (search.verified) add('v', (p) => `verified_until > ${p}::timestamptz`, new Date().toISOString());
  if (search.minRating !== undefined) {
    add('r', (p) => `review_count >= 3 and 20 * review_stars_total >= (20 * ${p}::int - 1) * review_count`, search.minRating);
  }
  const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order =
    search.text === undefined
      ? 'rotation_key'
      : ranked === 'rum'
        ? `search <=> to_tsquery('english', $1), rotation_key`
        : `ts_rank(search, to_tsquery('english', $1)) desc, rotation_key`;
  const offset = values.push(search.page * SEARCH_PAGE_SIZE);
  return {
    name: `${ranked}-${shape.join('') || 'all'}`,
    page: `select card from bench_trade_search ${filter} order by ${order} limit ${SEARCH_PAGE_SIZE} offset $${offset}`,
    count: `select count(*)::int as total from (select 1 from bench_trade_search ${filter} limit ${COUNT_LIMIT + 1}) counted`,
    values,
  };
}

async function answer(client: pg.Client, search: Search, ranked: 'rum' | 'gin'): Promise<number> {
  const statements = statementsOf(search, ranked);
  const countValues = statements.values.slice(0, -1);
  const [, counted] = await Promise.all([
    client.query({ name: `${statements.name}-page`, text: statements.page, values: statements.values }),
    client.query<{ total: number }>({ name: `${statements.name}-count`, text: statements.count, values: countValues }),
  ]);
  return counted.rows[0]?.total ?? 0;
}

interface KindResult {
  kind: string;
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  appCpuMs: number;
  postgresCpuMs: number;
  medianTotal: number;
}

async function runKind(url: string, mix: QueryMix, ranked: 'rum' | 'gin', monitor: pg.Client): Promise<KindResult> {
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }));
  const searches = mix.paths.map(searchOf);
  // Every connection prepares its shapes before the clock starts, as a running app's pool would have.
  await Promise.all(clients.map((client, index) => answer(client, searches[index % searches.length]!, ranked)));
  const latencies: number[] = [];
  const totals: number[] = [];
  let next = 0;
  const meter = new CpuMeter(monitor, undefined);
  await meter.start();
  const appCpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + DURATION_SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const search = searches[next++ % searches.length]!;
        const begun = performance.now();
        totals.push(await answer(client, search, ranked));
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const app = process.cpuUsage(appCpu);
  const { postgresMs } = await meter.stop();
  await Promise.all(clients.map((client) => client.end()));
  latencies.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  return {
    kind: mix.kind,
    queries: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / elapsed,
    appCpuMs: (app.user + app.system) / 1000 / latencies.length,
    postgresCpuMs: postgresMs / latencies.length,
    medianTotal: totals[Math.floor(totals.length / 2)] ?? 0,
  };
}

async function buildTable(client: pg.Client): Promise<{ ranked: 'rum' | 'gin'; seconds: number; tableMb: number; indexMb: number }> {
  const started = performance.now();
  await client.query(BUILD_SQL(Math.floor(Date.now() / 86_400_000)));
  const { rows: available } = await client.query(`select 1 from pg_available_extensions where name = 'rum'`);
  const ranked = available.length > 0 ? 'rum' : 'gin';
  if (ranked === 'rum') {
    await client.query('create extension if not exists rum');
    await client.query('create index on bench_trade_search using rum (search rum_tsvector_ops)');
  } else {
    await client.query('create index on bench_trade_search using gin (search)');
  }
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await client.query<{ table_mb: number; index_mb: number }>(`
    select pg_table_size('bench_trade_search') / 1048576.0 as table_mb,
           pg_indexes_size('bench_trade_search') / 1048576.0 as index_mb`);
  return { ranked, seconds, tableMb: Number(rows[0]!.table_mb), indexMb: Number(rows[0]!.index_mb) };
}

async function main(): Promise<void> {
  const trades = parseTradeCount(env.BENCH_TRADES, DEFAULT_TRADES);
  const serverUrl = await benchPostgresUrl(env);
  const url = benchDatabaseUrl(trades, { ...env, BENCH_POSTGRES_URL: serverUrl ?? env.BENCH_POSTGRES_URL });
  const prepared = await prepareBenchDatabase(url, trades);
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  const loadBefore = loadAverage();
  const build = await buildTable(monitor);
  console.log(
    `Design A at ${formatCount(prepared.trades)} businesses: table built in ${build.seconds.toFixed(1)} s, ` +
      `${build.tableMb.toFixed(0)} MB + ${build.indexMb.toFixed(0)} MB of indexes, text ranked by ${build.ranked}`,
  );
  const mixes = (await buildQueryMixes(url, QUERY_SEED)).filter((mix) => !KINDS || KINDS.includes(mix.kind));
  const results: KindResult[] = [];
  for (const mix of mixes) {
    const result = await runKind(url, mix, build.ranked, monitor);
    results.push(result);
    console.log(
      `${result.kind.padEnd(28)} p50 ${result.p50.toFixed(1).padStart(7)} p95 ${result.p95.toFixed(1).padStart(7)} ` +
        `p99 ${result.p99.toFixed(1).padStart(7)} ms  ${result.perSecond.toFixed(0).padStart(6)}/s  ` +
        `app ${result.appCpuMs.toFixed(2)} + PG ${result.postgresCpuMs.toFixed(2)} ms CPU/query  median total ${result.medianTotal}`,
    );
  }
  await monitor.end();
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `search-table-design-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await fs.writeFile(
    file,
    JSON.stringify({ trades: prepared.trades, build, loadBefore, loadAfter: loadAverage(), connections: CONNECTIONS, results }, null, 2),
  );
  console.log(`Load average ${loadBefore} → ${loadAverage()}. Results in ${file}`);
}

await main();
