import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { socialMedia, trades } from '../../db/schema';

export type SocialMediaRow = typeof socialMedia.$inferSelect;
type NewSocialMediaRow = typeof socialMedia.$inferInsert;
export type StoredMediaType = SocialMediaRow['mediaType'];

function socialMediaQueries(db: Database) {
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

    async insert(entry: NewSocialMediaRow): Promise<SocialMediaRow> {
      const [row] = await db.insert(socialMedia).values(entry).returning();
      return row!;
    },

    async update(id: string, fields: { name: string; mediaType: StoredMediaType }): Promise<SocialMediaRow | undefined> {
      const [row] = await db
        .update(socialMedia)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(socialMedia.id, id))
        .returning();
      return row;
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

export type SocialMediaQueries = ReturnType<typeof socialMediaQueries>;

export function createSocialMediaRepo(db: Database) {
  return {
    ...socialMediaQueries(db),
    /** Runs the work in one transaction, with the queries bound to it. */
    transaction: <T>(work: (queries: SocialMediaQueries) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(socialMediaQueries(tx))),
  };
}

export type SocialMediaRepo = ReturnType<typeof createSocialMediaRepo>;
