import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type sessionStage, sessions, users } from '../../db/schema';

export type SessionStage = (typeof sessionStage.enumValues)[number];

export interface SessionRow {
  tokenHash: string;
  userId: string;
  stage: SessionStage;
  expiresAt: Date;
}

export function createSessionRepo(db: Database) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /** The session and its user's role, while it has not expired and its user may still log in. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ tokenHash: sessions.tokenHash, stage: sessions.stage, userId: users.id, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, now),
            sql`${users.enabled} and ${users.accountNonLocked} and ${users.accountNonExpired}`,
          ),
        );
      return row;
    },

    async delete(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteAllOf(userId: string, exceptTokenHash?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, userId), exceptTokenHash === undefined ? undefined : ne(sessions.tokenHash, exceptTokenHash)),
        );
    },

    async sweepExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lte(sessions.expiresAt, now));
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
