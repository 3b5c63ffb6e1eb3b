import type { FailedMailQuery } from '@churchtrades/shared/mail-outbox';
import { and, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { outboxMails } from '../../db/schema';

export type OutboxRow = typeof outboxMails.$inferSelect;
export type NewOutboxMail = Pick<typeof outboxMails.$inferInsert, 'messageId' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'headers'>;
/** A mail claimed for delivery: its body is there, since only a sent mail loses it. */
export type ClaimedMail = OutboxRow & { textBody: string; htmlBody: string };

/** How many mails wait, wait again after a failed try, were given up on, or were sent (and are still kept). */
export interface OutboxCounts {
  queued: number;
  retrying: number;
  failed: number;
  sent: number;
}

function afterMs(ms: number) {
  return sql`now() + ${ms} * interval '1 millisecond'`;
}

// Every time here is the database's: app processes on several machines agree on it.
export function createOutboxRepo(db: Database) {
  return {
    async insert(mail: NewOutboxMail): Promise<void> {
      await db.insert(outboxMails).values(mail);
    },

    /**
     * Claims up to `limit` mails due now, none claimed by another process, for `claimMs`: rows another
     * transaction has locked are skipped, not waited for, so processes claiming together take different mails.
     */
    async claimDue(limit: number, claimMs: number): Promise<ClaimedMail[]> {
      // A CTE, evaluated once: an `IN (subquery)` whose plan runs the subquery again can claim more than `limit`.
      const due = db.$with('due').as(
        db
          .select({ id: outboxMails.id })
          .from(outboxMails)
          .where(
            and(
              eq(outboxMails.state, 'QUEUED'),
              sql`${outboxMails.nextTryAt} <= now()`,
              or(sql`${outboxMails.claimedUntil} is null`, lt(outboxMails.claimedUntil, sql`now()`)),
            ),
          )
          .orderBy(outboxMails.nextTryAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      const claimed = await db
        .with(due)
        .update(outboxMails)
        .set({ claimedUntil: afterMs(claimMs), tries: sql`${outboxMails.tries} + 1` })
        .where(inArray(outboxMails.id, db.select({ id: due.id }).from(due)))
        .returning();
      return claimed as ClaimedMail[];
    },

    /** The mail server took it: its body, with the one-time keys of its links, is not kept. */
    async markSent(id: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ state: 'SENT', sentAt: sql`now()`, claimedUntil: null, textBody: null, htmlBody: null })
        .where(eq(outboxMails.id, id));
    },

    async markForRetry(id: string, delayMs: number, error: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ nextTryAt: afterMs(delayMs), claimedUntil: null, lastError: error })
        .where(eq(outboxMails.id, id));
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ state: 'FAILED', failedAt: sql`now()`, claimedUntil: null, lastError: error })
        .where(eq(outboxMails.id, id));
    },

    /** Lets go of every claim: for a process that knows no other one delivers from this database. */
    async releaseClaims(): Promise<void> {
      await db.update(outboxMails).set({ claimedUntil: null }).where(isNotNull(outboxMails.claimedUntil));
    },

    async failedPage(query: FailedMailQuery): Promise<{ rows: OutboxRow[]; total: number }> {
      const failed = eq(outboxMails.state, 'FAILED');
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(outboxMails)
          .where(failed)
          .orderBy(desc(outboxMails.failedAt), desc(outboxMails.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(outboxMails).where(failed),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The failed mail, locked until the transaction ends, so that two administrators cannot both send it again. */
    async findFailedForUpdate(id: string): Promise<OutboxRow | undefined> {
      const [failed] = await db
        .select()
        .from(outboxMails)
        .where(and(eq(outboxMails.id, id), eq(outboxMails.state, 'FAILED')))
        .for('update');
      return failed;
    },

    /** Queues a failed mail again, with all its tries ahead of it. */
    async requeue(id: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ state: 'QUEUED', tries: 0, nextTryAt: sql`now()`, failedAt: null, lastError: null })
        .where(eq(outboxMails.id, id));
    },

    async counts(): Promise<OutboxCounts> {
      const [counts] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${outboxMails.state} = 'QUEUED' and ${outboxMails.lastError} is null)`.mapWith(Number),
          retrying: sql<number>`count(*) filter (where ${outboxMails.state} = 'QUEUED' and ${outboxMails.lastError} is not null)`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${outboxMails.state} = 'FAILED')`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${outboxMails.state} = 'SENT')`.mapWith(Number),
        })
        .from(outboxMails);
      return counts ?? { queued: 0, retrying: 0, failed: 0, sent: 0 };
    },

    /** Forgets sent mails, and failed ones nobody sent again, older than these ages. */
    async deleteOld(ages: { sentMs: number; failedMs: number }): Promise<void> {
      await db
        .delete(outboxMails)
        .where(
          or(
            and(eq(outboxMails.state, 'SENT'), lt(outboxMails.sentAt, sql`now() - ${ages.sentMs} * interval '1 millisecond'`)),
            and(eq(outboxMails.state, 'FAILED'), lt(outboxMails.failedAt, sql`now() - ${ages.failedMs} * interval '1 millisecond'`)),
          ),
        );
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
