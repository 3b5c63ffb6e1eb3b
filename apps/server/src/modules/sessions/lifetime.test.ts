import { QR_CODE_FIELDS } from '@churchtrades/shared/auth';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { hashToken } from '../../tokens';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { testBrowser, type TestBrowser } from '../../../test/test-browser';
import { SESSION_COOKIE } from './plugin';
import { USER_AGENT_MAX_LENGTH } from './service';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const IDLE_MS = 2 * HOUR_MS;
const LIFETIME_MS = 24 * HOUR_MS;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

// The app's clock, moved by the tests; at the start of a TOTP step, so that a code made now stays good.
let now = Math.floor(Date.now() / (30 * SECOND_MS)) * 30 * SECOND_MS + SECOND_MS;
const { app, database } = await createTestApp(
  { sessionLimits: { idleMs: IDLE_MS, lifetimeMs: LIFETIME_MS } },
  { clock: () => new Date(now) },
);
const db = database.db;

function later(ms: number): void {
  now += ms;
}

async function loggedIn(options: { address?: string; userAgent?: string } = {}): Promise<TestBrowser> {
  const account = await createAccount(db);
  const browser = testBrowser(app, options.address === undefined ? {} : { address: options.address });
  const response = await browser.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: account.email, password: TEST_PASSWORD },
    headers: { 'user-agent': options.userAgent ?? FIREFOX },
  });
  expect(response.statusCode).toBe(200);
  return browser;
}

async function rowOf(browser: TestBrowser) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(browser.sessionToken!)));
  return row!;
}

const profileStatus = async (browser: TestBrowser) => (await browser.get('/api/user/profile')).statusCode;

describe('the idle timeout', () => {
  it('ends a session left unused for the idle time', async () => {
    const browser = await loggedIn();

    later(IDLE_MS + SECOND_MS);

    expect(await profileStatus(browser)).toBe(401);
  });

  it('keeps a session in use alive past the idle time', async () => {
    const browser = await loggedIn();

    for (let step = 0; step < 4; step += 1) {
      later(IDLE_MS - MINUTE_MS);
      expect(await profileStatus(browser)).toBe(200);
    }
  });
});

describe('the absolute lifetime', () => {
  it('ends a session at its lifetime however much it is used, its end never moved past it', async () => {
    const browser = await loggedIn();
    const { createdAt } = await rowOf(browser);

    for (let elapsed = HOUR_MS; elapsed < LIFETIME_MS; elapsed += HOUR_MS) {
      later(HOUR_MS);
      expect(await profileStatus(browser)).toBe(200);
    }
    expect((await rowOf(browser)).expiresAt).toEqual(new Date(createdAt.getTime() + LIFETIME_MS));
    later(HOUR_MS);

    expect(await profileStatus(browser)).toBe(401);
  });
});

describe('the last use of a session', () => {
  it('is written at most once a minute, and moves the end of the session with it', async () => {
    const browser = await loggedIn();
    const loggedInAt = new Date(now);

    later(30 * SECOND_MS);
    await browser.get('/api/user/profile');
    expect(await rowOf(browser)).toMatchObject({ lastSeenAt: loggedInAt, expiresAt: new Date(loggedInAt.getTime() + IDLE_MS) });

    later(31 * SECOND_MS);
    await browser.get('/api/user/profile');
    expect(await rowOf(browser)).toMatchObject({ lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_MS) });
  });

  it("carries the cookie's expiry along when it is written, and sets no cookie otherwise", async () => {
    const browser = await loggedIn();

    later(30 * SECOND_MS);
    const unwritten = await browser.get('/api/user/profile');
    later(MINUTE_MS);
    const written = await browser.get('/api/user/profile');

    expect(unwritten.cookies).toEqual([]);
    const cookie = written.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ value: browser.sessionToken, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.expires).toEqual(new Date(Math.floor((now + IDLE_MS) / SECOND_MS) * SECOND_MS));
  });
});

describe('what a session records of where it was started', () => {
  it('keeps the browser and the network of the login', async () => {
    const browser = await loggedIn({ address: '2001:db8:5:6:7:8:9:a' });

    expect(await rowOf(browser)).toMatchObject({ userAgent: FIREFOX, network: '2001:db8:5:6::/64' });
  });

  it('keeps no more of a User-Agent than its bound', async () => {
    const browser = await loggedIn({ userAgent: `${FIREFOX} ${'x'.repeat(5000)}` });

    expect((await rowOf(browser)).userAgent).toHaveLength(USER_AGENT_MAX_LENGTH);
  });

  it('keeps them for the session that completes a two-step login', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const account = await createAccount(db, { mfa: true, mfaSecret: secret });
    const browser = testBrowser(app, { address: '198.51.100.23' });
    const headers = { 'user-agent': FIREFOX };
    await browser.request({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password: TEST_PASSWORD }, headers });
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now });
    const boxes = Object.fromEntries(QR_CODE_FIELDS.map((field, index) => [field, code[index]]));

    const response = await browser.request({
      method: 'POST',
      url: '/api/user/verify/qrcode',
      payload: { ...boxes, userId: account.id, qrCode: code },
      headers,
    });

    expect(response.statusCode).toBe(200);
    expect(await rowOf(browser)).toMatchObject({ stage: 'ACTIVE', userAgent: FIREFOX, network: '198.51.100.23' });
  });
});
