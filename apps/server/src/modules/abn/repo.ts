import { and, asc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { abnLookups, churches, churchMembers, trades, users } from '../../db/schema';
import type { RegisterAnswer } from './register-client';

type TradeUpdate = Partial<typeof trades.$inferInsert>;

/** The ABN columns of a business, written together whenever its ABN is entered, removed or checked. */
export type AbnState = Pick<TradeUpdate, 'abn' | 'abnStatus' | 'abnCheckedAt' | 'abnRegisteredName' | 'abnNextCheckAt'>;

export function createAbnRepo(db: Database) {
  return {
    /** The register's last answer about the ABN, with when it was fetched. */
    async findLookup(abn: string): Promise<{ answer: RegisterAnswer; fetchedAt: Date } | undefined> {
      const [row] = await db.select().from(abnLookups).where(eq(abnLookups.abn, abn));
      return row && { answer: row.answer as RegisterAnswer, fetchedAt: row.fetchedAt };
    },

    async saveLookup(abn: string, answer: RegisterAnswer, fetchedAt: Date): Promise<void> {
      await db
        .insert(abnLookups)
        .values({ abn, answer, fetchedAt })
        .onConflictDoUpdate({ target: abnLookups.abn, set: { answer, fetchedAt } });
    },

    /** A business with what its ABN must be registered to (its name, kind and owner) and who hears of a change. */
    async findTrade(id: string) {
      const [row] = await db
        .select({
          id: trades.id,
          name: trades.name,
          businessKind: trades.businessKind,
          abn: trades.abn,
          abnStatus: trades.abnStatus,
          churchId: trades.churchId,
          churchName: churches.name,
          owner: { email: users.email, firstName: users.firstName, lastName: users.lastName, emailVerifiedAt: users.emailVerifiedAt },
        })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(eq(trades.id, id));
      return row;
    },

    /** Writes what the register said, unless the business's ABN changed meanwhile (that one is checked anew). */
    async saveState(id: string, abn: string, state: AbnState): Promise<void> {
      await db
        .update(trades)
        .set(state)
        .where(and(eq(trades.id, id), eq(trades.abn, abn)));
    },

    /**
     * Businesses whose ABN is due for the register, the longest waiting first: those whose next check has come,
     * and those only checked by their digits while no register was asked.
     */
    async findDue(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(isNotNull(trades.abn), or(lte(trades.abnNextCheckAt, now), eq(trades.abnStatus, 'CHECKSUM_ONLY'))))
        .orderBy(asc(trades.abnNextCheckAt), asc(trades.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The owner's business, when it is a sole trader's with an ABN. */
    async findSoleTraderOf(ownerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(eq(trades.ownerId, ownerId), eq(trades.businessKind, 'SOLE_TRADER'), isNotNull(trades.abn)));
      return row?.id;
    },

    /** The moderators of the church, as their mails address them. */
    async findModerators(churchId: string) {
      return db
        .select({ email: users.email, firstName: users.firstName, emailVerifiedAt: users.emailVerifiedAt })
        .from(churchMembers)
        .innerJoin(users, eq(users.id, churchMembers.userId))
        .where(and(eq(churchMembers.churchId, churchId), eq(churchMembers.churchRole, 'MODERATOR'), eq(users.enabled, true)));
    },
  };
}

export type AbnRepo = ReturnType<typeof createAbnRepo>;
export type AbnTrade = NonNullable<Awaited<ReturnType<AbnRepo['findTrade']>>>;
