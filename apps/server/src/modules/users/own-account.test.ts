import { MESSAGES } from '@churchtrades/shared/messages';
import { OWN_ACCOUNT_CLOSURES, type OwnAccountClosurePath } from '@churchtrades/shared/user';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMails, sessions, trades, users } from '../../db/schema';
import { createAccount, createTrade, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

const NEW_PASSWORD = 'lantern-by-the-vestry';

/** The toggles that close the account itself, as opposed to its password. */
const ACCOUNT_CLOSURES = ['toggleaccountenabled', 'toggleaccountlocked', 'toggleaccountexpired'] as const;

async function ownerWithBusiness() {
  const account = await createAccount(db);
  const trade = await createTrade(db, { ownerId: account.id });
  return { account, trade, browser: await loggedInBrowser(app, db, account.id) };
}

function close(browser: TestBrowser, path: OwnAccountClosurePath, password = TEST_PASSWORD) {
  return browser.patch(`/api/user/${path}`, { password });
}

async function accountOf(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function listed(tradeId: string): Promise<boolean> {
  const [row] = await db.select({ listed: trades.listed }).from(trades).where(eq(trades.id, tradeId));
  return row!.listed;
}

async function directoryNames(name: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?searchText=${encodeURIComponent(name)}` });
  return response.json().data.trades.content.map((card: { name: string }) => card.name);
}

function sessionsOf(userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

function logIn(email: string, password = TEST_PASSWORD) {
  return testBrowser(app).post('/api/user/login', { email, password });
}

describe.each(ACCOUNT_CLOSURES)('PATCH /api/user/%s', (path) => {
  const name = OWN_ACCOUNT_CLOSURES[path];

  it('closes the own account, logs every session of it out and clears the cookie', async () => {
    const { account, browser } = await ownerWithBusiness();
    const elsewhere = await loggedInBrowser(app, db, account.id);

    const response = await close(browser, path);

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id } } });
    expect((await accountOf(account.id))[name]).toBe(false);
    const cookie = response.cookies.find((candidate) => candidate.name === app.sessionCookieName);
    expect(cookie?.value).toBe('');
    expect(await sessionsOf(account.id)).toEqual([]);
    expect((await elsewhere.get('/api/user/profile')).statusCode).toBe(401);
  });

  it("takes the owner's business out of the directory", async () => {
    const { trade, browser } = await ownerWithBusiness();
    expect(await directoryNames(trade.name)).toEqual([trade.name]);

    await close(browser, path);

    expect(await listed(trade.id)).toBe(false);
    expect(await directoryNames(trade.name)).toEqual([]);
  });

  it('writes the closure in the audit log, the owner as its actor', async () => {
    const { account, browser } = await ownerWithBusiness();

    await close(browser, path);

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));
    expect(entries).toMatchObject([
      { actorId: account.id, action: 'user.flag', subjectType: 'USER', before: { [name]: true }, after: { [name]: false } },
    ]);
  });

  it('refuses reopening the own account: calling the toggle again changes nothing', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, path);
    // Even a session made after the closure (none can be, by logging in) is no session of a closed account.
    const afterwards = await loggedInBrowser(app, db, account.id);

    for (const again of [browser, afterwards]) {
      expect((await close(again, path)).json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
    }
    expect((await accountOf(account.id))[name]).toBe(false);
    expect(await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id))).toHaveLength(1);
  });
});

describe('a closed account', () => {
  it("an expired account's business leaves the directory, and comes back when an administrator renews it", async () => {
    const { account, trade, browser } = await ownerWithBusiness();
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    await close(browser, 'toggleaccountexpired');
    expect(await directoryNames(trade.name)).toEqual([]);
    await admin.patch(`/api/user/tglUserAccountExpired?userId=${account.id}`);

    expect(await listed(trade.id)).toBe(true);
    expect(await directoryNames(trade.name)).toEqual([trade.name]);
  });

  it("an administrator's lock takes the business out of the directory too", async () => {
    const { account, trade } = await ownerWithBusiness();
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    await admin.patch(`/api/user/tglUserAccountLocked?userId=${account.id}`);

    expect(await listed(trade.id)).toBe(false);
  });

  it.each([
    ['toggleaccountenabled', MESSAGES.accountNotVerified],
    ['toggleaccountlocked', MESSAGES.accountLocked],
    ['toggleaccountexpired', MESSAGES.accountExpired],
  ] as const)('logs in no more after %s', async (path, message) => {
    const { account, browser } = await ownerWithBusiness();

    await close(browser, path);

    expect((await logIn(account.email)).json()).toMatchObject({ statusCode: 403, message });
  });
});

describe('PATCH /api/user/togglecredentialsexpired', () => {
  it('expires the own password: other sessions end, this one stays, the business stays listed', async () => {
    const { account, trade, browser } = await ownerWithBusiness();
    const elsewhere = await loggedInBrowser(app, db, account.id);

    const response = await close(browser, 'togglecredentialsexpired');

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.credentialsExpiredByYou });
    expect((await accountOf(account.id)).credentialsNonExpired).toBe(false);
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user/profile')).statusCode).toBe(401);
    expect(await listed(trade.id)).toBe(true);
  });

  it('refuses expiring a password already expired with 409', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, 'togglecredentialsexpired');

    const response = await close(browser, 'togglecredentialsexpired');

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.credentialsAlreadyExpired });
    expect(await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id))).toHaveLength(1);
  });

  it('makes the next login choose a new password: refused with a clear message and a reset link mailed', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, 'togglecredentialsexpired');

    const response = await logIn(account.email);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.credentialsExpired });
    expect(response.cookies.find((cookie) => cookie.name === app.sessionCookieName)).toBeUndefined();
    const mails = await db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.recipient, account.email), eq(outboxMails.subject, 'Reset your ChurchTrades password')));
    expect(mails).toHaveLength(1);
  });

  it('lets the mailed reset link choose the new password, which opens the credentials again', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, 'togglecredentialsexpired');
    await logIn(account.email);
    const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.recipient, account.email));
    const key = /verify\/password\?key=([\w-]+)/.exec(mail!.textBody ?? '')![1]!;

    const reset = await testBrowser(app).post('/api/user/resetpassword/reset', {
      userId: account.id,
      key,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });

    expect(reset.json()).toMatchObject({ statusCode: 200 });
    expect((await accountOf(account.id)).credentialsNonExpired).toBe(true);
    expect((await logIn(account.email, NEW_PASSWORD)).json()).toMatchObject({ statusCode: 200 });
  });

  it('refuses a wrong password as any other, without a word about its expiry', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, 'togglecredentialsexpired');

    const response = await logIn(account.email, 'not-the-password-at-all');

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.invalidCredentials });
  });

  it('opens the credentials again with a new password', async () => {
    const { account, browser } = await ownerWithBusiness();
    await close(browser, 'togglecredentialsexpired');

    await browser.patch('/api/user/updatepassword', {
      password: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });

    expect((await accountOf(account.id)).credentialsNonExpired).toBe(true);
    expect((await logIn(account.email, NEW_PASSWORD)).json()).toMatchObject({ statusCode: 200 });
  });
});

describe('the self toggles', () => {
  it('want a session', async () => {
    for (const path of Object.keys(OWN_ACCOUNT_CLOSURES)) {
      expect((await testBrowser(app).patch(`/api/user/${path}`)).json()).toMatchObject({
        statusCode: 401,
        message: MESSAGES.notLoggedIn,
      });
    }
  });

  it('ask for the password again, and close nothing without it', async () => {
    for (const path of Object.keys(OWN_ACCOUNT_CLOSURES) as OwnAccountClosurePath[]) {
      const { account, browser } = await ownerWithBusiness();

      const missing = await browser.patch(`/api/user/${path}`);
      const wrong = await close(browser, path, 'not-my-password');

      expect(missing.statusCode, path).toBe(400);
      expect(wrong.json(), path).toMatchObject({ statusCode: 400, message: MESSAGES.wrongPassword });
      expect(await accountOf(account.id), path).toMatchObject({
        enabled: true,
        accountNonLocked: true,
        accountNonExpired: true,
        credentialsNonExpired: true,
      });
    }
  });

  it('let a read-only USER close their own account', async () => {
    const user = await createAccount(db, { role: 'USER' });
    const browser = await loggedInBrowser(app, db, user.id);

    expect((await close(browser, 'toggleaccountenabled')).statusCode).toBe(200);
    expect((await accountOf(user.id)).enabled).toBe(false);
  });
});
