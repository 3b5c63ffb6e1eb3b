import { buildApp } from '../apps/server/src/app';
import { ConfigError, loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { exitGracefullyOnSignals } from '../apps/server/src/lifecycle';
import { FIXED_PAGE_PATH, SEARCH_PAGE_SIZE } from './bench-env';

/**
 * The product app as src/server.ts starts it (PostgreSQL only, no seeding, no web app), plus one bench-only
 * route: GET /bench/fixed-page answers a precomputed copy of a real 9-card result page. It goes through the
 * same server, hooks and headers as the search, so search throughput can be compared with the cost of
 * answering the same bytes without any database work. Nothing of this lives in the product code.
 */
const SAMPLE_PAGE_PATH = `/api/trades/clientFilter?page=0&size=${SEARCH_PAGE_SIZE}`;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) throw new ConfigError('The bench server needs DATABASE_URL (a generated bench database)');
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  await database.migrate();
  const app = await buildApp({ config, db: database.db });

  let fixedPage = '';
  app.get(FIXED_PAGE_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(fixedPage),
  );
  await app.ready();
  const sample = await app.inject({ method: 'GET', url: SAMPLE_PAGE_PATH });
  if (sample.statusCode !== 200) {
    throw new Error(`${SAMPLE_PAGE_PATH} answered ${sample.statusCode}: ${sample.body.slice(0, 300)}`);
  }
  fixedPage = sample.body;

  exitGracefullyOnSignals({ app, closeDatabase: () => database.close() });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
