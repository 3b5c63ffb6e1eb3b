import { randomBytes } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR } from '../../db/database';
import * as schema from '../../db/schema';
import { createChurch, createSocialMedia } from '../../../test/factories';
import { emptyDatabase, migrationsBefore } from '../../../test/migration-database';

const ENTRY_KEY_MIGRATION = '0012_social_media_entry_key';

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
