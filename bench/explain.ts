import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { benchDatabaseUrl, DEFAULT_TRADES, parseTradeCount } from './bench-env';
import { buildQueryMixes } from './search-queries';
import { captureStatements } from './statement-capture';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the search endpoint runs, for a few queries of each kind of the
 * benchmark. The app is built in this process on the bench database; every statement its pool sends while one
 * request is served is captured (text and parameters), then explained on a separate connection. Whatever the
 * repo's queries become, this shows their plans without copying them.
 *
 *   BENCH_TRADES=1000000 npx tsx bench/explain.ts            one query of each kind
 *   BENCH_EXPLAIN_KINDS="one word,typo" BENCH_EXPLAIN_SAMPLES=3 …
 *   BENCH_EXPLAIN_SCAN=300 …                                 the slowest of 300 queries of each kind
 */
const env = process.env;
const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
const SAMPLES = Number(env.BENCH_EXPLAIN_SAMPLES ?? 1);
/** With BENCH_EXPLAIN_SCAN=n, n queries of each kind are timed first and the slowest SAMPLES are explained. */
const SCAN = Number(env.BENCH_EXPLAIN_SCAN ?? 0);
const KINDS = env.BENCH_EXPLAIN_KINDS?.split(',').map((kind) => kind.trim());
const QUERY_SEED = 20250420;

async function main(): Promise<void> {
  const trades = parseTradeCount(env.BENCH_TRADES, DEFAULT_TRADES);
  const url = benchDatabaseUrl(trades, env);
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  const out: string[] = [];
  const print = (line = '') => {
    out.push(line);
    console.log(line);
  };
  try {
    const settings = await explainer.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
       where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit', 'max_parallel_workers_per_gather')`,
    );
    print(`# EXPLAIN of the search endpoint on ${new URL(url).pathname.slice(1)} (${new Date().toISOString()})`);
    print(`server settings: ${settings.rows.map((row) => `${row.name}=${row.setting}`).join(', ')} (the app's pool may override some per connection, e.g. jit)`);
    const mixes = (await buildQueryMixes(url, QUERY_SEED)).filter((mix) => !KINDS || KINDS.includes(mix.kind));
    for (const mix of mixes) {
      let chosen = mix.paths.slice(0, SAMPLES);
      if (SCAN > 0) {
        const timed: { requestPath: string; ms: number; statements: number }[] = [];
        for (const requestPath of mix.paths.slice(0, SCAN)) {
          const { ms, statements } = await captureStatements(() => app.inject({ method: 'GET', url: requestPath }));
          timed.push({ requestPath, ms, statements: statements.length });
        }
        const counts = timed.map((item) => item.statements).sort((a, b) => a - b);
        const meanStatements = counts.reduce((sum, value) => sum + value, 0) / Math.max(1, counts.length);
        timed.sort((a, b) => b.ms - a.ms);
        const ms = timed.map((item) => item.ms);
        const at = (fraction: number) => ms[Math.floor((1 - fraction) * ms.length)]?.toFixed(1);
        print('');
        print(
          `# ${mix.kind}: ${timed.length} queries one at a time: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${ms[0]?.toFixed(1)} ms; ` +
            `statements per request: mean ${meanStatements.toFixed(1)}, min ${counts[0]}, max ${counts.at(-1)}; slowest:`,
        );
        for (const item of timed.slice(0, 8)) {
          print(`    ${item.ms.toFixed(1).padStart(8)} ms  ${String(item.statements).padStart(2)} statements  ${decodeURIComponent(item.requestPath)}`);
        }
        chosen = timed.slice(0, SAMPLES).map((item) => item.requestPath);
      }
      for (const requestPath of chosen) {
        const {
          result: response,
          ms: elapsed,
          statements,
        } = await captureStatements(() => app.inject({ method: 'GET', url: requestPath }));
        const total = (response.json() as { data?: { trades?: { totalElements?: number } } }).data?.trades?.totalElements;
        print('');
        print(`## ${mix.kind}: ${decodeURIComponent(requestPath)}`);
        print(`status ${response.statusCode}, totalElements ${total ?? '?'}, ${elapsed.toFixed(1)} ms through the app, ${statements.length} statements`);
        for (const statement of statements) {
          print('');
          print('```sql');
          print(statement.text);
          print('```');
          print(`params: ${JSON.stringify(statement.values)}`);
          if (!/^\s*(select|with|explain)\b/i.test(statement.text)) {
            // begin / set local … / commit: replayed, so the statements between them are planned as the app's were.
            await explainer.query(statement.text, statement.values);
            continue;
          }
          if (/^\s*explain\b/i.test(statement.text)) {
            // The app's own estimate (a plain EXPLAIN): timed as it runs, its planning being all its cost.
            const startedAt = performance.now();
            const result = await explainer.query(statement.text, statement.values);
            const elapsedMs = (performance.now() - startedAt).toFixed(2);
            print(`(an EXPLAIN the app runs itself: ${elapsedMs} ms; ${JSON.stringify(result.rows[0]).slice(0, 160)}…)`);
            continue;
          }
          const plan = await explainer.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.text}`,
            statement.values,
          );
          print('```');
          for (const row of plan.rows) print(row['QUERY PLAN']);
          print('```');
        }
      }
    }
  } finally {
    await explainer.end();
    await app.close();
    await database.close();
  }
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `explain-${trades}.md`);
  await fs.writeFile(file, `${out.join('\n')}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
