import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { CONSTRAINT_SQLSTATES, type Database, hasSqlState } from '../../db/database';
import { socialMedia, trades } from '../../db/schema';

export type SocialMediaRow = typeof socialMedia.$inferSelect;
type NewSocialMediaRow = typeof socialMedia.$inferInsert;
export type StoredMediaType = SocialMediaRow['mediaType'];

/** What makes two entries the same: one business, one media type, one name (db/schema.ts `social_media_entry_key`). */
type EntryKey = Pick<SocialMediaRow, 'entityId' | 'mediaType' | 'name'>;

export function createSocialMediaRepo(db: Database) {
  async function findSame({ entityId, mediaType, name }: EntryKey): Promise<SocialMediaRow | undefined> {
    const [row] = await db
      .select()
      .from(socialMedia)
      .where(and(eq(socialMedia.entityId, entityId), eq(socialMedia.mediaType, mediaType), eq(socialMedia.name, name)));
    return row;
  }

  return {
    /** A business's entries, oldest first. */
    async listByTrade(tradeId: string): Promise<SocialMediaRow[]> {
      return db
        .select()
        .from(socialMedia)
        .where(eq(socialMedia.entityId, tradeId))
        .orderBy(asc(socialMedia.createdAt), asc(socialMedia.id));
    },

    /** The entries of these businesses, oldest first. */
    async listByTrades(tradeIds: string[]): Promise<SocialMediaRow[]> {
      if (tradeIds.length === 0) return [];
      return db
        .select()
        .from(socialMedia)
        .where(inArray(socialMedia.entityId, tradeIds))
        .orderBy(asc(socialMedia.createdAt), asc(socialMedia.id));
    },

    /** The entry with this id, or else the one with this reference id. */
    async findByIdOrReference(id: string): Promise<SocialMediaRow | undefined> {
      const rows = await db
        .select()
        .from(socialMedia)
        .where(or(eq(socialMedia.id, id), eq(socialMedia.referenceId, id)))
        .orderBy(sql`${socialMedia.id} = ${id} desc`)
        .limit(1);
      return rows[0];
    },

    findSame,

    /**
     * How many entries the business has, its row locked until the transaction ends: two entries added at once
     * are counted one after the other.
     */
    async countOfTradeLocked(tradeId: string): Promise<number> {
      await db.select({ id: trades.id }).from(trades).where(eq(trades.id, tradeId)).for('update');
      const [row] = await db.select({ entries: count() }).from(socialMedia).where(eq(socialMedia.entityId, tradeId));
      return row?.entries ?? 0;
    },

    /**
     * The entry, inserted, or the same one stored before (`inserted` false). Two creates of one entry sent at
     * once store it once: the unique index makes the second wait for the first, then find its row.
     */
    async insertUnlessStored(entry: NewSocialMediaRow): Promise<{ row: SocialMediaRow; inserted: boolean }> {
      // Twice at most: the entry found in the way may be deleted before it is read.
      for (let attempt = 1; ; attempt += 1) {
        const [inserted] = await db.insert(socialMedia).values(entry).onConflictDoNothing().returning();
        if (inserted) return { row: inserted, inserted: true };
        const stored = await findSame(entry);
        if (stored) return { row: stored, inserted: false };
        if (attempt === 2) throw new Error('social media entry neither inserted nor found');
      }
    },

    /** The entry changed, undefined when it is gone, or 'duplicate' when the business has the changed one already. */
    async update(id: string, fields: { name: string; mediaType: StoredMediaType }): Promise<SocialMediaRow | undefined | 'duplicate'> {
      try {
        const [row] = await db
          .update(socialMedia)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(socialMedia.id, id))
          .returning();
        return row;
      } catch (error) {
        if (hasSqlState(error, CONSTRAINT_SQLSTATES.uniqueViolation)) return 'duplicate';
        throw error;
      }
    },

    async delete(id: string): Promise<SocialMediaRow | undefined> {
      const [row] = await db.delete(socialMedia).where(eq(socialMedia.id, id)).returning();
      return row;
    },

    /** The WEBSITE entry of the business changed last, if it has any. */
    async latestWebsiteEntry(tradeId: string): Promise<SocialMediaRow | undefined> {
      const [row] = await db
        .select()
        .from(socialMedia)
        .where(and(eq(socialMedia.entityId, tradeId), eq(socialMedia.mediaType, 'WEBSITE')))
        .orderBy(desc(socialMedia.updatedAt), desc(socialMedia.createdAt), desc(socialMedia.id))
        .limit(1);
      return row;
    },

    async setTradeWebsite(tradeId: string, website: string | null): Promise<void> {
      await db
        .update(trades)
        .set({ website, updatedAt: sql`now()` })
        .where(eq(trades.id, tradeId));
    },
  };
}

export type SocialMediaRepo = ReturnType<typeof createSocialMediaRepo>;
