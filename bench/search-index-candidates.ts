import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createRandom } from '../apps/server/src/db/seed/random';
import { benchDatabaseUrl, COMPARISON_TRADES, databaseNameOf, formatCount, parseTradeCount } from './bench-env';
import { prepareBenchDatabase, type PreparedDatabase } from './generate';
import { queryFromPath, isExactKind, type IndexQuery } from './search-index/query';
import {
  CANDIDATES,
  type BuildResult,
  type CandidateName,
  type KindResult,
  type WorkerInput,
  type WorkerMessage,
} from './search-index/protocol';
import { buildQueryMixes } from './search-queries';
import { benchPostgresUrl } from './tuned-postgres';

/**
 * What an in-process search index would cost at N businesses, for the search's redesign: each candidate (MiniSearch,
 * FlexSearch, a hand-made typed-array index) is built from the listed businesses read from the benchmark's
 * PostgreSQL, in a process of its own, and asked the query kinds of bench/search-queries.ts (plus "near me"), back
 * to back on one thread: build time, CPU, memory retained, and latency and CPU per query, with the candidates'
 * totals compared. Never part of `npm test`.
 *
 *   npm run bench:search-index                        10,000 businesses (BENCH_TRADES=1000000 for a million)
 *   BENCH_INDEX_CANDIDATES=typed,minisearch,flexsearch   which candidates (default all three)
 *   BENCH_INDEX_QUERIES=2000         distinct queries per kind at most
 *   BENCH_INDEX_KIND_SECONDS=30      time per kind and candidate at most (the queries left are not run)
 *   BENCH_INDEX_BUILD_SECONDS=300    a candidate not built by then is skipped (so is one retaining > 3,072 MB)
 */
const env = process.env;
const QUERY_SEED = 20250420;
const QUERIES_PER_KIND = Number(env.BENCH_INDEX_QUERIES ?? 2000);
const SECONDS_PER_KIND = Number(env.BENCH_INDEX_KIND_SECONDS ?? 30);
const BUILD_SECONDS = Number(env.BENCH_INDEX_BUILD_SECONDS ?? 300);
const MAX_RETAINED_MB = 3072;
/** The heap a candidate's process may grow to: its rows (~1 GB at a million) and up to 3 GB of index. */
const WORKER_HEAP_MB = 4608;
const WARMUP_QUERIES = 300;
const NEAR_ME_KIND = 'near me';
const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKER = fileURLToPath(new URL('./search-index/worker.ts', import.meta.url));

const CANDIDATE_LABELS: Record<CandidateName, string> = {
  typed: '(c) typed arrays',
  minisearch: '(a) MiniSearch',
  flexsearch: '(b) FlexSearch',
};

interface CandidateRun {
  candidate: CandidateName;
  label: string;
  load?: BuildResult['load'];
  build?: BuildResult;
  skipped?: string;
  kinds: KindResult[];
}

function chosenCandidates(): CandidateName[] {
  if (!env.BENCH_INDEX_CANDIDATES) return [...CANDIDATES];
  return env.BENCH_INDEX_CANDIDATES.split(',').map((name) => {
    const trimmed = name.trim() as CandidateName;
    if (!CANDIDATES.includes(trimmed)) throw new Error(`BENCH_INDEX_CANDIDATES: unknown candidate "${name}" (${CANDIDATES.join(', ')})`);
    return trimmed;
  });
}

/** "Near me": visitors at a listed business's address, moved up to ~5 km; half ask for a main category, some page 2. */
async function nearMeQueries(url: string, count: number): Promise<IndexQuery[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ latitude: number; longitude: number; main: number | null }>(
      `select a.latitude, a.longitude, t.main_category_id as main
       from trades t join addresses a on a.entity_id = t.id
       where t.listed and a.latitude is not null and a.longitude is not null
       order by md5(t.id::text || $1) limit $2`,
      [String(QUERY_SEED), count],
    );
    const mains = (await client.query<{ id: number }>('select id from categories where parent_id is null order by id')).rows.map(
      (row) => row.id,
    );
    const random = createRandom(QUERY_SEED, 'bench-near-me');
    return rows.map((row) => ({
      kind: NEAR_ME_KIND,
      page: random.chance(0.8) ? 0 : 1,
      near: { latitude: row.latitude + (random.next() - 0.5) * 0.09, longitude: row.longitude + (random.next() - 0.5) * 0.09 },
      ...(random.chance(0.5) && mains.length > 0 ? { mainCategoryId: random.pick(mains) } : {}),
    }));
  } finally {
    await client.end();
  }
}

async function runCandidate(candidate: CandidateName, input: WorkerInput): Promise<CandidateRun> {
  const run: CandidateRun = { candidate, label: CANDIDATE_LABELS[candidate], kinds: [] };
  const inputFile = path.join(os.tmpdir(), `search-index-${process.pid}-${candidate}.json`);
  await fs.writeFile(inputFile, JSON.stringify(input));
  const child = fork(WORKER, [inputFile], {
    execArgv: ['--expose-gc', `--max-old-space-size=${WORKER_HEAP_MB}`, '--import', 'tsx'],
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let buildTimer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve) => {
      child.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'loaded':
            run.load = message.load;
            console.log(`  ${run.label}: loaded ${formatCount(message.rows)} listed businesses in ${message.load.seconds.toFixed(1)} s; building…`);
            buildTimer = setTimeout(() => {
              run.skipped = `not built within ${BUILD_SECONDS} s`;
              child.kill('SIGKILL');
            }, BUILD_SECONDS * 1000);
            break;
          case 'built':
          case 'skipped': {
            clearTimeout(buildTimer);
            run.build = message.build;
            const text = message.build.text;
            console.log(
              `  ${run.label}: built in ${(message.build.columns.seconds + (text?.seconds ?? 0)).toFixed(1)} s, ` +
                `${message.build.indexAfterRowsDropped.totalMB.toFixed(0)} MB retained` +
                (message.type === 'skipped' ? ` — skipped: ${message.reason}` : '; querying…'),
            );
            if (message.type === 'skipped') run.skipped = message.reason;
            break;
          }
          case 'done':
            run.kinds = message.kinds;
            break;
          case 'failed':
            run.skipped ??= `failed: ${message.error.split('\n')[0]}`;
            break;
        }
      });
      child.on('exit', (code, signal) => {
        clearTimeout(buildTimer);
        if (run.kinds.length === 0 && !run.skipped) {
          const outOfMemory = /heap out of memory|Allocation failed/i.test(stderr);
          run.skipped = outOfMemory
            ? `ran out of memory while building (heap limit ${WORKER_HEAP_MB} MB)`
            : `its process ended (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`;
        }
        resolve();
      });
    });
  } finally {
    await fs.rm(inputFile, { force: true });
  }
  if (run.skipped) console.log(`  ${run.label}: SKIPPED — ${run.skipped}`);
  return run;
}

interface Disagreement {
  kind: string;
  candidate: CandidateName;
  compared: number;
  differentTotals: number;
  samePages: number;
  examples: { query: IndexQuery; reference: number; candidate: number }[];
}

/** Totals of every candidate against the hand-made index's, query by query; pages compared for information. */
function compare(runs: readonly CandidateRun[], queries: Record<string, IndexQuery[]>): Disagreement[] {
  const reference = runs.find((run) => run.candidate === 'typed' && !run.skipped);
  if (!reference) return [];
  const found: Disagreement[] = [];
  for (const run of runs) {
    if (run === reference || run.skipped) continue;
    for (const kind of run.kinds) {
      const base = reference.kinds.find((item) => item.kind === kind.kind);
      if (!base) continue;
      const compared = Math.min(base.totals.length, kind.totals.length);
      const result: Disagreement = { kind: kind.kind, candidate: run.candidate, compared, differentTotals: 0, samePages: 0, examples: [] };
      for (let index = 0; index < compared; index += 1) {
        const expected = base.totals[index] as number;
        const actual = kind.totals[index] as number;
        if (expected !== actual) {
          result.differentTotals += 1;
          if (result.examples.length < 5) result.examples.push({ query: queries[kind.kind]?.[index] as IndexQuery, reference: expected, candidate: actual });
        }
        if (JSON.stringify(base.pages[index]) === JSON.stringify(kind.pages[index])) result.samePages += 1;
      }
      found.push(result);
    }
  }
  return found;
}

const fixed = (value: number | undefined, digits: number) => (value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits));

function buildTable(runs: readonly CandidateRun[]): string {
  const lines = [
    '| candidate | load s | build s | build CPU s | retained MB (heap + external) | of which typed arrays MB | RSS growth MB | text index MB (rows alive) | details |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const run of runs) {
    const build = run.build;
    if (!build) {
      lines.push(`| ${run.label} | ${fixed(run.load?.seconds, 1)} | – | – | – | – | – | – | skipped: ${run.skipped ?? '?'} |`);
      continue;
    }
    const seconds = build.columns.seconds + (build.text?.seconds ?? 0);
    const cpu = build.columns.cpuSeconds + (build.text?.cpuSeconds ?? 0);
    const details = [
      `columns ${fixed(build.columns.seconds, 2)} s / ${fixed(build.columns.retained.totalMB, 0)} MB`,
      ...Object.entries(build.text?.details ?? {}).map(([name, value]) => `${name} ${formatCount(value)}`),
      ...(run.skipped ? [`skipped: ${run.skipped}`] : []),
    ].join('; ');
    lines.push(
      `| ${run.label} | ${fixed(build.load.seconds, 1)} | ${fixed(seconds, 2)} | ${fixed(cpu, 2)} | ${fixed(build.indexAfterRowsDropped.totalMB, 0)} | ` +
        `${fixed(build.indexAfterRowsDropped.arrayBuffersMB, 0)} | ${fixed(build.indexAfterRowsDropped.rssMB, 0)} | ` +
        `${fixed(build.text?.retained.totalMB, 0)} | ${details} |`,
    );
  }
  return lines.join('\n');
}

function queryTable(runs: readonly CandidateRun[], kinds: readonly string[]): string {
  const live = runs.filter((run) => !run.skipped);
  const header = ['| kind', ...live.map((run) => `${run.label} p50 / p95 / p99 ms | CPU ms/q`)].join(' | ') + ' |';
  const rule = `|---|${live.map(() => '--:|--:|').join('')}`;
  const lines = [header, rule];
  for (const kind of kinds) {
    const cells = live.map((run) => {
      const result = run.kinds.find((item) => item.kind === kind);
      if (!result) return 'shared columns (= c) | –';
      const count = result.truncated ? ` (${result.queries} q)` : '';
      return `${fixed(result.p50, 3)} / ${fixed(result.p95, 3)} / ${fixed(result.p99, 3)}${count} | ${fixed(result.cpuMsPerQuery, 3)}`;
    });
    const reference = live[0]?.kinds.find((item) => item.kind === kind);
    const about = reference ? ` (${reference.queries} q, median total ${formatCount(reference.medianTotal)}, ${reference.emptyAnswers} empty)` : '';
    lines.push(`| ${kind}${about} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const trades = parseTradeCount(env.BENCH_TRADES, COMPARISON_TRADES);
  const server = await benchPostgresUrl(env);
  const url = benchDatabaseUrl(trades, { ...env, BENCH_POSTGRES_URL: server });
  const startedAt = new Date();
  console.log(
    `search index candidates ${startedAt.toISOString()}: ${formatCount(trades)} businesses (${databaseNameOf(url)}), ` +
      `${os.availableParallelism()} cores, Node ${process.version}, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );
  const prepared: PreparedDatabase = await prepareBenchDatabase(url, trades);

  const mixes = await buildQueryMixes(url, QUERY_SEED);
  const queries: Record<string, IndexQuery[]> = {};
  for (const mix of mixes) queries[mix.kind] = mix.paths.slice(0, QUERIES_PER_KIND).map((item) => queryFromPath(mix.kind, item));
  queries[NEAR_ME_KIND] = await nearMeQueries(url, QUERIES_PER_KIND);
  const kinds = Object.keys(queries);
  const textKinds = kinds.filter((kind) => queries[kind]?.some((query) => query.text !== undefined));

  const day = startedAt.toISOString().slice(0, 10);
  const base = { url, day, now: startedAt.getTime(), queries, secondsPerKind: SECONDS_PER_KIND, warmupQueries: WARMUP_QUERIES, maxRetainedMB: MAX_RETAINED_MB };
  const runs: CandidateRun[] = [];
  for (const candidate of chosenCandidates()) {
    console.log(`\n${CANDIDATE_LABELS[candidate]}:`);
    const ownKinds = candidate === 'typed' ? kinds : textKinds;
    const ownQueries = Object.fromEntries(ownKinds.map((kind) => [kind, queries[kind] ?? []]));
    runs.push(await runCandidate(candidate, { ...base, candidate, kinds: ownKinds, queries: ownQueries }));
  }

  const disagreements = compare(runs, queries);
  const load = runs.find((run) => run.load)?.load;
  console.log(`\n## ${formatCount(trades)} businesses (${formatCount(runs.find((run) => run.build)?.build?.rows ?? 0)} listed)\n`);
  console.log(
    `Loading the listed businesses from PostgreSQL (keyset batches of 20,000): ${fixed(load?.seconds, 1)} s, ${fixed(load?.cpuSeconds, 1)} s of this process's CPU ` +
      `(each candidate loads them again: ${runs.map((run) => `${run.candidate} ${fixed(run.load?.seconds, 1)} s`).join(', ')}).\n`,
  );
  console.log(buildTable(runs));
  console.log('\nPer query, single-threaded, back to back (latency p50 / p95 / p99 in ms; CPU ms per query, mean):\n');
  console.log(queryTable(runs, kinds));
  console.log('\nTotals against (c), query by query (exact kinds must agree; typo is fuzzy by design; pages differ where rankings do):');
  for (const item of disagreements) {
    const verdict = item.differentTotals === 0 ? 'agree' : isExactKind(item.kind) ? 'DISAGREE' : 'differ (fuzzy)';
    console.log(
      `  ${item.candidate.padEnd(10)} ${item.kind.padEnd(22)} ${verdict}: ${item.differentTotals} of ${item.compared} totals differ; ` +
        `${item.samePages} identical pages`,
    );
    for (const example of item.examples.filter(() => isExactKind(item.kind)).slice(0, 3)) {
      console.log(`      e.g. ${JSON.stringify(example.query)}: (c) ${example.reference}, ${item.candidate} ${example.candidate}`);
    }
  }

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `search-index-${startedAt.toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  const stored = runs.map((run) => ({ ...run, kinds: run.kinds.map(({ totals: _totals, pages: _pages, ...rest }) => rest) }));
  await fs.writeFile(
    file,
    `${JSON.stringify(
      {
        date: startedAt.toISOString(),
        trades,
        database: databaseNameOf(url),
        prepared,
        machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model, memoryGiB: os.totalmem() / 2 ** 30, node: process.version },
        settings: { QUERIES_PER_KIND, SECONDS_PER_KIND, BUILD_SECONDS, MAX_RETAINED_MB, WORKER_HEAP_MB, day },
        runs: stored,
        disagreements,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
