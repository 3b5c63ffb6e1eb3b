import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/database';
import * as schema from '../../db/schema';
import { createSocialMedia } from '../../../test/factories';
import { emptyDatabase, migrationsBefore, tradeBeforeMigrations } from '../../../test/migration-database';

const ENTRY_KEY_MIGRATION = '0012_social_media_entry_key';

describe('the migration that makes a social media entry unique per business', () => {
  it('keeps the first of the identical entries stored before it, and every entry that differs', async () => {
    const database = await emptyDatabase();
    await database.migrate(migrationsBefore(ENTRY_KEY_MIGRATION));
    const trade = await tradeBeforeMigrations(database.db, 'Parish Plumbing');
    const other = await tradeBeforeMigrations(database.db, 'Other Plumbing');
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
