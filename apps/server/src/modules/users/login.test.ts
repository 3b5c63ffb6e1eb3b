import { MESSAGES } from '@churchtrades/shared/messages';
import { userViewSchema } from '@churchtrades/shared/user';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { CROSS_SITE_MESSAGE } from '../../http/security';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { testBrowser, type TestBrowser } from '../../../test/test-browser';
import { hashToken } from '../../tokens';
import { SESSION_COOKIE } from '../sessions/plugin';

const { app, database } = await createTestApp();
const db = database.db;

function logIn(browser: TestBrowser, email: string, password = TEST_PASSWORD) {
  return browser.post('/api/user/login', { email, password });
}

function withoutTime(response: { statusCode: number; json(): Record<string, unknown> }) {
  const { timeStamp: _timeStamp, ...rest } = response.json();
  return { statusCode: response.statusCode, ...rest };
}

describe('POST /api/user/login', () => {
  it('answers the user view and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const account = await createAccount(db, { phone: '0400 111 222' });
    const browser = testBrowser(app);

    const response = await logIn(browser, account.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'OK', message: MESSAGES.loginSuccessful });
    const user = response.json().data.user;
    expect(userViewSchema.strict().parse(user)).toEqual({
      userId: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      bio: null,
      phone: '0400 111 222',
      imageUrl: null,
      photo: null,
      role: 'TRADER',
      mfa: false,
    });
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now());
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('stores only the hash of the session token', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);

    const rows = await db.select().from(sessions).where(eq(sessions.userId, account.id));

    expect(rows).toEqual([expect.objectContaining({ tokenHash: hashToken(browser.sessionToken!), stage: 'ACTIVE' })]);
  });

  it('takes the e-mail in any case', async () => {
    const account = await createAccount(db);

    const response = await logIn(testBrowser(app), account.email.toUpperCase());

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, email: account.email } } });
  });

  it('gives a wrong e-mail and a wrong password one and the same answer', async () => {
    const account = await createAccount(db);

    const unknownEmail = await logIn(testBrowser(app), `nobody.${account.email}`);
    const wrongPassword = await logIn(testBrowser(app), account.email, 'not-the-password');

    expect(withoutTime(unknownEmail)).toEqual(withoutTime(wrongPassword));
    expect(withoutTime(wrongPassword)).toEqual({
      statusCode: 401,
      status: 'UNAUTHORIZED',
      message: MESSAGES.invalidCredentials,
      data: {},
    });
    expect(unknownEmail.cookies).toEqual([]);
  });

  it('refuses an account whose e-mail is not verified yet', async () => {
    const account = await createAccount(db, { enabled: false, emailVerifiedAt: null });

    const response = await logIn(testBrowser(app), account.email);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.accountNotVerified });
    expect(response.cookies).toEqual([]);
  });

  it('refuses a locked account', async () => {
    const account = await createAccount(db, { accountNonLocked: false });

    const response = await logIn(testBrowser(app), account.email);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.accountLocked });
  });

  it('refuses an expired account', async () => {
    const account = await createAccount(db, { accountNonExpired: false });

    const response = await logIn(testBrowser(app), account.email);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.accountExpired });
  });

  it('tells the state of an account only to who knows its password', async () => {
    const account = await createAccount(db, { accountNonLocked: false });

    const response = await logIn(testBrowser(app), account.email, 'not-the-password');

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.invalidCredentials });
  });

  it('refuses a login from another site (cross-site request forgery)', async () => {
    const account = await createAccount(db);

    const response = await testBrowser(app).request({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: account.email, password: TEST_PASSWORD },
    });

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
    expect(response.cookies).toEqual([]);
  });

  it('gives a new session id at every login and ends the one the browser had', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);
    const before = browser.sessionToken!;

    await logIn(browser, account.email);

    expect(browser.sessionToken).toBeDefined();
    expect(browser.sessionToken).not.toBe(before);
    const old = await testBrowser(app, { sessionToken: before }).get('/api/user/profile');
    expect(old.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });
});

describe('the session', () => {
  it('lets the logged-in user read their profile', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);

    const response = await browser.get('/api/user/profile');

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, email: account.email } } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 "You are not logged in" without a session, or with one that is unknown', async () => {
    const none = await testBrowser(app).get('/api/user/profile');
    const unknown = await testBrowser(app, { sessionToken: 'made-up-token' }).get('/api/user/profile');

    for (const response of [none, unknown]) {
      expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
    }
  });

  it('ends when it expires', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(browser.sessionToken!)));

    expect((await browser.get('/api/user/profile')).statusCode).toBe(401);
  });

  it('stops working when the account is locked', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);

    await db.update(users).set({ accountNonLocked: false }).where(eq(users.id, account.id));

    expect((await browser.get('/api/user/profile')).statusCode).toBe(401);
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await logIn(browser, account.email);
    const token = browser.sessionToken!;

    const response = await browser.post('/api/user/logout');

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loggedOut });
    expect(browser.sessionToken).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)))).toEqual([]);
    const reused = await testBrowser(app, { sessionToken: token }).get('/api/user/profile');
    expect(reused.statusCode).toBe(401);
  });

  it('answers 200 without a session too', async () => {
    const response = await testBrowser(app).post('/api/user/logout');

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loggedOut });
  });

  it('leaves the other sessions of the user alone', async () => {
    const account = await createAccount(db);
    const phone = testBrowser(app);
    const laptop = testBrowser(app);
    await logIn(phone, account.email);
    await logIn(laptop, account.email);

    await phone.post('/api/user/logout');

    expect((await laptop.get('/api/user/profile')).statusCode).toBe(200);
  });
});
