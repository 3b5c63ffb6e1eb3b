import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from '../../config/config';
import { DataDirLockedError } from '../data-dir-lock';
import { openDatabase } from '../database';
import { ReleaseError } from './gnaf-release';
import { importAddressRelease, ImportStoppedError } from './import-release';
import { createProgressLine } from './progress-line';

const USAGE = 'Usage: npm run address:import -- <folder of a G-NAF release> [--restart]';

/**
 * `npm run address:import -- <folder>`: loads a G-NAF release into the address index of the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR while no server holds it). Ctrl-C stops after the
 * batch in hand; running it again continues there. `--restart` reads every file again.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folderArgument = args.find((arg) => !arg.startsWith('--'));
  if (folderArgument === undefined || args.some((arg) => arg.startsWith('--') && arg !== '--restart')) {
    console.error(USAGE);
    process.exit(2);
  }
  // npm runs a workspace's script in the workspace's folder: a relative folder means the one npm was run from.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), folderArgument);
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.error('\nStopping after the batch in hand (Ctrl-C again to quit at once)…');
    stop.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  const progress = createProgressLine(process.stderr);
  const startedAt = performance.now();
  try {
    await database.migrate();
    const summary = await importAddressRelease(database.db, folder, {
      restart: args.includes('--restart'),
      onProgress: progress.update,
      log: progress.log,
      signal: stop.signal,
    });
    progress.finish();
    const skipped = Object.entries(summary.skipped).map(([reason, count]) => `${count.toLocaleString('en-AU')} ${reason}`);
    console.log(
      `Imported ${summary.imported.toLocaleString('en-AU')} addresses in ${((performance.now() - startedAt) / 1000).toFixed(1)} s` +
        (skipped.length > 0 ? `; left out ${skipped.join(', ')}` : '') +
        (summary.alreadyDone.length > 0 ? `; ${summary.alreadyDone.join(', ')} done by an earlier run` : '') +
        '.',
    );
  } finally {
    progress.finish();
    await database.close();
  }
}

main().catch((error: unknown) => {
  const expected = [ConfigError, DataDirLockedError, ReleaseError, ImportStoppedError].some((kind) => error instanceof kind);
  if (error instanceof ImportStoppedError) console.error(`${error.message}; run the same command again to continue.`);
  else console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
