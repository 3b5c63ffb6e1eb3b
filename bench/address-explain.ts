import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { addressDatabaseUrl, parseAddressCount } from './address-generate';
import { buildAddressInputs } from './address-inputs';
import { captureStatements } from './statement-capture';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the address lookup runs. The app is built in this process on the
 * address bench database; every statement its pool sends while one request is served is captured and explained
 * on a separate connection. For each kind of input, BENCH_EXPLAIN_SCAN inputs are first timed one at a time;
 * the median one and the slowest are explained.
 *
 *   npx tsx bench/address-explain.ts            (after npm run bench:address made the database)
 *   BENCH_EXPLAIN_SCAN=300 BENCH_POSTGRES_URL=… npx tsx bench/address-explain.ts
 *   BENCH_EXPLAIN_TEXTS="smith 45 parramatta|george st" …   these inputs only
 */
const env = process.env;
const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));
const SCAN = Number(env.BENCH_EXPLAIN_SCAN ?? 100);
const INPUT_SEED = 20250420;
const TEXTS = env.BENCH_EXPLAIN_TEXTS?.split('|');

async function main(): Promise<void> {
  const addresses = parseAddressCount(env.BENCH_ADDRESSES);
  const url = addressDatabaseUrl(addresses, env);
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  await explainer.query('set jit = off');
  const out: string[] = [];
  const print = (line = '') => {
    out.push(line);
    console.log(line);
  };
  const serve = async (text: string) => {
    const { result: response, ms, statements } = await captureStatements(() =>
      app.inject({ method: 'GET', url: `/api/address/lookup?q=${encodeURIComponent(text)}` }),
    );
    return { ms, statements, suggestions: (response.json() as { data: { addresses: unknown[] } }).data.addresses.length };
  };
  try {
    print(`# EXPLAIN of the address lookup on ${new URL(url).pathname.slice(1)} at ${new URL(url).host} (${new Date().toISOString()})`);
    const kinds = TEXTS
      ? [{ kind: 'chosen inputs', description: '', inputs: TEXTS.map((text) => ({ text, addressId: '' })) }]
      : await buildAddressInputs(url, SCAN, INPUT_SEED);
    for (const kind of kinds) {
      const timed: ({ text: string } & Awaited<ReturnType<typeof serve>>)[] = [];
      for (const input of kind.inputs) timed.push({ text: input.text, ...(await serve(input.text)) });
      timed.sort((a, b) => a.ms - b.ms);
      const at = (fraction: number) => timed[Math.min(timed.length - 1, Math.floor(fraction * timed.length))];
      print('');
      print(
        `## ${kind.kind}: ${timed.length} inputs one at a time through the app: p50 ${at(0.5)?.ms.toFixed(1)} ms, ` +
          `p95 ${at(0.95)?.ms.toFixed(1)} ms, max ${timed.at(-1)?.ms.toFixed(1)} ms; ` +
          `statements per request ${Math.min(...timed.map((item) => item.statements.length))}–${Math.max(...timed.map((item) => item.statements.length))}`,
      );
      const explained = TEXTS ? timed.map((item) => ['input', item] as const) : ([['median', at(0.5)], ['slowest', timed.at(-1)]] as const);
      for (const [label, chosen] of explained) {
        if (!chosen) continue;
        const again = await serve(chosen.text);
        print('');
        print(`### ${label}: "${chosen.text}" (${again.suggestions} suggestions, ${again.ms.toFixed(1)} ms through the app)`);
        for (const statement of again.statements) {
          if (!/^\s*(select|with)\b/i.test(statement.text)) {
            // begin / set local … / commit: replayed, so the statements between them are planned as the app's were.
            await explainer.query(statement.text, statement.values);
            print('');
            print(`\`${statement.text.trim()}\``);
            continue;
          }
          const plan = await explainer.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.values);
          print('');
          print(`params: ${JSON.stringify(statement.values)}`);
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
  const file = path.join(RESULTS_DIR, `address-explain-${new URL(url).port || '5432'}${TEXTS ? '-chosen' : ''}.md`);
  await fs.writeFile(file, `${out.join('\n')}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
