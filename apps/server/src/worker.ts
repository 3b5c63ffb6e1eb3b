import pino from 'pino';
import { createBackgroundWork } from './background';
import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { databaseTarget, openDatabase } from './db/database';

/**
 * `npm run worker`: delivers mail and runs the scheduled jobs without serving requests, for a deployment whose
 * app processes run with BACKGROUND_WORK=off. Several may run; they share the work through the database.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(databaseTarget(config));
  await database.migrate();
  const background = createBackgroundWork({ db: database.db, config, log });
  await background.start();
  log.info('worker started: delivering mail and running scheduled jobs');

  const stop = async (signal: NodeJS.Signals) => {
    log.info({ signal }, 'worker stopping: finishing the work in hand');
    await background.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  const isExpected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(isExpected ? (error as Error).message : error);
  process.exit(1);
});
