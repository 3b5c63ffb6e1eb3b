import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServerProcess } from '../apps/server/test/server-process';
import { addressDatabaseUrl, parseAddressCount, prepareAddressDatabase } from './address-generate';
import { buildAddressInputs, type InputKind } from './address-inputs';
import { databaseNameOf, formatCount } from './bench-env';

/**
 * Address-lookup benchmark: makes (or reuses) a database of BENCH_ADDRESSES synthetic addresses (5,000,000),
 * starts the server on it in its own process (src/server.ts, production mode) and drives
 * GET /api/address/lookup?q= with autocannon, one kind of typed input at a time, each request the next of
 * thousands of distinct inputs, then all kinds mixed. Prints p50/p95/p99 and req/s per kind with the load
 * average, and how often the address being typed is among the suggestions. Never part of `npm test`.
 *
 *   npm run bench:address
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:address   another server
 *   BENCH_SECONDS=15 (per kind), BENCH_CONNECTIONS=10, BENCH_WARMUP_SECONDS=5, BENCH_INPUTS=3000
 *   BENCH_KINDS="street first,whole address" only those kinds (and their mix)
 */
const env = process.env;
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
const DURATION_SECONDS = Number(env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 5);
const INPUTS = Number(env.BENCH_INPUTS ?? 3000);
/** Inputs of each kind asked one at a time first, to see what they find. */
const SAMPLES_PER_KIND = 200;
const INPUT_SEED = 20250420;
const REQUEST_TIMEOUT_SECONDS = 10;
const TARGET_P95_MS = 30;
const KINDS = env.BENCH_KINDS?.split(',').map((kind) => kind.trim());

interface Measurement {
  kind: string;
  distinct: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** Of the inputs asked one at a time: median suggestions, and how often the address being typed was one. */
  medianSuggestions: number | null;
  foundShare: number | null;
  loadBefore: string;
  loadAfter: string;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

const lookupPath = (text: string) => `/api/address/lookup?q=${encodeURIComponent(text)}`;

/** What a few inputs of a kind find when asked one at a time. */
async function sampleKind(baseUrl: string, kind: InputKind) {
  const counts: number[] = [];
  let found = 0;
  const inputs = kind.inputs.slice(0, SAMPLES_PER_KIND);
  for (const input of inputs) {
    const response = await fetch(`${baseUrl}${lookupPath(input.text)}`, { signal: AbortSignal.timeout(30_000) });
    const body = (await response.json()) as { data?: { addresses?: { id: string }[] } };
    const addresses = body.data?.addresses ?? [];
    counts.push(addresses.length);
    if (addresses.some((address) => address.id === input.addressId)) found += 1;
  }
  counts.sort((a, b) => a - b);
  return { medianSuggestions: percentile(counts, 0.5), foundShare: inputs.length > 0 ? found / inputs.length : null };
}

/** autocannon at CONNECTIONS connections; each request takes the next path of the list. */
function drive(baseUrl: string, paths: readonly string[], seconds: number) {
  return new Promise<{ latencies: number[]; ok: number; non2xx: number; errors: number; duration: number }>((resolve, reject) => {
    let next = 0;
    const latencies: number[] = [];
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
        else resolve({ latencies, ok, non2xx, errors: result.errors + result.timeouts, duration: result.duration });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode >= 200 && statusCode < 300) ok += 1;
      else non2xx += 1;
    });
  });
}

async function measure(baseUrl: string, kind: InputKind): Promise<Measurement> {
  const sample = kind.inputs.length > 0 ? await sampleKind(baseUrl, kind) : { medianSuggestions: null, foundShare: null };
  const paths = kind.inputs.map((input) => lookupPath(input.text));
  const loadBefore = loadAverage();
  const run = await drive(baseUrl, paths, DURATION_SECONDS);
  const sorted = run.latencies.sort((a, b) => a - b);
  // Requests autocannon gave up on may still be running: let them finish before the next kind.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    kind: kind.kind,
    distinct: new Set(paths).size,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    requestsPerSecond: run.ok / run.duration,
    non2xx: run.non2xx,
    errors: run.errors,
    ...sample,
    loadBefore,
    loadAfter: loadAverage(),
  };
}

/** Every kind's inputs taken in turn: people at every stage of typing at once. */
function mixed(kinds: readonly InputKind[]): InputKind {
  const longest = Math.max(...kinds.map((kind) => kind.inputs.length));
  const inputs = Array.from({ length: longest }, (_, index) => kinds.flatMap((kind) => kind.inputs[index] ?? [])).flat();
  return { kind: 'all kinds mixed', description: 'every kind above, taken in turn', inputs };
}

async function serverFacts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost')`,
    );
    const sizes = await client.query<{ name: string; size: string }>(
      `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
       where c.relname in ('address_index', 'address_index_pkey', 'address_index_lookup_idx', 'address_index_street_idx',
                           'address_index_words_idx')
       order by c.relname`,
    );
    return {
      settings: settings.rows.map((row) => `${row.name}=${row.setting}${row.unit ? ` ${row.unit}` : ''}`).join(', '),
      sizes: sizes.rows.map((row) => `${row.name} ${row.size}`).join(', '),
    };
  } finally {
    await client.end();
  }
}

function machine() {
  let cores = String(os.availableParallelism());
  try {
    cores = execFileSync('nproc').toString().trim();
  } catch {
    // os.availableParallelism() stands in.
  }
  return { cores, cpu: os.cpus()[0]?.model ?? '?', memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1), node: process.version };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

function markdownTable(results: readonly Measurement[]): string {
  const header =
    '| kind | distinct inputs | p50 ms | p95 ms | p99 ms | max ms | req/s | non-2xx | errors | median suggestions | address typed among them | load before → after |';
  const rule = '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|';
  const rows = results.map(
    (result) =>
      `| ${result.kind} | ${formatCount(result.distinct)} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ` +
      `${ms(result.max)} | ${result.requestsPerSecond.toFixed(0)} | ${result.non2xx} | ${result.errors} | ` +
      `${result.medianSuggestions ?? '–'} | ${result.foundShare === null ? '–' : `${(result.foundShare * 100).toFixed(0)} %`} | ` +
      `${result.loadBefore} → ${result.loadAfter} |`,
  );
  return [header, rule, ...rows].join('\n');
}

async function main(): Promise<void> {
  const addresses = parseAddressCount(env.BENCH_ADDRESSES);
  const url = addressDatabaseUrl(addresses, env);
  const startedAt = new Date().toISOString();
  await prepareAddressDatabase(url, addresses);
  const kinds = (await buildAddressInputs(url, INPUTS, INPUT_SEED)).filter((kind) => !KINDS || KINDS.includes(kind.kind));
  const facts = await serverFacts(url);
  const about = machine();
  console.log(
    `address-lookup benchmark ${startedAt}: ${about.cores} cores (${about.cpu}), ${about.memoryGiB} GiB, Node ${about.node}; ` +
      `${databaseNameOf(url)} on ${new URL(url).host}: ${facts.settings}`,
  );
  console.log(`sizes: ${facts.sizes}`);
  console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s per kind; load average ${loadAverage()}`);
  const server = await startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  const results: Measurement[] = [];
  try {
    if (WARMUP_SECONDS > 0) {
      console.log(`warming up for ${WARMUP_SECONDS} s on every kind mixed (not reported)…`);
      await drive(server.baseUrl, mixed(kinds).inputs.slice(-2000).map((input) => lookupPath(input.text)), WARMUP_SECONDS);
    }
    for (const kind of [...kinds, mixed(kinds)]) {
      process.stdout.write(`${kind.kind.padEnd(20)} (${kind.description})… `);
      const result = await measure(server.baseUrl, kind);
      console.log(`p95 ${ms(result.p95)} ms, ${result.requestsPerSecond.toFixed(0)} req/s, load ${result.loadAfter}`);
      results.push(result);
    }
  } finally {
    await server.stop();
  }
  console.log(`\n## ${formatCount(addresses)} addresses — ${databaseNameOf(url)} on ${new URL(url).host}\n`);
  console.log(markdownTable(results));
  const missed = results.filter((result) => !(result.p95 <= TARGET_P95_MS));
  console.log(
    missed.length === 0
      ? `\nTarget p95 ≤ ${TARGET_P95_MS} ms: MET for every kind.`
      : `\nTarget p95 ≤ ${TARGET_P95_MS} ms: NOT MET for ${missed.map((result) => `${result.kind} (${ms(result.p95)} ms)`).join(', ')}.`,
  );
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `address-${startedAt.replaceAll(':', '-').slice(0, 19)}.json`);
  await fs.writeFile(file, `${JSON.stringify({ startedAt, url: databaseNameOf(url), about, facts, results }, null, 2)}\n`);
  console.log(`raw results: ${path.relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
