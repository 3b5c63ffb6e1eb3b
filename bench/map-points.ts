import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  benchDatabaseUrl,
  databaseNameOf,
  DEFAULT_TRADES,
  FIXED_MAP_PATH,
  FIXED_PAGE_PATH,
  formatCount,
  parseTradeCount,
} from './bench-env';
import { prepareBenchDatabase } from './generate';
import {
  CONNECTIONS,
  CpuMeter,
  drive,
  DURATION_SECONDS,
  loadAverage,
  machine,
  median,
  percentile,
  productFingerprint,
  REPO_ROOT,
  RESULTS_DIR,
  settle,
  startBenchServer,
  WARMUP_SECONDS,
} from './load';
import { buildMapMixes, type MapMix } from './map-queries';
import { benchPostgresUrl } from './tuned-postgres';

/**
 * Map benchmark: starts the app (bench/bench-server.ts) in its own process on loopback against the bench
 * database of BENCH_TRADES businesses (1,000,000), drives GET /api/trades/mapPoints with autocannon for each
 * kind of filter, each request the next of a list of distinct ones (the whole-country view is one URL), then
 * "Near me" on the list, then the same server's static copies of the whole-country answer and of a 9-card page
 * as baselines, and prints the table, the ratios and the target; then fetches the sitemap index and each of its
 * sitemaps one at a time and prints how long each took. Never part of `npm test`.
 *
 *   npm run bench:map
 *   BENCH_TRADES=10000 npm run bench:map      another size (BENCH_DATABASE_URL may name its database)
 *   BENCH_SECONDS=20 (per kind), BENCH_CONNECTIONS=10, BENCH_WARMUP_SECONDS=5
 *   BENCH_KINDS="whole country,state" only those kinds (the baselines always run)
 *   BENCH_MAP_ANSWERS_KEPT=0 without the answers the server keeps between writes (trades/map-answers.ts)
 */
const env = process.env;
const SAMPLES_PER_KIND = 10;
const QUERY_SEED = 20250420;
const KINDS = env.BENCH_KINDS?.split(',').map((kind) => kind.trim());
const TARGET_P95_MS = 100;
const TARGET_KIND = 'whole country';

interface Measurement {
  kind: string;
  baseline: MapMix['baseline'] | null;
  distinct: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** Of SAMPLES_PER_KIND requests fetched one at a time before the load: median points (or cards), how many were cut at the limit. */
  medianItems: number | null;
  truncated: number;
  samples: number;
  averageBytes: number | null;
  serverCpuMs: number | null;
  postgresCpuMs: number | null;
}

/** Fetches a few requests of the mix one at a time: how many points (or cards) they give, and how big the answers are. */
async function sampleMix(baseUrl: string, mix: MapMix) {
  const items: number[] = [];
  const bytes: number[] = [];
  let truncated = 0;
  for (const requestPath of [...new Set(mix.paths)].slice(0, SAMPLES_PER_KIND)) {
    const response = await fetch(`${baseUrl}${requestPath}`, { signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    bytes.push(Buffer.byteLength(text));
    if (!response.ok) continue;
    const data = (JSON.parse(text) as { data?: { points?: unknown[]; truncated?: boolean; trades?: { content?: unknown[] } } }).data;
    const found = data?.points ?? data?.trades?.content;
    if (found) items.push(found.length);
    if (data?.truncated) truncated += 1;
  }
  return {
    medianItems: median(items),
    truncated,
    samples: items.length,
    averageBytes: bytes.length > 0 ? Math.round(bytes.reduce((sum, value) => sum + value, 0) / bytes.length) : null,
  };
}

async function measure(
  baseUrl: string,
  meter: CpuMeter,
  kind: string,
  paths: readonly string[],
  baseline: MapMix['baseline'] | null,
): Promise<Measurement> {
  const sample = baseline === null ? null : await sampleMix(baseUrl, { kind, paths: [...paths], baseline, description: '' });
  await meter.start();
  const run = await drive(baseUrl, paths, DURATION_SECONDS);
  const cpu = await meter.stop();
  const sorted = run.latencies.sort((a, b) => a - b);
  const answered = Math.max(1, run.latencies.length);
  return {
    kind,
    baseline,
    distinct: new Set(paths).size,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    requestsPerSecond: run.ok / run.duration,
    non2xx: run.non2xx,
    errors: run.errors,
    medianItems: sample?.medianItems ?? null,
    truncated: sample?.truncated ?? 0,
    samples: sample?.samples ?? 0,
    averageBytes: sample?.averageBytes ?? null,
    serverCpuMs: cpu.serverMs === null ? null : cpu.serverMs / answered,
    postgresCpuMs: cpu.postgresMs / answered,
  };
}

interface SitemapTiming {
  path: string;
  ms: number;
  status: number;
  bytes: number;
  urls: number;
}

async function timeSitemap(baseUrl: string, requestPath: string): Promise<SitemapTiming> {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${requestPath}`, { signal: AbortSignal.timeout(60_000) });
  const xml = await response.text();
  const ms = performance.now() - startedAt;
  const urls = xml.match(/<loc>/g)?.length ?? 0;
  return { path: requestPath, ms, status: response.status, bytes: Buffer.byteLength(xml), urls };
}

/** The sitemap index, then each sitemap it names, one request at a time (search engines fetch them so). */
async function timeSitemaps(baseUrl: string): Promise<SitemapTiming[]> {
  const index = await timeSitemap(baseUrl, '/sitemap.xml');
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/[^<]+)<\/loc>/g)].map((found) => found[1] as string);
  const timings = [index];
  for (const file of files) timings.push(await timeSitemap(baseUrl, file));
  return timings;
}

function sitemapTable(timings: readonly SitemapTiming[]): string {
  const rows = timings.map(
    (timing) => `| ${timing.path} | ${timing.status} | ${formatCount(timing.urls)} | ${formatCount(timing.bytes)} | ${timing.ms.toFixed(0)} |`,
  );
  return ['| sitemap | status | URLs | bytes | ms |', '|---|--:|--:|--:|--:|', ...rows].join('\n');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));

function markdownTable(results: readonly Measurement[], fixed: Record<MapMix['baseline'], Measurement>): string {
  const header =
    '| kind | distinct requests | p50 ms | p95 ms | p99 ms | max ms | req/s | non-2xx | errors | × static req/s | app CPU ms/req | PG CPU ms/req | median points or cards (cut at 5,000/sampled) | bytes |';
  const rule = '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const row = (result: Measurement) => {
    const against = result.baseline === null ? result : fixed[result.baseline];
    return (
      `| ${result.kind} | ${result.distinct} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${ms(result.max)} | ` +
      `${result.requestsPerSecond.toFixed(0)} | ${result.non2xx} | ${result.errors} | ` +
      `${(result.requestsPerSecond / against.requestsPerSecond).toFixed(2)}${result.baseline === 'page' ? ' (of the 9-card page)' : ''} | ` +
      `${cpu(result.serverCpuMs)} | ${cpu(result.postgresCpuMs)} | ` +
      `${result.medianItems === null ? '–' : `${formatCount(result.medianItems)} (${result.truncated}/${result.samples})`} | ` +
      `${result.averageBytes ?? '–'} |`
    );
  };
  return [header, rule, ...results.map(row), row(fixed.map), row(fixed.page)].join('\n');
}

async function main(): Promise<void> {
  const trades = parseTradeCount(env.BENCH_TRADES, DEFAULT_TRADES);
  const url = benchDatabaseUrl(trades, { ...env, BENCH_POSTGRES_URL: await benchPostgresUrl(env) });
  const database = databaseNameOf(url);
  const about = await machine(url);
  console.log(
    `map benchmark ${about.date}: ${about.nproc} cores (${about.cpu}), ${about.memoryGiB} GiB, PostgreSQL ${about.postgres}, ` +
      `Node ${about.node}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per kind; load average ${loadAverage()}`,
  );
  console.log(`\n=== ${formatCount(trades)} businesses (${database}) ===`);
  const prepared = await prepareBenchDatabase(url, trades);
  const mixes = (await buildMapMixes(url, QUERY_SEED)).filter((mix) => !KINDS || KINDS.includes(mix.kind));
  const code = await productFingerprint();
  const server = await startBenchServer(url);
  const meterClient = new pg.Client({ connectionString: url });
  await meterClient.connect();
  const meter = new CpuMeter(meterClient, server.pid);
  const results: Measurement[] = [];
  let fixed: Record<MapMix['baseline'], Measurement>;
  let sitemaps: SitemapTiming[];
  const loadBefore = loadAverage();
  try {
    if (WARMUP_SECONDS > 0) {
      console.log(`warming up for ${WARMUP_SECONDS} s on real traffic (not reported)…`);
      const traffic = mixes.find((mix) => mix.kind === 'real traffic') ?? mixes[0];
      if (traffic) await drive(server.baseUrl, traffic.paths, WARMUP_SECONDS);
    }
    for (const mix of mixes) {
      await settle(results.at(-1)?.max);
      process.stdout.write(`${mix.kind.padEnd(16)} ${String(new Set(mix.paths).size).padStart(5)} distinct (${mix.description})… `);
      const result = await measure(server.baseUrl, meter, mix.kind, mix.paths, mix.baseline);
      console.log(`p95 ${ms(result.p95)} ms, ${result.requestsPerSecond.toFixed(0)} req/s`);
      results.push(result);
    }
    await settle(results.at(-1)?.max);
    const staticMap = await measure(server.baseUrl, meter, `static whole-country answer (${FIXED_MAP_PATH})`, [FIXED_MAP_PATH], null);
    await settle(staticMap.max);
    const staticPage = await measure(server.baseUrl, meter, `static 9-card page (${FIXED_PAGE_PATH})`, [FIXED_PAGE_PATH], null);
    fixed = { map: staticMap, page: staticPage };
    console.log(`static answers: ${staticMap.requestsPerSecond.toFixed(0)} and ${staticPage.requestsPerSecond.toFixed(0)} req/s`);
    await settle(staticPage.max);
    sitemaps = await timeSitemaps(server.baseUrl);
  } finally {
    await meterClient.end();
    await server.stop();
  }
  const codeAfter = await productFingerprint();
  if (codeAfter !== code) console.warn(`WARNING: the product code changed during this run (${code} → ${codeAfter})`);

  const kept = env.BENCH_MAP_ANSWERS_KEPT ?? 'default';
  console.log(`\n## ${formatCount(trades)} businesses — ${database}, product code ${code}, map answers kept: ${kept}, load average ${loadBefore} → ${loadAverage()}\n`);
  console.log(markdownTable(results, fixed));
  const target = results.find((result) => result.kind === TARGET_KIND);
  if (target) {
    const verdict = target.p95 <= TARGET_P95_MS ? 'MET' : 'NOT MET';
    const ratio = target.requestsPerSecond / fixed.map.requestsPerSecond;
    console.log(`\n${TARGET_KIND}: p95 ${ms(target.p95)} ms ${verdict} (≤ ${TARGET_P95_MS}); ${ratio.toFixed(2)} × the static copy of the same answer`);
  }

  console.log(`\nSitemaps, fetched one at a time:\n\n${sitemapTable(sitemaps)}`);

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `map-${about.date.replaceAll(':', '-').slice(0, 19)}.json`);
  await fs.writeFile(file, `${JSON.stringify({ about, trades, database, prepared, code, results, fixed, sitemaps }, null, 2)}\n`);
  console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
