import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { type Database, errorChain } from './database';

/**
 * Writes that belong together, made by several services, commit together or not at all: a killed process, a
 * lost database or a failing second step never leaves the first one written alone.
 */
export interface Transactions {
  /**
   * Runs the work in one transaction: every query the repos make meanwhile, whichever service asks, is part of
   * it; it commits when the work returns and rolls back when it throws. Inside another run it joins that one.
   *
   * A statement that fails aborts the whole transaction, even when its error is caught: after a repo turns an
   * error into an answer (a unique violation into "name taken"), the work must throw, or the repo must run that
   * statement in `db.transaction` (a savepoint).
   *
   * When PostgreSQL rolls the transaction back to let another go on (a deadlock, a serialization failure), the
   * work runs again from the start in a new one, up to three times in all: whatever it does outside the
   * database goes through `afterCommit`.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls back once the transaction the caller is in has committed, or at once outside one; never when it
   * rolls back. For what cannot be taken back (a mail sent), which must not tell of writes that did not happen.
   * The callback runs after the work's last chance to fail, so it must not throw.
   */
  afterCommit(callback: () => void): void;
}

export interface TransactionalDatabase {
  /** The database for the repos: a query goes to the transaction its caller runs in, if any, else to the pool. */
  db: Database;
  transactions: Transactions;
}

/** Where a transaction's work stands, kept along its async calls. */
interface Scope {
  /** The database the transaction is of: a query to another one is not part of it. */
  root: Database;
  /** The transaction, or the savepoint a repo opened inside it. */
  tx: Database;
  /** Shared by the transaction and its savepoints: false once it has ended. */
  state: { open: boolean };
  /** Callbacks waiting for the commit, registered in this scope. */
  committed: (() => void)[];
}

/**
 * SQLSTATEs that mean PostgreSQL rolled the transaction back so that another could go on, and that the same work
 * would succeed when tried again: a deadlock it broke (two writers of businesses each waiting for a row the other
 * holds, e.g. a category rename re-indexing many of them beside an owner's save), a serialization failure.
 */
const TRY_AGAIN_SQLSTATES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

function mustBeTriedAgain(error: unknown): boolean {
  return errorChain(error).some(({ code }) => code !== undefined && TRY_AGAIN_SQLSTATES.has(code));
}

const scopes = new AsyncLocalStorage<Scope>();
const wrappers = new WeakMap<Database, TransactionalDatabase>();

/**
 * The transaction of `root` its caller runs in, if one is open. Work started inside a transaction and still
 * running after it ended (something in the background) goes back to the pool: the transaction's connection
 * has gone back to it, maybe to another request.
 */
function openScope(root: Database): Scope | undefined {
  const scope = scopes.getStore();
  return scope && scope.root === root && scope.state.open ? scope : undefined;
}

/**
 * The repos' database and its unit of work. Each query is sent, when it is made, to the transaction of the
 * async context it is made in: on PostgreSQL the one pool client that transaction holds (another client would
 * not see its rows, and could wait for its locks forever), on PGlite its one connection (a query made beside
 * an open transaction waits until it ends). A repo's own `db.transaction(...)` opens a transaction that other
 * services' queries in its work join too, or, inside one already open, a savepoint of it.
 */
export function transactionalDatabase(root: Database): TransactionalDatabase {
  const known = wrappers.get(root);
  if (known) return known;

  async function attempt<T>(work: (tx: Database) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    const state = { open: true };
    const committed: (() => void)[] = [];
    let result: T;
    try {
      result = await root.transaction((tx) => scopes.run({ root, tx, state, committed }, () => work(tx)), config);
    } finally {
      state.open = false;
    }
    for (const callback of committed) callback();
    return result;
  }

  /** A transaction PostgreSQL gave up for another's sake is run again, from the start, in a new one. */
  async function begin<T>(work: (tx: Database) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    for (let attempts = 1; ; attempts += 1) {
      try {
        return await attempt(work, config);
      } catch (error) {
        if (attempts >= MAX_ATTEMPTS || !mustBeTriedAgain(error)) throw error;
      }
    }
  }

  /** Undone alone when it fails, so a caller that catches its error can go on; its callbacks wait for the commit. */
  function savepoint<T>(scope: Scope, work: (tx: Database) => Promise<T>): Promise<T> {
    return scope.tx.transaction(async (tx) => {
      const inner: Scope = { ...scope, tx, committed: [] };
      const result = await scopes.run(inner, () => work(tx));
      scope.committed.push(...inner.committed);
      return result;
    });
  }

  function transaction<T>(work: (tx: Database) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    const scope = openScope(root);
    return scope ? savepoint(scope, work) : begin(work, config);
  }

  const db = new Proxy(root, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const current = openScope(root)?.tx ?? target;
      const value: unknown = Reflect.get(current, property, current);
      // Bound, so that a query builder taken from here keeps the session it was taken from.
      return typeof value === 'function' && property !== 'constructor' ? value.bind(current) : value;
    },
  });

  const transactions: Transactions = {
    run: (work) => (openScope(root) ? work() : begin(() => work())),
    afterCommit(callback) {
      const scope = openScope(root);
      if (scope) scope.committed.push(callback);
      else callback();
    },
  };

  const wrapped = { db, transactions };
  wrappers.set(root, wrapped);
  wrappers.set(db, wrapped);
  return wrapped;
}
