import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { type DatabaseHandle, databaseTarget, openDatabase } from './db/database';
import { isDatabaseEmpty, seedDemoData, WeakDemoPasswordError } from './db/seed/seed';
import { exitGracefullyOnSignals } from './lifecycle';

const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The embedded database is for trying the product: it fills itself with demo data on first start. */
async function seedOnFirstStart(config: Config, database: DatabaseHandle): Promise<void> {
  if (database.kind !== 'pglite' || config.nodeEnv === 'production') return;
  if (!(await isDatabaseEmpty(database.db))) return;
  await seedDemoData(database.db, {
    seed: config.demoSeed,
    demoPassword: config.demoPassword,
    mailSender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    uploadDir: config.uploadDir,
    log: console.log,
  });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, { webDistDir: WEB_DIST_DIR });
  const database = await openDatabase(databaseTarget(config));
  await database.migrate();
  await seedOnFirstStart(config, database);
  const app = await buildApp({ config, db: database.db });
  exitGracefullyOnSignals({ app, closeDatabase: () => database.close() });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  const isExpected = [ConfigError, DataDirLockedError, WeakDemoPasswordError].some((kind) => error instanceof kind);
  console.error(isExpected ? (error as Error).message : error);
  process.exit(1);
});
