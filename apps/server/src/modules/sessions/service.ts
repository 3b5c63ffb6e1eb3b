import type { Role } from '@churchtrades/shared/roles';
import type { Clock } from '../../clock';
import { hashToken, newToken } from '../../tokens';
import type { SessionRepo, SessionStage } from './repo';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const SESSION_LIFETIME_MS: Record<SessionStage, number> = {
  ACTIVE: 7 * DAY_MS,
  // Long enough to open an authenticator app, short enough that a stolen half-session soon dies.
  MFA_PENDING: 10 * MINUTE_MS,
};

/** Who is logged in, as later checks need it. */
export interface SignedInUser {
  userId: string;
  role: Role;
}

export interface CurrentSession {
  tokenHash: string;
  stage: SessionStage;
  user: SignedInUser;
}

/** A session just made: the token goes into the cookie and nowhere else. */
export interface NewSession {
  token: string;
  stage: SessionStage;
  expiresAt: Date;
}

export function createSessionService(repo: SessionRepo, clock: Clock) {
  return {
    async start(userId: string, stage: SessionStage): Promise<NewSession> {
      const token = newToken();
      const expiresAt = new Date(clock().getTime() + SESSION_LIFETIME_MS[stage]);
      await repo.insert({ tokenHash: hashToken(token), userId, stage, expiresAt });
      return { token, stage, expiresAt };
    },

    async find(token: string): Promise<CurrentSession | undefined> {
      const row = await repo.findLive(hashToken(token), clock());
      if (!row) return undefined;
      return { tokenHash: row.tokenHash, stage: row.stage, user: { userId: row.userId, role: row.role } };
    },

    end: (token: string) => repo.delete(hashToken(token)),

    endByHash: (tokenHash: string) => repo.delete(tokenHash),

    /** Ends every session of the user, except the one given (the one asking, when it is kept). */
    endAllOf: (userId: string, except?: CurrentSession) => repo.deleteAllOf(userId, except?.tokenHash),

    sweepExpired: () => repo.sweepExpired(clock()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
