import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dataExports } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The archives of people's data and their links. */
export function createDataExportRepo(db: Database) {
  return {
    /** The account's archive asked for or ready, if it has one (it has at most one: data_exports_open_key). */
    async findOpen(userId: string): Promise<DataExportRow | undefined> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['REQUESTED', 'READY'])));
      return row;
    },

    async findLatest(userId: string): Promise<DataExportRow | undefined> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.requestedAt))
        .limit(1);
      return row;
    },

    /** A new request; undefined when another request of the account is open already (two at once: one wins). */
    async insertRequest(userId: string, requestedAt: Date): Promise<DataExportRow | undefined> {
      const [row] = await db.insert(dataExports).values({ userId, requestedAt }).onConflictDoNothing().returning();
      return row;
    },

    /**
     * Claims up to `limit` requests no process is building, until `claimedUntil`: rows another transaction has
     * locked are skipped, not waited for, so processes building together take different requests.
     */
    async claimRequested(now: Date, claimedUntil: Date, limit: number): Promise<DataExportRow[]> {
      // A CTE, evaluated once: an `IN (subquery)` whose plan runs the subquery again can claim more than `limit`.
      const due = db.$with('due').as(
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(
            and(
              eq(dataExports.status, 'REQUESTED'),
              or(isNull(dataExports.claimedUntil), lt(dataExports.claimedUntil, now)),
            ),
          )
          .orderBy(dataExports.requestedAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      return db
        .with(due)
        .update(dataExports)
        .set({ claimedUntil })
        .where(inArray(dataExports.id, db.select({ id: due.id }).from(due)))
        .returning();
    },

    /** The archive is on disk and its link's key chosen; false when the request is no longer open. */
    async markReady(id: string, ready: { keyHash: string; readyAt: Date; expiresAt: Date }): Promise<boolean> {
      const rows = await db
        .update(dataExports)
        .set({ ...ready, status: 'READY', claimedUntil: null })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'REQUESTED')))
        .returning({ id: dataExports.id });
      return rows.length > 0;
    },

    async findByKey(keyHash: string): Promise<DataExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.keyHash, keyHash));
      return row;
    },

    /** Uses the link up; false when it was used or lapsed meanwhile (two downloads racing: one wins). */
    async markDownloaded(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(dataExports)
        .set({ status: 'DOWNLOADED', downloadedAt: at })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'READY'), sql`${dataExports.expiresAt} > ${at}`))
        .returning({ id: dataExports.id });
      return rows.length > 0;
    },

    /** Archives whose time is up (downloaded or not), whose files are to go: up to `limit`, oldest first. */
    async findLapsed(now: Date, limit: number): Promise<DataExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(inArray(dataExports.status, ['READY', 'DOWNLOADED']), lte(dataExports.expiresAt, now)))
        .orderBy(dataExports.expiresAt)
        .limit(limit);
    },

    async markExpired(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(dataExports).set({ status: 'EXPIRED', claimedUntil: null }).where(inArray(dataExports.id, ids));
    },

    /** Every archive the account asked for, oldest first: the archive lists them too. */
    async allOf(userId: string): Promise<DataExportRow[]> {
      return db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(dataExports.requestedAt);
    },
  };
}

export type DataExportRepo = ReturnType<typeof createDataExportRepo>;
