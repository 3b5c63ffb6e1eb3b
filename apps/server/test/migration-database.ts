import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { type Database, MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../src/db/database';
import * as schema from '../src/db/schema';
import { createChurch } from './factories';
import { adminQuery, databaseUrl } from './postgres-admin';

/**
 * For tests of a migration that changes stored rows: the migrations as they were before the one under test, a
 * copy of the folder with the journal cut short, removed when the test ends.
 */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of the kind the suite runs on, migrated from a folder on demand, gone when the test ends. */
export async function emptyDatabase(): Promise<{ db: Database; migrate(folder: string): Promise<void> }> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    onTestFinished(() => client.close());
    const db = drizzlePglite({ client, schema });
    return { db, migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }) };
  }
  const name = `churchtrades_migration_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(template.serverUrl, name), max: 1 });
  onTestFinished(async () => {
    await pool.end();
    await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  return { db, migrate: (migrationsFolder) => migrateNodePostgres(db, { migrationsFolder }) };
}

/**
 * A business (and its owner) in the tables as they were before a later migration: the factories write every
 * column of today's schema, some of which later migrations add.
 */
export async function tradeBeforeMigrations(db: Database, name = 'Parish Plumbing'): Promise<{ id: string }> {
  const church = await createChurch(db);
  const owner = await insertReturningId(
    db,
    sql`insert into users (first_name, last_name, email, password_hash) values ('Olive', 'Owner', ${`${randomBytes(6).toString('hex')}@example.com.au`}, 'not-a-real-hash') returning id`,
  );
  return insertReturningId(
    db,
    sql`insert into trades (name, state_type, church_id, owner_id) values (${name}, 'NSW', ${church.id}, ${owner.id}) returning id`,
  );
}

async function insertReturningId(db: Database, statement: SQL): Promise<{ id: string }> {
  // Both drivers answer a query with its rows; the union of their result types does not say so.
  const inserted = (await db.execute(statement)) as unknown as { rows: { id: string }[] };
  return inserted.rows[0]!;
}
