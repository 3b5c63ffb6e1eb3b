import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  benchDatabaseUrl,
  databaseNameOf,
  COMPARISON_TRADES,
  DEFAULT_TRADES,
  FIXED_PAGE_PATH,
  formatCount,
  parseTradeCount,
} from './bench-env';
import { prepareBenchDatabase, type PreparedDatabase } from './generate';
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
import { benchPostgresUrl } from './tuned-postgres';
import { buildQueryMixes, type QueryMix } from './search-queries';

/**
 * Search benchmark: for each database size, starts the app (bench/bench-server.ts) in its own process on a
 * free loopback port, drives GET /api/trades/clientFilter with autocannon for each query kind, each request a
 * different query, then the same server's fixed-JSON route as the baseline (and /readyz, one `select 1`, as the
 * floor of any route that asks the database), and prints the tables, the ratios
 * and the targets of the issue. Never part of `npm test`.
 *
 *   npm run bench:search                      10,000 and 1,000,000 businesses, compared
 *   BENCH_TRADES=200000 npm run bench:search  one size (BENCH_DATABASE_URL may name its database)
 *   BENCH_SECONDS=20 (per kind), BENCH_CONNECTIONS=10, BENCH_WARMUP_SECONDS=5
 *   BENCH_KINDS="one word,typo" only those kinds (the fixed-JSON baseline always runs)
 */
const env = process.env;
const SAMPLES_PER_KIND = 10;
const QUERY_SEED = 20250420;
const KINDS = env.BENCH_KINDS?.split(',').map((kind) => kind.trim());

const TARGETS = { p95Ms: 50, throughputRatio: 0.3, growth: 2 } as const;

interface Measurement {
  kind: string;
  distinct: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  non2xx: number;
  /** Status codes other than 2xx, with their counts. */
  failures: Record<string, number>;
  errors: number;
  /** Of SAMPLES_PER_KIND queries fetched one at a time before the load: median total hits and how many found nothing. */
  medianHits: number | null;
  emptySamples: number | null;
  samples: number;
  averageBytes: number | null;
  /** CPU time per answered request of the app process and of the database's backends (from /proc). */
  serverCpuMs: number | null;
  postgresCpuMs: number | null;
}

interface SizeRun {
  trades: number;
  database: string;
  prepared: PreparedDatabase;
  kinds: Measurement[];
  fixed: Measurement;
  /** GET /readyz (one `select 1` through the app's pool): the floor of any route that asks the database. */
  oneQuery: Measurement;
  fixedBytes: number;
  code: string;
  loadBefore: string;
  loadAfter: string;
}

/** Fetches a few queries of the mix one at a time: what they find, and how big the answers are. */
async function sampleMix(baseUrl: string, mix: QueryMix) {
  const hits: number[] = [];
  const bytes: number[] = [];
  for (const requestPath of mix.paths.slice(0, SAMPLES_PER_KIND)) {
    const response = await fetch(`${baseUrl}${requestPath}`, { signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    bytes.push(Buffer.byteLength(text));
    if (!response.ok) continue;
    const body = JSON.parse(text) as { data?: { trades?: { totalElements?: number } } };
    const total = body.data?.trades?.totalElements;
    if (typeof total === 'number') hits.push(total);
  }
  return {
    medianHits: median(hits),
    emptySamples: hits.filter((total) => total === 0).length,
    samples: hits.length,
    averageBytes: bytes.length > 0 ? Math.round(bytes.reduce((sum, value) => sum + value, 0) / bytes.length) : null,
  };
}

async function measure(
  baseUrl: string,
  meter: CpuMeter,
  kind: string,
  paths: readonly string[],
  sample: Awaited<ReturnType<typeof sampleMix>> | null,
): Promise<Measurement> {
  await meter.start();
  const run = await drive(baseUrl, paths, DURATION_SECONDS);
  const cpu = await meter.stop();
  const sorted = run.latencies.sort((a, b) => a - b);
  const answered = Math.max(1, run.latencies.length);
  return {
    kind,
    distinct: new Set(paths).size,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    requestsPerSecond: run.ok / run.duration,
    non2xx: run.non2xx,
    failures: run.failures,
    errors: run.errors,
    medianHits: sample?.medianHits ?? null,
    emptySamples: sample?.emptySamples ?? null,
    samples: sample?.samples ?? 0,
    averageBytes: sample?.averageBytes ?? null,
    serverCpuMs: cpu.serverMs === null ? null : cpu.serverMs / answered,
    postgresCpuMs: cpu.postgresMs / answered,
  };
}

function interleave(mixes: readonly QueryMix[], each: number): string[] {
  const paths: string[] = [];
  for (let index = 0; index < each; index += 1) {
    for (const mix of mixes) {
      const item = mix.paths[mix.paths.length - 1 - (index % mix.paths.length)];
      if (item) paths.push(item);
    }
  }
  return paths;
}

async function runSize(trades: number, url: string): Promise<SizeRun> {
  const database = databaseNameOf(url);
  console.log(`\n=== ${formatCount(trades)} businesses (${database}) ===`);
  const prepared = await prepareBenchDatabase(url, trades);
  const mixes = (await buildQueryMixes(url, QUERY_SEED)).filter((mix) => !KINDS || KINDS.includes(mix.kind));
  const code = await productFingerprint();
  const server = await startBenchServer(url);
  const meterClient = new pg.Client({ connectionString: url });
  await meterClient.connect();
  const meter = new CpuMeter(meterClient, server.pid);
  try {
    const fixedBytes = Buffer.byteLength(await (await fetch(`${server.baseUrl}${FIXED_PAGE_PATH}`)).text());
    if (WARMUP_SECONDS > 0) {
      console.log(`warming up for ${WARMUP_SECONDS} s on a mix of every kind (not reported)…`);
      await drive(server.baseUrl, interleave(mixes, 200), WARMUP_SECONDS);
    }
    const loadBefore = loadAverage();
    const kinds: Measurement[] = [];
    for (const mix of mixes) {
      await settle(kinds.at(-1)?.max);
      const sample = await sampleMix(server.baseUrl, mix);
      process.stdout.write(`${mix.kind.padEnd(17)} ${String(mix.paths.length).padStart(5)} distinct queries (${mix.description})… `);
      const result = await measure(server.baseUrl, meter, mix.kind, mix.paths, sample);
      console.log(`p95 ${result.p95.toFixed(1)} ms, ${result.requestsPerSecond.toFixed(0)} req/s`);
      kinds.push(result);
    }
    process.stdout.write(`${'fixed JSON'.padEnd(17)} ${FIXED_PAGE_PATH} (${fixedBytes} bytes)… `);
    await settle(kinds.at(-1)?.max);
    const fixed = await measure(server.baseUrl, meter, 'fixed JSON', [FIXED_PAGE_PATH], null);
    console.log(`p95 ${fixed.p95.toFixed(1)} ms, ${fixed.requestsPerSecond.toFixed(0)} req/s`);
    await settle(fixed.max);
    process.stdout.write(`${'one query'.padEnd(17)} /readyz (select 1 through the app's pool)… `);
    const oneQuery = await measure(server.baseUrl, meter, 'one query (/readyz)', ['/readyz'], null);
    console.log(`p95 ${oneQuery.p95.toFixed(1)} ms, ${oneQuery.requestsPerSecond.toFixed(0)} req/s`);
    const codeAfter = await productFingerprint();
    if (codeAfter !== code) console.warn(`WARNING: the product code changed during this run (${code} → ${codeAfter})`);
    return { trades, database, prepared, kinds, fixed, oneQuery, fixedBytes, code, loadBefore, loadAfter: loadAverage() };
  } finally {
    await meterClient.end();
    await server.stop();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

function markdownTable(run: SizeRun): string {
  const header =
    '| kind | distinct queries | p50 ms | p95 ms | p99 ms | max ms | req/s | non-2xx | errors | × fixed req/s | app CPU ms/req | PG CPU ms/req | median hits (empty/sampled) | bytes |';
  const rule = '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const row = (result: Measurement) =>
    `| ${result.kind} | ${result.distinct} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${ms(result.max)} | ` +
    `${result.requestsPerSecond.toFixed(0)} | ${result.non2xx} | ${result.errors} | ` +
    `${(result.requestsPerSecond / run.fixed.requestsPerSecond).toFixed(2)} | ` +
    `${cpu(result.serverCpuMs)} | ${cpu(result.postgresCpuMs)} | ` +
    `${result.medianHits === null ? '–' : `${formatCount(result.medianHits)} (${result.emptySamples}/${result.samples})`} | ` +
    `${result.averageBytes ?? (result === run.fixed ? run.fixedBytes : '–')} |`;
  return [header, rule, ...run.kinds.map(row), row(run.fixed), row(run.oneQuery)].join('\n');
}

function targetLines(runs: readonly SizeRun[]): string[] {
  const big = runs.find((run) => run.trades === Math.max(...runs.map((item) => item.trades)));
  const small = runs.find((run) => run.trades === Math.min(...runs.map((item) => item.trades)));
  if (!big) return [];
  const lines: string[] = [`Targets at ${formatCount(big.trades)} businesses:`];
  for (const result of big.kinds) {
    const ratio = result.requestsPerSecond / big.fixed.requestsPerSecond;
    const growth = small && small !== big ? result.p95 / (small.kinds.find((item) => item.kind === result.kind)?.p95 ?? NaN) : NaN;
    const verdicts = [
      `p95 ${ms(result.p95)} ms ${result.p95 <= TARGETS.p95Ms ? 'MET' : 'NOT MET'} (≤ ${TARGETS.p95Ms})`,
      `throughput ${ratio.toFixed(2)} × fixed ${ratio >= TARGETS.throughputRatio ? 'MET' : 'NOT MET'} (≥ ${TARGETS.throughputRatio})`,
      Number.isFinite(growth)
        ? `p95 ${formatCount(big.trades)}/${formatCount(small?.trades ?? 0)} ${growth.toFixed(2)} ${growth <= TARGETS.growth ? 'MET' : 'NOT MET'} (≤ ${TARGETS.growth})`
        : '',
      result.non2xx + result.errors > 0
        ? `${result.non2xx + result.errors} failed requests (${[
            ...Object.entries(result.failures).map(([code, count]) => `${count} × HTTP ${code}`),
            ...(result.errors > 0 ? [`${result.errors} timeouts or connection errors`] : []),
          ].join(', ')})`
        : '',
    ].filter(Boolean);
    lines.push(`  ${result.kind.padEnd(17)} ${verdicts.join('; ')}`);
  }
  return lines;
}

function growthTable(runs: readonly SizeRun[]): string | null {
  if (runs.length < 2) return null;
  const [small, big] = [...runs].sort((a, b) => a.trades - b.trades) as [SizeRun, SizeRun];
  const lines = [
    `| kind | p95 ${formatCount(small.trades)} ms | p95 ${formatCount(big.trades)} ms | ratio |`,
    '|---|--:|--:|--:|',
  ];
  for (const result of big.kinds) {
    const before = small.kinds.find((item) => item.kind === result.kind);
    if (!before) continue;
    lines.push(`| ${result.kind} | ${ms(before.p95)} | ${ms(result.p95)} | ${(result.p95 / before.p95).toFixed(2)} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const sizes = env.BENCH_TRADES ? [parseTradeCount(env.BENCH_TRADES, DEFAULT_TRADES)] : [COMPARISON_TRADES, DEFAULT_TRADES];
  if (env.BENCH_DATABASE_URL && sizes.length > 1) {
    throw new Error('BENCH_DATABASE_URL names one database: set BENCH_TRADES too (or leave both unset)');
  }
  const server = await benchPostgresUrl(env);
  const urls = sizes.map((trades) => benchDatabaseUrl(trades, { ...env, BENCH_POSTGRES_URL: server }));
  const about = await machine(urls[0] as string);
  console.log(
    `search benchmark ${about.date}: ${about.nproc} cores (${about.cpu}), ${about.memoryGiB} GiB, PostgreSQL ${about.postgres}, ` +
      `Node ${about.node}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per kind; load average ${loadAverage()}`,
  );
  console.log('Timings are noisy when other work shares the machine: compare the load averages printed with each table.');

  const runs: SizeRun[] = [];
  for (const [index, trades] of sizes.entries()) runs.push(await runSize(trades, urls[index] as string));

  console.log('');
  for (const run of runs) {
    console.log(
      `## ${formatCount(run.trades)} businesses — ${run.database}, product code ${run.code}, load average ${run.loadBefore} → ${run.loadAfter}\n`,
    );
    console.log(markdownTable(run));
    console.log(`\nfixed JSON answer: ${run.fixedBytes} bytes (a real 9-card page taken at start)\n`);
  }
  const growth = growthTable(runs);
  if (growth) console.log(`## p95 growth\n\n${growth}\n`);
  for (const line of targetLines(runs)) console.log(line);

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `search-${about.date.replaceAll(':', '-').slice(0, 19)}.json`);
  await fs.writeFile(file, `${JSON.stringify({ about, runs }, null, 2)}\n`);
  console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
