import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type LoadFixture,
  type LoadKind,
  loginSource,
  logInOwners,
  pathSource,
  prepareLoadDatabase,
  ProfileWrites,
  type RequestSource,
  type WriteCheck,
} from '../apps/server/test/load-mix';
import { exitOnSignals, type PrivatePostgres, startPrivatePostgres } from '../apps/server/test/private-postgres';
import { parseExposition, sampleValue } from '../apps/server/test/prometheus-text';
import {
  launchServer,
  prepareServerSetup,
  residentMemoryMiB,
  type RunningServer,
} from '../apps/server/test/production-server';
import { loadAverage, percentile, productFingerprint, REPO_ROOT, requireWebBuild, RESULTS_DIR } from './load';
import { buildQueryMixes } from './search-queries';

/**
 * Soak: the real server (src/server.ts, NODE_ENV=production) on a PostgreSQL of its own, seeded with the demo
 * data (about 600 listed businesses and their verified owners), driven by BENCH_SOAK_CONNECTIONS connections for
 * BENCH_SOAK_SECONDS on a mix of search, business page (HTML and API), login and profile update, after a
 * warm-up. Reports each kind's answers and latencies, the server's resident memory sampled every second,
 * and reads back every acknowledged profile update. Never part of `npm test`.
 *
 *   npm run bench:soak
 *   BENCH_SOAK_SECONDS=60 BENCH_SOAK_CONNECTIONS=200 BENCH_SOAK_WARMUP_SECONDS=15 BENCH_SOAK_LOGINS_PER_SECOND=10
 *
 * One autocannon instance per kind, each with its share of the connections: a kind's latencies are its own, and
 * a profile update's answer is matched to the write it acknowledges. The logins are paced (argon2 is meant to be
 * slow: unpaced, they would take both cores), each from an address of its own as the proxy in front of
 * production forwards it; the product's limits are unchanged.
 */
const env = process.env;
const SECONDS = Number(env.BENCH_SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(env.BENCH_SOAK_CONNECTIONS ?? 200);
const WARMUP_SECONDS = Number(env.BENCH_SOAK_WARMUP_SECONDS ?? 15);
const LOGINS_PER_SECOND = Number(env.BENCH_SOAK_LOGINS_PER_SECOND ?? 10);
const REQUEST_TIMEOUT_SECONDS = 10;
const QUERY_SEED = 20250420;
/** Shares of the connections. */
const SHARES: Record<LoadKind, number> = {
  search: 0.45,
  'business page': 0.15,
  'business (API)': 0.15,
  login: 0.05,
  'profile update': 0.2,
};
/** Owners writing their profile, per connection: a free one is always there, even with a few writes unanswered. */
const WRITERS_PER_CONNECTION = 3;
/**
 * "Flat": the floor the garbage collector brings the server's JavaScript heap back to (the lowest sample of the
 * last quarter of the run) is at most this much above the floor of the first quarter. The heap is a sawtooth of
 * tens of MiB between collections, so a straight line through all samples says little; and what the code keeps
 * by mistake stays in the heap after every collection, which raises its floor. Resident memory (RSS) is reported
 * too, but not judged: its floor also moves with when the collector runs and what the allocator hands back.
 */
const FLAT_FLOOR_GROWTH = 0.1;
const FLOOR_PARTS = 4;

interface KindResult {
  kind: LoadKind;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface MemorySample {
  second: number;
  mib: number;
}

function connectionsOf(kind: LoadKind): number {
  return Math.max(1, Math.round(CONNECTIONS * SHARES[kind]));
}

/** One autocannon instance sending the source's requests; each answer is handed back to its request's plan. */
function driveKind(baseUrl: string, kind: LoadKind, source: RequestSource, seconds: number): Promise<KindResult> {
  const connections = connectionsOf(kind);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...(kind === 'login' ? { overallRate: LOGINS_PER_SECOND } : {}),
        requests: [
          {
            // autocannon keeps a context per connection until the answer: it carries the plan of the request.
            setupRequest: (request, context: { planned?: ReturnType<RequestSource['next']> }) => {
              const planned = source.next();
              context.planned = planned;
              return { ...request, method: planned.method, path: planned.path, headers: planned.headers, body: planned.body };
            },
            onResponse: (status, body, context: { planned?: ReturnType<RequestSource['next']> }) => {
              context.planned?.settle({ status, body });
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        resolve({
          kind,
          connections,
          requests: latencies.length,
          requestsPerSecond: latencies.length / result.duration,
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          max: sorted.at(-1) ?? Number.NaN,
        });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

function sourcesFor(fixture: LoadFixture, searchPaths: string[], origin: string, writes: ProfileWrites): Record<LoadKind, RequestSource> {
  return {
    search: pathSource('search', searchPaths),
    'business page': pathSource('business page', fixture.businessPages),
    'business (API)': pathSource('business (API)', fixture.businessApi, 7),
    login: loginSource(origin, fixture.owners),
    'profile update': writes.source(),
  };
}

async function driveMix(baseUrl: string, sources: Record<LoadKind, RequestSource>, seconds: number): Promise<KindResult[]> {
  const kinds = Object.keys(SHARES) as LoadKind[];
  return Promise.all(kinds.map((kind) => driveKind(baseUrl, kind, sources[kind], seconds)));
}

/** Least-squares slope of the samples, in MiB per minute. */
function slopePerMinute(samples: readonly MemorySample[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const meanX = samples.reduce((sum, sample) => sum + sample.second, 0) / n;
  const meanY = samples.reduce((sum, sample) => sum + sample.mib, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.second - meanX) * (sample.mib - meanY);
    variance += (sample.second - meanX) ** 2;
  }
  return (covariance / variance) * 60;
}

/** The lowest sample of each of `parts` equal stretches of time. */
function floors(samples: readonly MemorySample[], parts: number): number[] {
  const first = samples[0]?.second ?? 0;
  const span = (samples.at(-1)?.second ?? first) - first;
  const lowest = Array<number>(parts).fill(Number.POSITIVE_INFINITY);
  for (const sample of samples) {
    const part = Math.min(parts - 1, Math.floor(((sample.second - first) / (span || 1)) * parts));
    lowest[part] = Math.min(lowest[part] as number, sample.mib);
  }
  return lowest;
}

const MIB = 1024 * 1024;

/** The server's JavaScript heap in use, from its own `/metrics` (answered to loopback); null when unanswered. */
async function heapUsedMiB(baseUrl: string): Promise<number | null> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(900) });
    const bytes = sampleValue(parseExposition(await response.text()), 'nodejs_heap_size_used_bytes');
    return bytes === undefined ? null : bytes / MIB;
  } catch {
    return null;
  }
}

/** The server's resident memory and JavaScript heap, once a second. */
function sampleMemory(server: RunningServer, startedAt: number) {
  const rss: MemorySample[] = [];
  const heap: MemorySample[] = [];
  const timer = setInterval(() => {
    const second = (performance.now() - startedAt) / 1000;
    const mib = residentMemoryMiB(server.pid);
    if (mib !== null) rss.push({ second, mib });
    void heapUsedMiB(server.baseUrl).then((used) => used !== null && heap.push({ second, mib: used }));
  }, 1000);
  return { rss, heap, stop: () => clearInterval(timer) };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
const counts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([key, count]) => `${key}×${count}`)
    .join(' ') || '–';

function kindTable(results: readonly KindResult[]): string {
  const lines = [
    '| kind | connections | requests | req/s | answers by status | errors (of which timeouts) | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|--:|--:|--:|---|--:|--:|--:|--:|--:|',
  ];
  for (const result of results) {
    lines.push(
      `| ${result.kind} | ${result.connections} | ${result.requests} | ${result.requestsPerSecond.toFixed(0)} | ${counts(result.statuses)} | ` +
        `${result.errors} (${result.timeouts}) | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${ms(result.max)} |`,
    );
  }
  return lines.join('\n');
}

/** Every answer but 2xx and the logins refused by their limit (429, the product working) counts as an error. */
function unexpected(result: KindResult): number {
  const wrong = Object.entries(result.statuses)
    .filter(([status]) => !status.startsWith('2') && !(status === '429' && result.kind === 'login'))
    .reduce((sum, [, count]) => sum + count, 0);
  return wrong + result.errors;
}

interface MemoryFigures {
  start: number;
  end: number;
  max: number;
  slopeMiBPerMinute: number;
  floors: number[];
  /** Of the last quarter's floor over the first's, minus 1. */
  floorGrowth: number;
  beforeWarmUp: number;
}

function memoryFigures(samples: readonly MemorySample[], measuredFrom: number): MemoryFigures {
  const measured = samples.filter((sample) => sample.second >= measuredFrom);
  const lowest = floors(measured, FLOOR_PARTS);
  return {
    start: measured[0]?.mib ?? Number.NaN,
    end: measured.at(-1)?.mib ?? Number.NaN,
    max: Math.max(...measured.map((sample) => sample.mib)),
    slopeMiBPerMinute: slopePerMinute(measured),
    floors: lowest,
    floorGrowth: (lowest.at(-1) as number) / (lowest[0] as number) - 1,
    beforeWarmUp: samples[0]?.mib ?? Number.NaN,
  };
}

interface SoakRun {
  code: string;
  loadBefore: string;
  loadAfter: string;
  results: KindResult[];
  rss: MemoryFigures;
  heap: MemoryFigures;
  memory: { rss: MemorySample[]; heap: MemorySample[] };
  check: WriteCheck;
  fillerReads: number;
}

const isFlat = (memory: MemoryFigures) => memory.floorGrowth <= FLAT_FLOOR_GROWTH;
const errorsOf = (run: SoakRun) => run.results.reduce((sum, result) => sum + unexpected(result), 0);

function reportLines(run: SoakRun): string[] {
  const { results, rss, heap, check } = run;
  const errors = errorsOf(run);
  const total = (value: (result: KindResult) => number) => results.reduce((sum, result) => sum + value(result), 0);
  return [
    `## Soak: ${CONNECTIONS} connections, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up), product code ${run.code}, ` +
      `load average ${run.loadBefore} → ${run.loadAfter}`,
    '',
    kindTable(results),
    '',
    `total: ${total((result) => result.requests)} requests, ${total((result) => result.requestsPerSecond).toFixed(0)} req/s; ` +
      `profile updates: ${check.attempts} sent, ${check.acknowledged} acknowledged, ${check.unanswered} unanswered, ` +
      `${run.fillerReads} profile reads while every writer was busy`,
    `server RSS after warm-up (MiB): start ${rss.start.toFixed(1)}, end ${rss.end.toFixed(1)}, max ${rss.max.toFixed(1)}, ` +
      `slope of all samples ${rss.slopeMiBPerMinute.toFixed(1)} MiB/min (${rss.beforeWarmUp.toFixed(1)} MiB before the warm-up)`,
    `RSS floor, the lowest sample of each quarter of the run (MiB): ${rss.floors.map((floor) => floor.toFixed(1)).join(' → ')}`,
    `server heap in use after warm-up (MiB): start ${heap.start.toFixed(1)}, end ${heap.end.toFixed(1)}, max ${heap.max.toFixed(1)}, ` +
      `slope of all samples ${heap.slopeMiBPerMinute.toFixed(1)} MiB/min (${heap.beforeWarmUp.toFixed(1)} MiB before the warm-up)`,
    `heap floor, the lowest sample of each quarter of the run (MiB): ${heap.floors.map((floor) => floor.toFixed(1)).join(' → ')}`,
    '',
    `zero errors: ${errors === 0 ? 'MET' : `NOT MET (${errors} unexpected answers, errors or timeouts)`}`,
    `memory flat (heap floor of the last quarter at most ${FLAT_FLOOR_GROWTH * 100} % above the first's: ` +
      `${(heap.floorGrowth * 100).toFixed(1)} %; RSS floor ${(rss.floorGrowth * 100).toFixed(1)} %): ${isFlat(heap) ? 'MET' : 'NOT MET'}`,
    `every acknowledged update read back: ${check.lost.length === 0 ? 'MET' : `NOT MET: ${check.lost.slice(0, 5).join('; ')}`}`,
  ];
}

/** The warm-up, then the measured run, with the server's memory sampled throughout; then the writes read back. */
async function soak(server: RunningServer, fixture: LoadFixture, searchPaths: string[], code: string): Promise<SoakRun> {
  const writerCount = connectionsOf('profile update') * WRITERS_PER_CONNECTION;
  const writes = new ProfileWrites(await logInOwners(server.baseUrl, fixture.owners.slice(0, writerCount)), server.baseUrl, 'Soak');
  const sources = sourcesFor(fixture, searchPaths, server.baseUrl, writes);
  const startedAt = performance.now();
  const memory = sampleMemory(server, startedAt);
  if (WARMUP_SECONDS > 0) {
    console.log(`warming up for ${WARMUP_SECONDS} s (not reported)…`);
    await driveMix(server.baseUrl, sources, WARMUP_SECONDS);
  }
  const measuredFrom = (performance.now() - startedAt) / 1000;
  const loadBefore = loadAverage();
  console.log(`measuring for ${SECONDS} s…`);
  const results = await driveMix(server.baseUrl, sources, SECONDS);
  const loadAfter = loadAverage();
  memory.stop();
  // Requests autocannon gave up on may still be running: let them end before reading the writes back.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const check = await writes.check(fixture.databaseUrl);
  return {
    code,
    loadBefore,
    loadAfter,
    results,
    rss: memoryFigures(memory.rss, measuredFrom),
    heap: memoryFigures(memory.heap, measuredFrom),
    memory: { rss: memory.rss, heap: memory.heap },
    check,
    fillerReads: writes.fillerReads,
  };
}

async function main(): Promise<void> {
  exitOnSignals();
  requireWebBuild();
  const code = await productFingerprint();
  console.log(
    `soak ${new Date().toISOString()}: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}; ` +
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured; product code ${code}; load average ${loadAverage()}`,
  );
  let cluster: PrivatePostgres | undefined;
  let server: RunningServer | undefined;
  let setup: Awaited<ReturnType<typeof prepareServerSetup>> | undefined;
  try {
    cluster = await startPrivatePostgres();
    const fixture = await prepareLoadDatabase(await cluster.createDatabase('churchtrades_soak'));
    const mixes = await buildQueryMixes(fixture.databaseUrl, QUERY_SEED);
    const searchPaths = mixes.flatMap((mix) => mix.paths);
    console.log(
      `database: ${fixture.businessApi.length} listed businesses, ${fixture.owners.length} owners; ` +
        `${searchPaths.length} distinct searches (${mixes.map((mix) => mix.kind).join(', ')})`,
    );
    setup = await prepareServerSetup(fixture.databaseUrl);
    server = await launchServer(setup);
    const run = await soak(server, fixture, searchPaths, code);
    const codeAfter = await productFingerprint();
    const warning = codeAfter === code ? [] : [`WARNING: the product code changed during this run (${code} → ${codeAfter})`];
    console.log(`\n${[...reportLines(run), ...warning].join('\n')}`);

    await fs.mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `soak-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
    const settings = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, loginsPerSecond: LOGINS_PER_SECOND };
    await fs.writeFile(file, `${JSON.stringify({ settings, ...run }, null, 2)}\n`);
    console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
    if (errorsOf(run) > 0 || !isFlat(run.heap) || run.check.lost.length > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    setup?.remove();
    await cluster?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
