import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { type Database, MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../../db/database';
import * as schema from '../../db/schema';
import { createChurch, createSocialMedia } from '../../../test/factories';
import { adminQuery, databaseUrl } from '../../../test/postgres-admin';

const ENTRY_KEY_MIGRATION = '0012_social_media_entry_key';

/** The migrations as they were before the one under test: a copy of the folder with the journal cut short. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of the kind the suite runs on, migrated from a folder on demand. */
async function emptyDatabase(): Promise<{ db: Database; migrate(folder: string): Promise<void> }> {
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
 * A business in the tables as they were before the migration: the factories write every column of today's
 * schema, some of which later migrations add.
 */
async function tradeBefore(db: Database, name: string): Promise<{ id: string }> {
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

describe('the migration that makes a social media entry unique per business', () => {
  it('keeps the first of the identical entries stored before it, and every entry that differs', async () => {
    const database = await emptyDatabase();
    await database.migrate(migrationsBefore(ENTRY_KEY_MIGRATION));
    const trade = await tradeBefore(database.db, 'Parish Plumbing');
    const other = await tradeBefore(database.db, 'Other Plumbing');
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));
    const first = await createSocialMedia(database.db, trade.id, { name: 'parishplumbing', createdAt: at(1) });
    await createSocialMedia(database.db, trade.id, { name: 'parishplumbing', createdAt: at(2) });
    await createSocialMedia(database.db, trade.id, { name: 'parishplumbing', createdAt: at(3) });
    const otherType = await createSocialMedia(database.db, trade.id, { name: 'parishplumbing', mediaType: 'TIKTOK' });
    const otherTrade = await createSocialMedia(database.db, other.id, { name: 'parishplumbing', createdAt: at(3) });

    await database.migrate(MIGRATIONS_DIR);

    const kept = await database.db
      .select({ id: schema.socialMedia.id })
      .from(schema.socialMedia)
      .where(eq(schema.socialMedia.name, 'parishplumbing'));
    expect(kept.map((row) => row.id).sort()).toEqual([first.id, otherType.id, otherTrade.id].sort());
  });
});
