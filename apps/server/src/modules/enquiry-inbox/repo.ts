import type { EnquiryAuthor, EnquiryFolder } from '@churchtrades/shared/enquiries';
import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversationMessages } from '../enquiries/conversation-messages';
import { enquiries, enquiryDailyCounts, enquiryMessages, enquirySpamReports, trades } from '../../db/schema';

/** How much of the first message a list shows. */
export const PREVIEW_LENGTH = 160;

export type EnquiryRow = typeof enquiries.$inferSelect;

/** An enquiry as the owner's list shows it. */
export interface SummaryRow {
  id: string;
  senderName: string;
  senderSuburb: string;
  preview: string;
  folder: EnquiryFolder;
  readAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  lastMessageAt: Date;
}

const delivered = eq(enquiries.delivery, 'DELIVERED');

/** The start of the visitor's first message: the enquiry itself. */
const preview = sql<string>`(
  select left(${enquiryMessages.body}, ${PREVIEW_LENGTH}) from ${enquiryMessages}
  where ${enquiryMessages.enquiryId} = ${enquiries.id}
  order by ${enquiryMessages.createdAt}, ${enquiryMessages.id} limit 1
)`;

/** The enquiries' table as its owner reads it: delivered enquiries of one business. */
export function createEnquiryInboxRepo(db: Database) {
  return {
    /** The business the user owns (one at most), with its church. */
    async ownTrade(userId: string): Promise<{ id: string; name: string; churchId: string } | undefined> {
      const [row] = await db
        .select({ id: trades.id, name: trades.name, churchId: trades.churchId })
        .from(trades)
        .where(eq(trades.ownerId, userId))
        .limit(1);
      return row;
    },

    /** A page of the business's delivered enquiries of one folder, the latest conversation first. */
    async page(tradeId: string, folder: EnquiryFolder, window: { offset: number; limit: number }): Promise<SummaryRow[]> {
      return db
        .select({
          id: enquiries.id,
          senderName: enquiries.senderName,
          senderSuburb: enquiries.senderSuburb,
          preview: sql<string>`coalesce(${preview}, '')`,
          folder: enquiries.folder,
          readAt: enquiries.readAt,
          deliveredAt: enquiries.deliveredAt,
          createdAt: enquiries.createdAt,
          lastMessageAt: enquiries.lastMessageAt,
        })
        .from(enquiries)
        .where(and(eq(enquiries.tradeId, tradeId), eq(enquiries.folder, folder), delivered))
        .orderBy(desc(enquiries.lastMessageAt), desc(enquiries.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    /** The business's delivered enquiries per folder, and the unread among them. */
    async counts(tradeId: string): Promise<{ folder: EnquiryFolder; total: number; unread: number }[]> {
      return db
        .select({
          folder: enquiries.folder,
          total: count(),
          unread: sql<number>`count(*) filter (where ${enquiries.readAt} is null)`.mapWith(Number),
        })
        .from(enquiries)
        .where(and(eq(enquiries.tradeId, tradeId), delivered))
        .groupBy(enquiries.folder);
    },

    /** A delivered enquiry of the business; locked until the transaction ends when `forUpdate`. */
    async find(tradeId: string, id: string, forUpdate = false): Promise<EnquiryRow | undefined> {
      const query = db
        .select()
        .from(enquiries)
        .where(and(eq(enquiries.id, id), eq(enquiries.tradeId, tradeId), delivered));
      const [row] = await (forUpdate ? query.for('update') : query);
      return row;
    },

    /** Any enquiry, whatever its business and delivery. */
    async findAny(id: string): Promise<EnquiryRow | undefined> {
      const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
      return row;
    },

    messages: (enquiryId: string) => conversationMessages(db, enquiryId),

    async spamReported(enquiryId: string): Promise<boolean> {
      const [row] = await db.select({ id: enquirySpamReports.id }).from(enquirySpamReports).where(eq(enquirySpamReports.enquiryId, enquiryId));
      return row !== undefined;
    },

    /** Marks it read, unless it was read already. */
    async markRead(id: string, at: Date): Promise<void> {
      await db.update(enquiries).set({ readAt: at }).where(and(eq(enquiries.id, id), isNull(enquiries.readAt)));
    },

    async update(id: string, changes: { folder?: EnquiryFolder; readAt?: Date | null }): Promise<void> {
      await db.update(enquiries).set(changes).where(eq(enquiries.id, id));
    },

    async addMessage(enquiryId: string, author: EnquiryAuthor, body: string, at: Date): Promise<void> {
      await db.insert(enquiryMessages).values({ enquiryId, author, body, createdAt: at });
    },

    /**
     * The owner answered: filed as answered, read, its first answer's time kept, and a link the visitor had
     * stopped working again under its current version.
     */
    async answered(id: string, at: Date): Promise<void> {
      await db
        .update(enquiries)
        .set({
          folder: 'ANSWERED',
          readAt: sql`coalesce(${enquiries.readAt}, ${at.toISOString()}::timestamptz)`,
          firstAnsweredAt: sql`coalesce(${enquiries.firstAnsweredAt}, ${at.toISOString()}::timestamptz)`,
          lastMessageAt: at,
          linkRevokedAt: null,
        })
        .where(eq(enquiries.id, id));
    },

    /** One more enquiry answered by the business on `day` (YYYY-MM-DD). */
    async countAnswered(tradeId: string, day: string): Promise<void> {
      await db
        .insert(enquiryDailyCounts)
        .values({ tradeId, day, answered: 1 })
        .onConflictDoUpdate({
          target: [enquiryDailyCounts.tradeId, enquiryDailyCounts.day],
          set: { answered: sql`${enquiryDailyCounts.answered} + 1` },
        });
    },

    /** The owner's report of the enquiry, once: false when it was reported before. */
    async report(row: { enquiryId: string; churchId: string; reportedBy: string; reason: string | null; at: Date }): Promise<boolean> {
      const added = await db
        .insert(enquirySpamReports)
        .values({ enquiryId: row.enquiryId, churchId: row.churchId, reportedBy: row.reportedBy, reason: row.reason, reportedAt: row.at })
        .onConflictDoNothing()
        .returning({ id: enquirySpamReports.id });
      return added.length > 0;
    },

    /**
     * The median time to the first answer, in milliseconds, of the business's enquiries delivered since `since`
     * and answered, and how many those are: one read of `enquiries_answered_idx`.
     */
    async answerTimes(tradeId: string, since: Date): Promise<{ answered: number; medianMs: number | null }> {
      const median = sql`percentile_cont(0.5) within group (order by extract(epoch from ${enquiries.firstAnsweredAt} - ${enquiries.deliveredAt}))`;
      const [row] = await db
        .select({ answered: count(), medianSeconds: sql<number | null>`${median}`.mapWith(Number) })
        .from(enquiries)
        .where(and(eq(enquiries.tradeId, tradeId), isNotNull(enquiries.firstAnsweredAt), gte(enquiries.deliveredAt, since)));
      const seconds = row?.medianSeconds;
      return { answered: row?.answered ?? 0, medianMs: seconds === null || seconds === undefined ? null : seconds * 1000 };
    },
  };
}

export type EnquiryInboxRepo = ReturnType<typeof createEnquiryInboxRepo>;
