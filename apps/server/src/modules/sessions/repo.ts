import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { loginNetworks, type sessionStage, sessions, users } from '../../db/schema';

export type SessionStage = (typeof sessionStage.enumValues)[number];

export interface SessionRow {
  tokenHash: string;
  userId: string;
  stage: SessionStage;
  expiresAt: Date;
  userAgent: string;
  network: string;
}

/** Where a session stands: a live one was used after `usedAfter` and began after `begunAfter`. */
export interface LiveAt {
  now: Date;
  usedAfter: Date;
  begunAfter: Date;
}

function live({ now, usedAfter, begunAfter }: LiveAt) {
  return and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, usedAfter), gt(sessions.createdAt, begunAfter));
}

export function createSessionRepo(db: Database) {
  return {
    async insert(session: SessionRow & { createdAt: Date }): Promise<void> {
      await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
    },

    /** The session and its user's role, while it is live and its user may still log in. */
    async findLive(tokenHash: string, at: LiveAt) {
      const [row] = await db
        .select({
          tokenHash: sessions.tokenHash,
          stage: sessions.stage,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userId: users.id,
          role: users.role,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            live(at),
            sql`${users.enabled} and ${users.accountNonLocked} and ${users.accountNonExpired}`,
          ),
        );
      return row;
    },

    /**
     * Records a use of the session, unless one was recorded after `unlessSeenAfter`: requests arriving
     * together write it once.
     */
    async touch(tokenHash: string, now: Date, expiresAt: Date, unlessSeenAfter: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, unlessSeenAfter)));
    },

    /** The user's live, fully logged-in sessions, the most recently used first. */
    async listLive(userId: string, at: LiveAt) {
      return db
        .select({
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
          network: sessions.network,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.stage, 'ACTIVE'), live(at)))
        .orderBy(desc(sessions.lastSeenAt), asc(sessions.tokenHash));
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

    /** Notes a login of the account from the network: the latest one from each network is kept, whichever commits first. */
    async noteLoginNetwork(userId: string, network: string, at: Date): Promise<void> {
      await db
        .insert(loginNetworks)
        .values({ userId, network, lastLoginAt: at })
        .onConflictDoUpdate({
          target: [loginNetworks.userId, loginNetworks.network],
          set: { lastLoginAt: sql`greatest(${loginNetworks.lastLoginAt}, excluded.last_login_at)` },
        });
    },

    async loggedInFromSince(userId: string, network: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ userId: loginNetworks.userId })
        .from(loginNetworks)
        .where(and(eq(loginNetworks.userId, userId), eq(loginNetworks.network, network), gt(loginNetworks.lastLoginAt, since)));
      return row !== undefined;
    },

    async forgetLoginNetworksBefore(before: Date): Promise<void> {
      await db.delete(loginNetworks).where(lte(loginNetworks.lastLoginAt, before));
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
