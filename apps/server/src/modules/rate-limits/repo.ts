import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rateLimitCounters } from '../../db/schema';

export interface CounterState {
  hits: number;
  resetsAt: Date;
}

export function createRateLimitRepo(db: Database) {
  return {
    /**
     * Counts one attempt for the key in one statement, so that parallel attempts on several instances are all
     * counted: a window that has ended starts again at 1.
     */
    async hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
      const nextReset = new Date(now.getTime() + windowMs);
      const ended = sql`${rateLimitCounters.resetsAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, resetsAt: nextReset })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then ${nextReset.toISOString()}::timestamptz else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt });
      return row!;
    },

    /** The counter of the key, unless its window has ended; nothing is counted. */
    async current(key: string, now: Date): Promise<CounterState | undefined> {
      const [row] = await db
        .select({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetsAt, now)));
      return row;
    },

    /**
     * Forgets the counters of the keys, and of every key that begins with one of the prefixes. Rare (a password
     * reset), so the scan of the table that `starts_with` may need is no burden.
     */
    async remove(keys: string[], prefixes: string[]): Promise<void> {
      const prefixed = prefixes.map((prefix) => sql`starts_with(${rateLimitCounters.key}, ${prefix})`);
      await db.delete(rateLimitCounters).where(or(inArray(rateLimitCounters.key, keys), ...prefixed));
    },

    async sweepEnded(now: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetsAt, now));
    },
  };
}

export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;
