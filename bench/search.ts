import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/test/server-process';
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
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
const DURATION_SECONDS = Number(env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 5);
const REQUEST_TIMEOUT_SECONDS = 10;
const READY_TIMEOUT_MS = 60_000;
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

/**
 * A short hash of the product code the bench server runs (server and shared sources, migrations; not tests), printed with
 * each table: the code may change while the benchmark runs, and results of different code must not be mixed.
 */
async function productFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['apps/server/src', 'apps/server/drizzle', 'packages/shared/src']) {
    const files = (await fs.readdir(path.join(REPO_ROOT, dir), { recursive: true })).map(String).sort();
    for (const file of files) {
      const full = path.join(REPO_ROOT, dir, file);
      if (/\.test\.tsx?$/.test(file) || !(await fs.stat(full)).isFile()) continue;
      hash.update(`${dir}/${file}\0`).update(await fs.readFile(full));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] as number;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

interface BenchServer {
  baseUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** User + system CPU of a process so far, in clock ticks (/proc/<pid>/stat fields 14 and 15), or null. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

let clockTicksPerSecond = 100;
try {
  clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  // Linux's usual value stands in.
}

/**
 * CPU spent by the app process and by the PostgreSQL backends serving the bench database while a kind runs:
 * unlike latency, it hardly depends on what else the machine is doing. Backends are found in
 * pg_stat_activity and polled, since the pool may open and close connections during a run.
 */
class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private serverStart: number | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: pg.Client,
    private readonly serverPid: number | undefined,
  ) {}

  private async poll(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and backend_type in ('client backend', 'parallel worker')`,
    );
    for (const { pid } of rows) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, ticks);
      this.last.set(pid, ticks);
    }
  }

  async start(): Promise<void> {
    this.first.clear();
    this.last.clear();
    this.serverStart = this.serverPid === undefined ? null : cpuTicks(this.serverPid);
    await this.poll();
    this.timer = setInterval(() => void this.poll().catch(() => undefined), 500);
  }

  async stop(): Promise<{ serverMs: number | null; postgresMs: number }> {
    clearInterval(this.timer);
    await this.poll();
    const serverEnd = this.serverPid === undefined ? null : cpuTicks(this.serverPid);
    let postgresTicks = 0;
    for (const [pid, ticks] of this.last) postgresTicks += ticks - (this.first.get(pid) ?? ticks);
    const toMs = (ticks: number) => (ticks * 1000) / clockTicksPerSecond;
    return {
      serverMs: serverEnd === null || this.serverStart === null ? null : toMs(serverEnd - this.serverStart),
      postgresMs: toMs(postgresTicks),
    };
  }
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`bench server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`bench server not ready after ${READY_TIMEOUT_MS} ms`);
}

/** The app in its own process, as production runs it, against the bench database. */
async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    pid: server.pid,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
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

/** autocannon at CONNECTIONS connections; each request takes the next path of the list. */
function drive(baseUrl: string, paths: readonly string[], seconds: number) {
  return new Promise<{
    latencies: number[];
    ok: number;
    non2xx: number;
    failures: Record<string, number>;
    errors: number;
    duration: number;
  }>(
    (resolve, reject) => {
      let next = 0;
      const latencies: number[] = [];
      const failures: Record<string, number> = {};
      let ok = 0;
      let non2xx = 0;
      const instance = autocannon(
        {
          url: baseUrl,
          connections: CONNECTIONS,
          duration: seconds,
          timeout: REQUEST_TIMEOUT_SECONDS,
          requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }],
        },
        (error, result) => {
          if (error) reject(error);
          else resolve({ latencies, ok, non2xx, failures, errors: result.errors + result.timeouts, duration: result.duration });
        },
      );
      instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
        if (statusCode >= 200 && statusCode < 300) ok += 1;
        else {
          non2xx += 1;
          failures[statusCode] = (failures[statusCode] ?? 0) + 1;
        }
      });
    },
  );
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

/**
 * autocannon stops by closing its sockets, but requests it gave up on may still be running in the server and
 * the database: wait about as long as the slowest one took, so they do not weigh on the next kind.
 */
function settle(previous: Measurement | undefined): Promise<void> {
  const waitMs = Math.min(REQUEST_TIMEOUT_SECONDS * 1000, Math.max(1000, previous?.max ?? 0));
  return new Promise((resolve) => setTimeout(resolve, waitMs));
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
      await settle(kinds.at(-1));
      const sample = await sampleMix(server.baseUrl, mix);
      process.stdout.write(`${mix.kind.padEnd(17)} ${String(mix.paths.length).padStart(5)} distinct queries (${mix.description})… `);
      const result = await measure(server.baseUrl, meter, mix.kind, mix.paths, sample);
      console.log(`p95 ${result.p95.toFixed(1)} ms, ${result.requestsPerSecond.toFixed(0)} req/s`);
      kinds.push(result);
    }
    process.stdout.write(`${'fixed JSON'.padEnd(17)} ${FIXED_PAGE_PATH} (${fixedBytes} bytes)… `);
    await settle(kinds.at(-1));
    const fixed = await measure(server.baseUrl, meter, 'fixed JSON', [FIXED_PAGE_PATH], null);
    console.log(`p95 ${fixed.p95.toFixed(1)} ms, ${fixed.requestsPerSecond.toFixed(0)} req/s`);
    await settle(fixed);
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

function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  return client
    .connect()
    .then(() => client.query<{ server_version: string }>('show server_version'))
    .then((result) => result.rows[0]?.server_version ?? '?')
    .finally(() => client.end());
}

function machine(url: string) {
  const cpu = os.cpus()[0]?.model ?? '?';
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync('nproc').toString().trim();
  } catch {
    // os.availableParallelism() stands in.
  }
  return postgresVersion(url).then((postgres) => ({
    date: new Date().toISOString(),
    nproc,
    cpu,
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    postgres,
    node: process.version,
    durationSeconds: DURATION_SECONDS,
    connections: CONNECTIONS,
  }));
}

async function main(): Promise<void> {
  const sizes = env.BENCH_TRADES ? [parseTradeCount(env.BENCH_TRADES, DEFAULT_TRADES)] : [COMPARISON_TRADES, DEFAULT_TRADES];
  if (env.BENCH_DATABASE_URL && sizes.length > 1) {
    throw new Error('BENCH_DATABASE_URL names one database: set BENCH_TRADES too (or leave both unset)');
  }
  const urls = sizes.map((trades) => benchDatabaseUrl(trades, env));
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
