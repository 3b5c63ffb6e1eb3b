import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error';
import { declareGuardAccess, rolesAllowed } from '../../http/openapi-refusals';
import { requirePermission } from './permission';
import type { SessionStage } from './repo';
import type { CurrentSession, NewSession, SessionService, SignedInUser } from './service';

export const SESSION_COOKIE = 'churchtrades_session';

/**
 * The cookie's name in production. With the `__Host-` prefix a browser keeps it only when it is Secure, for
 * Path=/ and without a Domain, so no other site of the domain (a subdomain) can set or overwrite it. Browsers
 * refuse such a cookie over plain http, which is why development and tests keep the plain name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

type SessionGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The name of the session cookie: `sessionCookieName`'s. */
    sessionCookieName: string;
    /** onRequest hook of a route for logged-in users (two-step done): else 401 "You are not logged in". */
    requireUser: SessionGuard;
    /**
     * onRequest hook of a route open to everyone that tells a logged-in user more: sets the session when the
     * cookie names an active one, refuses no one. Read it with `signedInUser`.
     */
    identifyUser: SessionGuard;
    /** onRequest hook of the one route a login waiting for its two-step code may call. */
    requireTwoStepPending: SessionGuard;
    /**
     * onRequest hook of a privileged route: a logged-in user whose role passes `allows` (one of
     * `@churchtrades/shared/permissions`), else 401 when not logged in and 403 with `refusal` ("You are not
     * allowed to do this." unless the route says why).
     */
    requireRole(allows: (role: Role) => boolean, refusal?: string): SessionGuard;
  }
  interface FastifyRequest {
    /** Set by `requireUser` or `requireTwoStepPending`; read it with `currentUser` or `currentSession`. */
    userSession: CurrentSession | null;
  }
  interface FastifyReply {
    setSessionCookie(session: NewSession): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export interface SessionPluginOptions {
  sessions: SessionService;
  /** Production sends the cookie over HTTPS only, under a `__Host-` name. */
  secureCookie: boolean;
}

function notLoggedIn(): AppError {
  return new AppError('UNAUTHORIZED', MESSAGES.notLoggedIn);
}

/** The session `requireUser` (or `requireTwoStepPending`) found for this request. */
export function currentSession(request: FastifyRequest): CurrentSession {
  if (!request.userSession) throw notLoggedIn();
  return request.userSession;
}

export function currentUser(request: FastifyRequest): SignedInUser {
  return currentSession(request).user;
}

/** The logged-in user `identifyUser` found for this request, if any. */
export function signedInUser(request: FastifyRequest): SignedInUser | undefined {
  return request.userSession?.stage === 'ACTIVE' ? request.userSession.user : undefined;
}

/** The token the browser presented, whether or not it still names a session. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.sessionCookieName] || undefined;
}

/**
 * Server-side sessions in an HttpOnly, SameSite=Lax cookie holding a random token (DESIGN "Sessions and
 * security"); the database keeps only its hash. Routes opt in with `onRequest: app.requireUser`, so that a stranger is answered 401 before the body is even read.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, { sessions, secureCookie }: SessionPluginOptions) => {
  const cookieName = sessionCookieName(secureCookie);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie } as const;

  /** The session of the cookie when it is at `stage`, kept on the request; null when there is none. */
  async function sessionAt(stage: SessionStage, request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> {
    const token = sessionToken(request);
    if (token === undefined) return null;
    const session = await sessions.find(token);
    if (session?.stage !== stage) return null;
    request.userSession = session;
    // The cookie lives as long as the session it names, which each use moves on.
    if (session.renewedUntil) reply.setCookie(cookieName, token, { ...cookieOptions, expires: session.renewedUntil });
    return session;
  }

  function guard(stage: SessionStage): SessionGuard {
    return async (request, reply) => {
      if (!(await sessionAt(stage, request, reply))) throw notLoggedIn();
    };
  }

  app.decorate('sessionCookieName', cookieName);
  app.decorateRequest('userSession', null);
  // Each guard says what it asks, for the API document (http/openapi-refusals.ts).
  app.decorate('requireUser', declareGuardAccess(guard('ACTIVE'), { session: 'required' }));
  app.decorate('requireTwoStepPending', declareGuardAccess(guard('MFA_PENDING'), { session: 'two-step' }));
  app.decorate(
    'identifyUser',
    declareGuardAccess(
      async (request: FastifyRequest, reply: FastifyReply) => {
        await sessionAt('ACTIVE', request, reply);
      },
      { session: 'optional' },
    ),
  );
  app.decorate('requireRole', (allows: (role: Role) => boolean, refusal?: string): SessionGuard => {
    const requireUser = guard('ACTIVE');
    const requireAllowedRole: SessionGuard = async (request, reply) => {
      await requireUser(request, reply);
      requirePermission(currentUser(request), allows, refusal);
    };
    return declareGuardAccess(requireAllowedRole, { session: 'required', roles: rolesAllowed(allows) });
  });
  app.decorateReply('setSessionCookie', function setSessionCookie(this: FastifyReply, session: NewSession) {
    return this.setCookie(cookieName, session.token, { ...cookieOptions, expires: session.expiresAt });
  });
  app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
    return this.clearCookie(cookieName, cookieOptions);
  });
});
