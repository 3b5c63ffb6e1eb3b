import { buildApp } from '../apps/server/src/app';
import { ConfigError, loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { exitGracefullyOnSignals } from '../apps/server/src/lifecycle';
import { FIXED_MAP_PATH, FIXED_PAGE_PATH, SEARCH_PAGE_SIZE, WHOLE_COUNTRY_MAP_PATH } from './bench-env';

/**
 * The product app as src/server.ts starts it (PostgreSQL only, no seeding, no web app), plus two bench-only
 * routes: GET /bench/fixed-page answers a precomputed copy of a real 9-card result page, GET /bench/fixed-map
 * one of the whole country's map points. They go through the same server, hooks and headers as the search and
 * the map, so their throughput can be compared with the cost of answering the same bytes without any database
 * work. Nothing of this lives in the product code.
 */
const SAMPLE_PAGE_PATH = `/api/trades/clientFilter?page=0&size=${SEARCH_PAGE_SIZE}`;

/** The body of a successful answer to `url`, taken once at start. */
async function capture(app: Awaited<ReturnType<typeof buildApp>>, url: string): Promise<string> {
  const sample = await app.inject({ method: 'GET', url });
  if (sample.statusCode !== 200) throw new Error(`${url} answered ${sample.statusCode}: ${sample.body.slice(0, 300)}`);
  return sample.body;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) throw new ConfigError('The bench server needs DATABASE_URL (a generated bench database)');
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  await database.migrate();
  // BENCH_MAP_ANSWERS_KEPT=0 measures the map without the answers it keeps between writes.
  const kept = process.env.BENCH_MAP_ANSWERS_KEPT;
  const app = await buildApp({ config, db: database.db, ...(kept === undefined ? {} : { mapAnswersKept: Number(kept) }) });

  const fixed = { page: '', map: '' };
  app.get(FIXED_PAGE_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(fixed.page),
  );
  app.get(FIXED_MAP_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(fixed.map),
  );
  await app.ready();
  fixed.page = await capture(app, SAMPLE_PAGE_PATH);
  fixed.map = await capture(app, WHOLE_COUNTRY_MAP_PATH);

  exitGracefullyOnSignals({ app, closeDatabase: () => database.close() });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
