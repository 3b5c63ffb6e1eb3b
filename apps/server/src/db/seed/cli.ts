import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../database';
import { isDatabaseEmpty, seedDemoData } from './seed';

const REFUSED_IN_PRODUCTION =
  'NODE_ENV is production: the demo data is never seeded there, since its accounts would open a live site. ' +
  'Make the first account with `npm run admin -- create-user`.';

/** `npm run db:seed`: migrates, then fills the configured database with the demo when it is empty. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.nodeEnv === 'production') throw new Error(REFUSED_IN_PRODUCTION);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    // Re-running the seed must never touch real data, so a database with anything in it is left alone.
    if (!(await isDatabaseEmpty(database.db))) {
      console.log('The database already holds data; nothing seeded.');
      return;
    }
    const started = performance.now();
    await seedDemoData(database.db, {
      seed: config.demoSeed,
      demoPassword: config.demoPassword,
      mailSender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
      uploadDir: config.uploadDir,
      log: (line) => console.log(line),
    });
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Seeding failed: ${message.split('\n')[0]}`);
  process.exit(1);
});
