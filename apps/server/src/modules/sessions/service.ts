import { createHash } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { REVIEW_CHECKS } from '@churchtrades/shared/reviews';
import type { Role } from '@churchtrades/shared/roles';
import type { SessionView } from '@churchtrades/shared/sessions';
import type { Clock } from '../../clock';
import { AppError } from '../../http/app-error';
import { hashToken, isToken, newToken } from '../../tokens';
import { networkOf } from '../rate-limits/service';
import { deviceName } from './device-name';
import type { LiveAt, SessionRepo, SessionStage } from './repo';

const MINUTE_MS = 60 * 1000;

export const SESSION_LIFETIME_MS = {
  // Long enough to open an authenticator app, short enough that a stolen half-session soon dies. A full
  // session's limits are the configuration's (`SessionLimits`).
  MFA_PENDING: 10 * MINUTE_MS,
} as const;

/** A use is written at most this often, so that not every request writes to the database. */
export const LAST_SEEN_STEP_MS = MINUTE_MS;

/**
 * How long the networks an account logged in from are kept: as long as a review from one of them is held when
 * the account owns the business it is about (reviews/service.ts), and no longer.
 */
export const LOGIN_NETWORKS_KEPT_MS = REVIEW_CHECKS.ownerNetworkDays * 24 * 60 * MINUTE_MS;

/** Browsers send a few hundred characters; more is kept no longer than this. */
export const USER_AGENT_MAX_LENGTH = 512;

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after its login, however much it is used. */
  lifetimeMs: number;
}

/** Where a login comes from, as the account's sessions page shows it. */
export interface SessionOrigin {
  address: string;
  userAgent: string;
}

/** Who is logged in, as later checks need it. */
export interface SignedInUser {
  userId: string;
  role: Role;
}

export interface CurrentSession {
  tokenHash: string;
  stage: SessionStage;
  user: SignedInUser;
  /** Set when this request moved the session's end: the cookie's expiry follows it. */
  renewedUntil?: Date;
}

/** A session just made: the token goes into the cookie and nowhere else. */
export interface NewSession {
  token: string;
  stage: SessionStage;
  expiresAt: Date;
}

/**
 * The id the sessions page names a session by. Derived from the stored hash by another hash: it cannot be
 * turned back into the hash, let alone the token, and the hash it comes from is far too random to guess.
 */
export function sessionIdOf(tokenHash: string): string {
  return createHash('sha256').update(`session-id:${tokenHash}`).digest('base64url').slice(0, 22);
}

export function createSessionService(repo: SessionRepo, clock: Clock, limits: SessionLimits) {
  function liveAt(now: Date): LiveAt {
    return {
      now,
      usedAfter: new Date(now.getTime() - limits.idleMs),
      begunAfter: new Date(now.getTime() - limits.lifetimeMs),
    };
  }

  /** The end of a full session used at `now`: idle from then, and never past its lifetime. */
  function endOfActive(createdAt: Date, now: Date): Date {
    return new Date(Math.min(now.getTime() + limits.idleMs, createdAt.getTime() + limits.lifetimeMs));
  }

  async function ownSessions(session: CurrentSession) {
    return repo.listLive(session.user.userId, liveAt(clock()));
  }

  return {
    async start(userId: string, stage: SessionStage, origin: SessionOrigin): Promise<NewSession> {
      const token = newToken();
      const now = clock();
      const expiresAt =
        stage === 'ACTIVE' ? endOfActive(now, now) : new Date(now.getTime() + SESSION_LIFETIME_MS.MFA_PENDING);
      const network = networkOf(origin.address);
      await repo.insert({
        tokenHash: hashToken(token),
        userId,
        stage,
        createdAt: now,
        expiresAt,
        userAgent: origin.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        network,
      });
      // A half-session is no login yet: only a full one says the account's owner was on the network.
      if (stage === 'ACTIVE') await repo.noteLoginNetwork(userId, network, now);
      return { token, stage, expiresAt };
    },

    /** Whether the account logged in from the network after `since`; logins are remembered `LOGIN_NETWORKS_KEPT_MS`. */
    loggedInFrom: (userId: string, network: string, since: Date): Promise<boolean> => repo.loggedInFromSince(userId, network, since),

    /** The live session of the token; a full session's use is recorded, at most once a minute. */
    async find(token: string): Promise<CurrentSession | undefined> {
      if (!isToken(token)) return undefined;
      const now = clock();
      const row = await repo.findLive(hashToken(token), liveAt(now));
      if (!row) return undefined;
      const session: CurrentSession = { tokenHash: row.tokenHash, stage: row.stage, user: { userId: row.userId, role: row.role } };
      if (row.stage !== 'ACTIVE' || now.getTime() - row.lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return session;
      const expiresAt = endOfActive(row.createdAt, now);
      await repo.touch(row.tokenHash, now, expiresAt, new Date(now.getTime() - LAST_SEEN_STEP_MS));
      return { ...session, renewedUntil: expiresAt };
    },

    /** The account's logged-in sessions, as its sessions page lists them, the one asking marked. */
    async listOf(session: CurrentSession): Promise<SessionView[]> {
      const rows = await ownSessions(session);
      return rows.map((row) => ({
        sessionId: sessionIdOf(row.tokenHash),
        device: deviceName(row.userAgent),
        network: row.network,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.tokenHash === session.tokenHash,
      }));
    },

    /**
     * Ends one session of the asking account, named by its id; an id of no session of theirs (another
     * account's included) is not found. Answers whether it was the asking session itself.
     */
    async endOneOf(session: CurrentSession, sessionId: string): Promise<{ endedCurrent: boolean }> {
      const rows = await ownSessions(session);
      const chosen = rows.find((row) => sessionIdOf(row.tokenHash) === sessionId);
      if (!chosen) throw new AppError('NOT_FOUND', MESSAGES.sessionNotFound);
      await repo.delete(chosen.tokenHash);
      return { endedCurrent: chosen.tokenHash === session.tokenHash };
    },

    end: (token: string) => repo.delete(hashToken(token)),

    endByHash: (tokenHash: string) => repo.delete(tokenHash),

    /** Ends every session of the user, except the one given (the one asking, when it is kept). */
    endAllOf: (userId: string, except?: CurrentSession) => repo.deleteAllOf(userId, except?.tokenHash),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
