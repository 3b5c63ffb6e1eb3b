import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/config';
import { SERVER_DIR } from '../install-dirs';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 727_274_801;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The database the configuration names: its PostgreSQL server, or the embedded one in its data directory. */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * The connection pool to a PostgreSQL server, when the app runs on one; the embedded PGlite has a single
 * in-process connection and no pool. Drizzle keeps the client it was given as `$client`.
 */
export function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Whether the app runs on the embedded database, which one process at a time may open. */
export function isEmbedded(db: Database): boolean {
  return poolOf(db) === undefined;
}

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize ?? 10) : openPglite(target);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  // JIT compilation adds tens of milliseconds to the directory's short queries and never pays back.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // An idle client losing its server (a database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a client checked out for a transaction: pg emits 'error' on it too, and the pool listens only while
  // the client is idle. Its queries fail with that error anyway, and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    db: drizzleNodePostgres({ client: pool, schema }),
    kind: 'postgres',
    async migrate() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Several app instances may start together: only one migrates at a time.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  const unlock = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const client = await PGlite.create({
      dataDir: target.dataDir ? path.join(target.dataDir, 'pglite') : undefined,
      loadDataDir: target.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * SQLSTATE classes and codes meaning "no database to talk to right now" rather than a fault of the statement:
 * connection exceptions (08), a server shutting down or starting up (57P01-57P03), too many connections.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres says these in words only, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /not queryable/,
];
const MAX_CAUSE_DEPTH = 5;

/**
 * The error and those it wraps, outermost first, each with its `code` when it has one (a SQLSTATE, a socket error).
 * Drizzle wraps driver errors in its own (DrizzleQueryError), with the driver's as `cause`.
 */
export function errorChain(error: unknown): { message: string; code: string | undefined }[] {
  const chain = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    chain.push({ message: current.message, code: typeof code === 'string' ? code : undefined });
    current = current.cause;
  }
  return chain;
}

/** SQLSTATEs of the constraints a repo turns into an answer of its own (a name taken, a parent gone). */
export const CONSTRAINT_SQLSTATES = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/** Whether the database refused the statement with this SQLSTATE, on the error or one it wraps. */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  return errorChain(error).some(({ code }) => code === sqlState);
}

/**
 * Whether an error means the database cannot be reached (stopped, restarting, unreachable) as opposed to a fault
 * of the request or the code: such a request may succeed when tried again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    ({ message, code }) =>
      (code !== undefined && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) ||
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)),
  );
}
