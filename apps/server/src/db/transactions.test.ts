import { asc, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { transactionalDatabase } from './transactions';

const database = await createTestDatabase();
afterAll(() => database.close());
await database.db.execute(sql`create table probes (name text primary key)`);
const probes = pgTable('probes', { name: text('name').primaryKey() });

const { db, transactions } = transactionalDatabase(database.db);

/** Two repos of two services, both built, as the app's are, on the transactional database. */
function repoOf(owner: Database) {
  return {
    add: async (name: string) => void (await owner.insert(probes).values({ name })),
    names: async (prefix: string) =>
      (await owner.select().from(probes).where(sql`${probes.name} like ${`${prefix}%`}`).orderBy(asc(probes.name))).map(
        (row) => row.name,
      ),
  };
}
const first = repoOf(db);
const second = repoOf(db);

const stored = (prefix: string) => repoOf(database.db).names(prefix);

function failed(): never {
  throw new Error('the second step failed');
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a unit of work across repos', () => {
  it("lets each query of the run see the run's rows before they are committed", async () => {
    let seen: string[] = [];
    const run = transactions.run(async () => {
      await first.add('seen-1');
      await second.add('seen-2');
      seen = await second.names('seen-');
      failed();
    });

    await expect(run).rejects.toThrow('the second step failed');
    expect(seen).toEqual(['seen-1', 'seen-2']);
    expect(await stored('seen-')).toEqual([]);
  });

  it('commits together what the repos wrote in a run', async () => {
    await transactions.run(async () => {
      await first.add('committed-1');
      await second.add('committed-2');
    });

    expect(await stored('committed-')).toEqual(['committed-1', 'committed-2']);
  });

  it('joins a run made inside another: what either wrote goes when the outer one throws', async () => {
    const run = transactions.run(async () => {
      await first.add('nested-outer');
      await transactions.run(() => second.add('nested-inner'));
      expect(await first.names('nested-')).toEqual(['nested-inner', 'nested-outer']);
      failed();
    });

    await expect(run).rejects.toThrow('the second step failed');
    expect(await stored('nested-')).toEqual([]);
  });

  it("joins a repo's own transaction to the run, as a savepoint undone alone when its failure is caught", async () => {
    const repoTransaction = (name: string, fail: boolean) =>
      db.transaction(async (tx) => {
        await repoOf(tx).add(name);
        if (fail) failed();
      });

    await transactions.run(async () => {
      await first.add('savepoint-kept');
      await repoTransaction('savepoint-undone', true).catch(() => undefined);
      await repoTransaction('savepoint-released', false);
    });
    const rolledBack = transactions.run(async () => {
      await repoTransaction('savepoint-joined', false);
      failed();
    });

    await expect(rolledBack).rejects.toThrow();
    expect(await stored('savepoint-')).toEqual(['savepoint-kept', 'savepoint-released']);
  });

  it("lets a repo's own transaction outside any run carry the other repos' queries", async () => {
    const run = db.transaction(async (tx) => {
      await repoOf(tx).add('repo-tx-own');
      await second.add('repo-tx-other');
      expect(await second.names('repo-tx-')).toEqual(['repo-tx-other', 'repo-tx-own']);
      failed();
    });

    await expect(run).rejects.toThrow();
    expect(await stored('repo-tx-')).toEqual([]);
  });

  it('gives two overlapping runs a transaction each', async () => {
    const failing = transactions.run(async () => {
      await first.add('overlap-a');
      // The other run starts meanwhile (on PGlite, one connection, it waits for this one to end).
      await tick();
      expect(await first.names('overlap-')).toEqual(['overlap-a']);
      failed();
    });
    const committing = transactions.run(async () => {
      await second.add('overlap-b');
      await tick();
      return second.names('overlap-');
    });

    await expect(failing).rejects.toThrow();
    expect(await committing).toEqual(['overlap-b']);
    expect(await stored('overlap-')).toEqual(['overlap-b']);
  });

  it('sends work still running after its run ended to the pool, not to the ended transaction', async () => {
    let later!: Promise<string[]>;
    await transactions.run(async () => {
      await first.add('after-run');
      later = tick().then(() => first.names('after-'));
    });

    expect(await later).toEqual(['after-run']);
  });

  it('is the same unit of work for the same database, however often it is asked for', () => {
    expect(transactionalDatabase(database.db)).toBe(transactionalDatabase(db));
  });
});

describe('callbacks after the commit', () => {
  it('calls back once the run has committed, not before', async () => {
    const calls: string[] = [];

    await transactions.run(async () => {
      await first.add('callback-committed');
      transactions.afterCommit(() => calls.push('callback'));
      calls.push('work done');
    });

    expect(calls).toEqual(['work done', 'callback']);
  });

  it('never calls back for a run that rolled back, nor for a savepoint undone', async () => {
    const calls: string[] = [];

    await expect(
      transactions.run(async () => {
        transactions.afterCommit(() => calls.push('rolled back'));
        failed();
      }),
    ).rejects.toThrow();
    await transactions.run(async () => {
      await db
        .transaction(async () => {
          transactions.afterCommit(() => calls.push('savepoint undone'));
          failed();
        })
        .catch(() => undefined);
      await db.transaction(async () => transactions.afterCommit(() => calls.push('savepoint released')));
    });

    expect(calls).toEqual(['savepoint released']);
  });

  it('calls back at once outside a run', () => {
    const calls: string[] = [];

    transactions.afterCommit(() => calls.push('now'));

    expect(calls).toEqual(['now']);
  });
});

/** Resolves once `resolve` is called: lets two runs meet at a point of each other's work. */
function meetingPoint() {
  let reached!: () => void;
  const met = new Promise<void>((resolve) => (reached = resolve));
  return { reached: () => reached(), met };
}

// PGlite has one connection: a second run waits for the first to end, so two runs never hold locks at once.
describe.runIf(database.kind === 'postgres')('two runs that deadlock', () => {
  it('runs again the one PostgreSQL rolled back, so both writes land', async () => {
    await database.db.execute(sql`create table counters (name text primary key, count integer not null)`);
    await database.db.execute(sql`insert into counters values ('left', 0), ('right', 0)`);
    const count = (name: string) => db.execute(sql`update counters set count = count + 1 where name = ${name}`);
    const leftHeld = meetingPoint();
    const rightHeld = meetingPoint();
    let attempts = 0;

    // Each run holds one row and then asks for the other's: PostgreSQL breaks the cycle by failing one of them.
    const crossing = (held: string, wanted: string, mine: typeof leftHeld, theirs: typeof leftHeld) =>
      transactions.run(async () => {
        attempts += 1;
        await count(held);
        mine.reached();
        await theirs.met;
        await count(wanted);
      });
    await Promise.all([crossing('left', 'right', leftHeld, rightHeld), crossing('right', 'left', rightHeld, leftHeld)]);

    const counters = pgTable('counters', { name: text('name').primaryKey(), count: integer('count').notNull() });
    expect(await database.db.select().from(counters).orderBy(asc(counters.name))).toEqual([
      { name: 'left', count: 2 },
      { name: 'right', count: 2 },
    ]);
    // Both ran, and the one PostgreSQL failed ran again (on a busy machine its retry may meet the other once more).
    expect(attempts).toBeGreaterThanOrEqual(3);
  });
});
