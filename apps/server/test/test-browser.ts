import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/database';
import { type Clock, systemClock } from '../src/clock';
import type { SessionStage } from '../src/modules/sessions/repo';
import { createSessionRepo } from '../src/modules/sessions/repo';
import { createSessionService } from '../src/modules/sessions/service';
import { TEST_ORIGIN, testSessionLimits } from './test-app';

/** The User-Agent of sessions made directly, as a browser on Linux would send it. */
export const TEST_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let addressesHandedOut = 0;

/** A client address no other test of the file uses, so that limits per address do not carry over. */
export function newTestAddress(): string {
  addressesHandedOut += 1;
  const n = addressesHandedOut;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface TestBrowser {
  address: string;
  /** The session token the browser's cookie holds now. */
  sessionToken: string | undefined;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Any request, sent as the page of the app would (same Origin, the cookie, the browser's address). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

function keepSessionCookie(browser: TestBrowser, cookieName: string, response: LightMyRequestResponse): void {
  const cookie = response.cookies.find((candidate) => candidate.name === cookieName);
  if (!cookie) return;
  const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
  browser.sessionToken = cookie.value === '' || expired ? undefined : cookie.value;
}

/**
 * A browser on the app: it keeps the session cookie between requests, as a real one does, under the name the
 * app gives it (which production prefixes).
 */
export function testBrowser(app: FastifyInstance, options: { address?: string; sessionToken?: string } = {}): TestBrowser {
  const browser: TestBrowser = {
    address: options.address ?? newTestAddress(),
    sessionToken: options.sessionToken,
    get: (url) => browser.request({ method: 'GET', url }),
    post: (url, payload) => browser.request({ method: 'POST', url, ...(payload ? { payload } : {}) }),
    patch: (url, payload) => browser.request({ method: 'PATCH', url, ...(payload ? { payload } : {}) }),
    async request(request) {
      const cookieName = app.sessionCookieName;
      const cookie = browser.sessionToken === undefined ? {} : { cookie: `${cookieName}=${browser.sessionToken}` };
      const response = await app.inject({
        remoteAddress: browser.address,
        ...request,
        headers: { origin: TEST_ORIGIN, ...cookie, ...request.headers },
      });
      keepSessionCookie(browser, cookieName, response);
      return response;
    },
  };
  return browser;
}

/**
 * A browser already logged in as the user, its session made directly: for tests about what a logged-in
 * user may do, not about logging in.
 */
export async function loggedInBrowser(
  app: FastifyInstance,
  db: Database,
  userId: string,
  stage: SessionStage = 'ACTIVE',
): Promise<TestBrowser> {
  return loggedInBrowsersOn(app, db, systemClock)(userId, stage);
}

/**
 * Logs browsers in on a test file's own clock, with its session limits, so that their sessions last (or lapse)
 * as that clock moves on.
 */
export function loggedInBrowsersOn(app: FastifyInstance, db: Database, clock: Clock, sessionLimits = testSessionLimits) {
  const sessions = createSessionService(createSessionRepo(db), clock, sessionLimits);
  return async (userId: string, stage: SessionStage = 'ACTIVE'): Promise<TestBrowser> => {
    const address = newTestAddress();
    const session = await sessions.start(userId, stage, { address, userAgent: TEST_USER_AGENT });
    return testBrowser(app, { address, sessionToken: session.token });
  };
}
