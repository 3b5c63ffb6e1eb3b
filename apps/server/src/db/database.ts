import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 727_274_801;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize ?? 10) : openPglite(target);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  // JIT compilation adds tens of milliseconds to the directory's short queries and never pays back.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // An idle client losing its server (a database restart) must not crash the process.
  pool.on('error', () => undefined);
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
