import { fileURLToPath } from 'node:url';
import { configDefaults, type TestProjectConfiguration } from 'vitest/config';

const SERVER_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * The long fault runs (a database stopped or the server killed under load): `npm run test:slow` runs them,
 * `npm test` does not.
 */
const SLOW_TESTS = ['test/faults.test.ts', 'src/db/database-restart.test.ts'];

/**
 * The suites of rules over every route (who may call it, how it refuses hostile input): the statements they reach
 * are each feature's own, which that feature's tests run on both databases, so these run on one, PostgreSQL when
 * one is given (production's), else the embedded one.
 */
const ONE_DATABASE_TESTS = ['test/access-matrix.test.ts', 'test/fuzz.test.ts'];

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded database always; PostgreSQL too when one is given (`.ci/run` gives one). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The server's tests on one kind of database: the everyday ones (`npm test`) or the slow ones (`npm run test:slow`).
 * Each file builds its own app on its own database, and no module keeps state of its own between apps, so the
 * files of one worker share their imports (`isolate: false`): importing the server anew for every file was most
 * of the suite's time.
 */
export function serverProject(kind: DatabaseKind, tests: 'everyday' | 'slow'): TestProjectConfiguration {
  const elsewhere = kind === 'pglite' && databaseKinds().includes('postgres') ? ONE_DATABASE_TESTS : [];
  return {
    test: {
      name: tests === 'slow' ? `server:${kind}:slow` : `server:${kind}`,
      root: SERVER_DIR,
      globalSetup: [`./test/global-setup-${kind}.ts`],
      include: tests === 'slow' ? SLOW_TESTS : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: tests === 'slow' ? [] : [...configDefaults.exclude, ...SLOW_TESTS, ...elsewhere],
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  };
}
