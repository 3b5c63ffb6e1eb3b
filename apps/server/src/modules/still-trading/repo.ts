import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { trades, users } from '../../db/schema';

/** A business a round's mail goes to, with its owner. */
export interface RoundTrade {
  id: string;
  name: string;
  askedAt: Date;
  ownerEmail: string;
  ownerFirstName: string;
  ownerEmailVerifiedAt: Date | null;
}

const roundOpen = and(isNotNull(trades.tradingCheckSentAt), eq(trades.moderationStatus, 'APPROVED'), eq(trades.expired, false));

export function createStillTradingRepo(db: Database) {
  /**
   * Sets `changes` on up to `limit` businesses meeting `due`, and answers them with their owners. A business
   * another process holds is skipped, and `due` is checked again on the locked row, so each business is
   * changed (and mailed) by one run only.
   */
  async function claim(due: SQL | undefined, changes: Partial<typeof trades.$inferInsert>, limit: number): Promise<RoundTrade[]> {
    // A CTE, evaluated once: as an `IN (subquery)` the LIMIT did not hold (three rows claimed at a limit of two).
    const batch = db
      .$with('batch')
      .as(db.select({ id: trades.id }).from(trades).where(due).orderBy(trades.id).limit(limit).for('update', { skipLocked: true }));
    const claimed = await db
      .with(batch)
      .update(trades)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(inArray(trades.id, db.select({ id: batch.id }).from(batch)), due))
      .returning({ id: trades.id });
    if (claimed.length === 0) return [];
    return db
      .select({
        id: trades.id,
        name: trades.name,
        askedAt: sql<Date>`${trades.tradingCheckSentAt}`.mapWith(trades.tradingCheckSentAt),
        ownerEmail: users.email,
        ownerFirstName: users.firstName,
        ownerEmailVerifiedAt: users.emailVerifiedAt,
      })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId))
      .where(inArray(trades.id, claimed.map((row) => row.id)));
  }

  return {
    /** Listed businesses whose period since approval or the last confirmation has passed: asked now. */
    askDue(now: Date, months: number, limit: number) {
      const since = sql`coalesce(${trades.tradingConfirmedAt}, ${trades.moderatedAt}, ${trades.createdAt})`;
      const due = and(
        eq(trades.listed, true),
        isNull(trades.tradingCheckSentAt),
        sql`${since} <= ${now.toISOString()}::timestamptz - make_interval(months => ${months})`,
      );
      return claim(due, { tradingCheckSentAt: now, tradingReminderSentAt: null }, limit);
    },

    /** Open rounds asked on or before `askedBy` and not yet reminded. */
    remindDue(now: Date, askedBy: Date, limit: number) {
      const due = and(roundOpen, isNull(trades.tradingReminderSentAt), lte(trades.tradingCheckSentAt, askedBy));
      return claim(due, { tradingReminderSentAt: now }, limit);
    },

    /** Open rounds asked on or before `askedBy`: out of the directory (the `listed` trigger) until a yes. */
    expireDue(askedBy: Date, limit: number) {
      const due = and(roundOpen, lte(trades.tradingCheckSentAt, askedBy));
      return claim(due, { expired: true, expiredForNoAnswer: true }, limit);
    },

    /**
     * Closes the round asked on `askedAt` with a yes: false when it is not open (confirmed already, or a newer
     * round replaced it). Lifts only the expiry this lifecycle set.
     */
    async confirm(tradeId: string, askedAt: Date, now: Date) {
      const [row] = await db
        .update(trades)
        .set({
          tradingConfirmedAt: now,
          tradingCheckSentAt: null,
          tradingReminderSentAt: null,
          expired: sql`${trades.expired} and not ${trades.expiredForNoAnswer}`,
          expiredForNoAnswer: false,
          updatedAt: sql`now()`,
        })
        .where(and(eq(trades.id, tradeId), eq(trades.tradingCheckSentAt, askedAt)))
        .returning({ name: trades.name, listed: trades.listed });
      return row;
    },

    async find(tradeId: string) {
      const [row] = await db
        .select({
          id: trades.id,
          name: trades.name,
          ownerId: trades.ownerId,
          expired: trades.expired,
          listed: trades.listed,
          expiredForNoAnswer: trades.expiredForNoAnswer,
          askedAt: trades.tradingCheckSentAt,
        })
        .from(trades)
        .where(eq(trades.id, tradeId));
      return row;
    },

    /**
     * An administrator flipped `expired`: their decision closes any open round and is never lifted by an owner's
     * yes. Lifting it restarts the period from now, so the next question comes a period later.
     */
    async settleAdministratorExpiry(tradeId: string, expired: boolean, now: Date): Promise<void> {
      await db
        .update(trades)
        .set({
          tradingCheckSentAt: null,
          tradingReminderSentAt: null,
          expiredForNoAnswer: false,
          ...(expired ? {} : { tradingConfirmedAt: now }),
        })
        .where(eq(trades.id, tradeId));
    },
  };
}

export type StillTradingRepo = ReturnType<typeof createStillTradingRepo>;
