import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN_DIR, postgresBinariesPresent, type PrivatePostgres, startPrivatePostgres } from '../../test/private-postgres';
import { type DatabaseHandle, isDatabaseUnavailable, openDatabase } from './database';

/**
 * The pool's behaviour when PostgreSQL goes away and comes back, on a PostgreSQL of the test's own (it is
 * stopped and started; no other server is touched).
 */
const hasPostgres = postgresBinariesPresent();
if (!hasPostgres) console.warn(`database-restart.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl) in ${POSTGRES_BIN_DIR}`);

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected the query to fail');
    },
    (error: unknown) => error,
  );
}

describe.skipIf(!hasPostgres)('a PostgreSQL restart', () => {
  let cluster: PrivatePostgres;
  let database: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    database = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 4 });
  });

  afterAll(async () => {
    await database?.close();
    await cluster?.remove();
  });

  it('fails a transaction in progress without crashing the process, then serves again once the database is back', async () => {
    const unexpected: unknown[] = [];
    const onUncaught = (error: unknown) => unexpected.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        // The client stays checked out while PostgreSQL stops under it.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await tx.execute(sql`select 2`);
      });
      const failure = failureOf(transaction);
      await held;
      await cluster.stop('fast');

      expect(isDatabaseUnavailable(await failure)).toBe(true);
      expect(isDatabaseUnavailable(await failureOf(database.db.execute(sql`select 1`)))).toBe(true);

      await cluster.start();
      expect(await database.db.execute(sql`select 42 as answer`)).toMatchObject({ rows: [{ answer: 42 }] });
      expect(unexpected).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('tells a database that is away from a fault of the statement', async () => {
    const syntax = await failureOf(database.db.execute(sql`selec 1`));
    const division = await failureOf(database.db.execute(sql`select (1/0)`));

    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(division)).toBe(false);
    expect(isDatabaseUnavailable(new Error('anything else'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});
