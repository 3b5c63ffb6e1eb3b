import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { USER_SWITCHES } from '@churchtrades/shared/user-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeKeys, sessions, users } from '../../db/schema';
import { createAccount, createOwner } from '../../../test/factories';
import { keyIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { hashToken } from '../../tokens';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

type AccountRole = Exclude<Role, 'SELECT'>;

async function someone(role: AccountRole = 'TRADER', columns: Partial<typeof users.$inferInsert> = {}) {
  return createOwner(db, { role, ...columns });
}

async function browserOf(role: AccountRole): Promise<TestBrowser & { userId: string }> {
  const user = await someone(role);
  return Object.assign(await loggedInBrowser(app, db, user.id), { userId: user.id });
}

async function account(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function auditOf(userId: string) {
  return db.select().from(auditLog).where(eq(auditLog.subjectId, userId));
}

async function sessionsOf(userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

function updateRole(browser: TestBrowser, userId: string, role: string, governedState?: string) {
  return browser.patch('/api/user/updateRole', { userId, role, ...(governedState ? { governedState } : {}) });
}

function flip(browser: TestBrowser, path: string, userId: string) {
  return browser.patch(`/api/user/${path}?userId=${userId}`);
}

describe('PATCH /api/user/updateRole', () => {
  it('lets an ADMIN make a user the GOVERNOR of a state, and writes it down', async () => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER');

    const response = await updateRole(admin, user.id, 'GOVERNOR', 'QLD');

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.roleUpdated,
      data: { user: { userId: user.id, role: 'GOVERNOR', governedState: 'QLD' } },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await account(user.id)).toMatchObject({ role: 'GOVERNOR', governedState: 'QLD' });
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'user.role',
        subjectType: 'USER',
        subjectName: `${user.firstName} ${user.lastName}`,
        before: { role: 'TRADER', governedState: null },
        after: { role: 'GOVERNOR', governedState: 'QLD' },
      }),
    ]);
  });

  it('clears the governed state when a governor gets another role', async () => {
    const admin = await browserOf('ADMIN');
    const governor = await someone('GOVERNOR', { governedState: 'SA' });

    const response = await updateRole(admin, governor.id, 'MODERATOR', 'SA');

    expect(response.json().data.user).toMatchObject({ role: 'MODERATOR', governedState: null });
    expect(await account(governor.id)).toMatchObject({ role: 'MODERATOR', governedState: null });
  });

  it('refuses a governor without a state, with the shared message on that field', async () => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER');

    const response = await updateRole(admin, user.id, 'GOVERNOR');

    expect(response.json()).toMatchObject({
      statusCode: 400,
      data: { errors: [{ field: 'governedState', message: MESSAGES.governorNeedsState }] },
    });
    expect((await account(user.id)).role).toBe('TRADER');
  });

  it.each(['ADMIN', 'DEVELOPER', 'SUPER'] as const)('does not let an ADMIN give %s', async (role) => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER');

    const response = await updateRole(admin, user.id, role);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.roleNotGrantable });
    expect((await account(user.id)).role).toBe('TRADER');
    expect(await auditOf(user.id)).toEqual([]);
  });

  it.each(['ADMIN', 'DEVELOPER', 'SUPER'] as const)('does not let an ADMIN change the role of a %s', async (role) => {
    const admin = await browserOf('ADMIN');
    const other = await someone(role);

    const response = await updateRole(admin, other.id, 'TRADER');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.accountBeyondYourRole });
    expect((await account(other.id)).role).toBe(role);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it('does not let a DEVELOPER give ADMIN', async () => {
    const developer = await browserOf('DEVELOPER');
    const user = await someone('GOVERNOR', { governedState: 'WA' });

    const response = await updateRole(developer, user.id, 'ADMIN');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.roleNotGrantable });
    expect(await account(user.id)).toMatchObject({ role: 'GOVERNOR', governedState: 'WA' });
  });

  it.each(['ADMIN', 'DEVELOPER', 'SUPER'] as const)('lets a SUPER give %s', async (role) => {
    const superUser = await browserOf('SUPER');
    const user = await someone('TRADER');

    const response = await updateRole(superUser, user.id, role);

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { role } } });
    expect((await account(user.id)).role).toBe(role);
  });

  it('lets a SUPER demote an ADMIN, who loses the administration at once', async () => {
    const superUser = await browserOf('SUPER');
    const admin = await browserOf('ADMIN');

    const response = await updateRole(superUser, admin.userId, 'TRADER');

    expect(response.statusCode).toBe(200);
    expect((await admin.get('/api/masterUser/filter')).statusCode).toBe(403);
  });

  it.each(['ADMIN', 'SUPER'] as const)('does not let a %s change their own role', async (role) => {
    const browser = await browserOf(role);

    const response = await updateRole(browser, browser.userId, 'TRADER');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.ownAccountNotHere });
    expect((await account(browser.userId)).role).toBe(role);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await browserOf('ADMIN');

    const response = await updateRole(admin, randomUUID(), 'TRADER');

    expect(response.json()).toMatchObject({ statusCode: 404, message: MESSAGES.userNotFound });
  });

  it('refuses SELECT as a role with 400', async () => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER');

    const response = await updateRole(admin, user.id, 'SELECT');

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.chooseRole });
  });

  it.each(['TRADER', 'MODERATOR', 'GOVERNOR'] as const)('answers 403 to a %s and changes nothing', async (role) => {
    const browser = await browserOf(role);
    const user = await someone('USER');

    const response = await updateRole(browser, user.id, 'TRADER');

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.forbidden });
    expect((await account(user.id)).role).toBe('USER');
  });
});

const SWITCHES = Object.entries(USER_SWITCHES);

describe('PATCH /api/user/tglUser…', () => {
  it.each(SWITCHES)('%s flips %s both ways, writing each flip down', async (path, column) => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER');

    const off = await flip(admin, path, user.id);
    const on = await flip(admin, path, user.id);

    expect(off.json()).toMatchObject({ statusCode: 200, message: MESSAGES.accountSwitchUpdated, data: { user: { [column]: false } } });
    expect(off.headers['cache-control']).toBe('no-store');
    expect(on.json().data.user[column]).toBe(true);
    expect((await account(user.id))[column]).toBe(true);
    const entries = await auditOf(user.id);
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual(
      expect.arrayContaining([
        { action: 'user.flag', before: { [column]: true }, after: { [column]: false } },
        { action: 'user.flag', before: { [column]: false }, after: { [column]: true } },
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it.each(SWITCHES)('%s switched off logs the user out everywhere at once', async (path) => {
    const admin = await browserOf('ADMIN');
    const user = await createAccount(db);
    const phone = await loggedInBrowser(app, db, user.id);
    const laptop = await loggedInBrowser(app, db, user.id);
    expect((await phone.get('/api/user/profile')).statusCode).toBe(200);

    await flip(admin, path, user.id);

    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await phone.get('/api/user/profile')).statusCode).toBe(401);
    expect((await laptop.get('/api/user/profile')).statusCode).toBe(401);
  });

  it('leaves the sessions alone when a switch is turned back on', async () => {
    const admin = await browserOf('ADMIN');
    const user = await someone('TRADER', { credentialsNonExpired: false });
    await loggedInBrowser(app, db, user.id);

    await flip(admin, 'tglUserCredentialsExpired', user.id);

    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it.each(['ADMIN', 'DEVELOPER', 'SUPER'] as const)('does not let an ADMIN lock a %s', async (role) => {
    const admin = await browserOf('ADMIN');
    const other = await browserOf(role);

    const response = await flip(admin, 'tglUserAccountLocked', other.userId);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.accountBeyondYourRole });
    expect((await account(other.userId)).accountNonLocked).toBe(true);
    expect(await sessionsOf(other.userId)).toHaveLength(1);
    expect(await auditOf(other.userId)).toEqual([]);
  });

  it('lets a SUPER lock an ADMIN', async () => {
    const superUser = await browserOf('SUPER');
    const admin = await browserOf('ADMIN');

    const response = await flip(superUser, 'tglUserAccountLocked', admin.userId);

    expect(response.json().data.user.accountNonLocked).toBe(false);
    expect((await admin.get('/api/masterUser/filter')).statusCode).toBe(401);
  });

  it('does not let an administrator flip their own account', async () => {
    const admin = await browserOf('ADMIN');

    const response = await flip(admin, 'tglUserAccountEnabled', admin.userId);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.ownAccountNotHere });
    expect((await account(admin.userId)).enabled).toBe(true);
    expect(await sessionsOf(admin.userId)).toHaveLength(1);
  });

  it('answers 404 for an unknown user and 400 without a user id', async () => {
    const admin = await browserOf('ADMIN');

    expect((await flip(admin, 'tglUserAccountLocked', randomUUID())).json()).toMatchObject({
      statusCode: 404,
      message: MESSAGES.userNotFound,
    });
    expect((await admin.patch('/api/user/tglUserAccountLocked')).json()).toMatchObject({
      statusCode: 400,
      message: MESSAGES.userIdRequired,
    });
  });

  it.each(SWITCHES)('%s answers 403 to a GOVERNOR and 401 to a visitor, changing nothing', async (path, column) => {
    const governor = await browserOf('GOVERNOR');
    const user = await someone('TRADER');
    await loggedInBrowser(app, db, user.id);

    expect((await flip(governor, path, user.id)).statusCode).toBe(403);
    expect((await flip(testBrowser(app), path, user.id)).statusCode).toBe(401);
    expect((await account(user.id))[column]).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });
});

describe('PATCH /api/trades/sendNewOwnerPasswordResetEmail', () => {
  function sendReset(browser: TestBrowser, email: string) {
    return browser.patch(`/api/trades/sendNewOwnerPasswordResetEmail?email=${encodeURIComponent(email)}`);
  }

  function reset(key: string, userId: string, newPassword: string) {
    return testBrowser(app).post('/api/user/resetpassword/reset', { newPassword, confirmNewPassword: newPassword, userId, key });
  }

  it('mails the owner a reset link whose key, stored hashed for 1 hour, works once', async () => {
    const admin = await browserOf('ADMIN');
    const owner = await createAccount(db, { firstName: 'Priscilla' });

    const response = await sendReset(admin, owner.email.toUpperCase());

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.ownerResetEmailSent, data: {} });
    expect(response.headers['cache-control']).toBe('no-store');
    const mail = await catcher.waitForMail(owner.email, { subject: 'Reset' });
    expect(mail.text).toContain('Hello Priscilla,');
    const key = keyIn(mail, '/verify/password');
    const [stored] = await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, hashToken(key)));
    expect(stored).toMatchObject({ userId: owner.id, purpose: 'RESET_PASSWORD', usedAt: null });
    expect((stored!.expiresAt.getTime() - Date.now()) / 60_000).toBeCloseTo(60, 0);
    expect((await reset(key, owner.id, 'choir-practice-on-thursday')).statusCode).toBe(200);
    expect((await reset(key, owner.id, 'another-choir-practice')).json()).toMatchObject({
      statusCode: 400,
      message: MESSAGES.linkAlreadyUsed,
    });
    const login = await testBrowser(app).post('/api/user/login', { email: owner.email, password: 'choir-practice-on-thursday' });
    expect(login.statusCode).toBe(200);
  });

  it('writes the mail down in the audit log', async () => {
    const admin = await browserOf('ADMIN');
    const owner = await someone('TRADER');

    await sendReset(admin, owner.email);

    expect(await auditOf(owner.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'trade.ownerPasswordReset',
        subjectType: 'USER',
        after: { passwordResetEmailTo: owner.email },
      }),
    ]);
    await catcher.waitForMail(owner.email);
  });

  it('is not held back by the limits of the public reset form', async () => {
    const admin = await browserOf('ADMIN');
    const owner = await someone('TRADER');

    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect((await sendReset(admin, owner.email)).statusCode).toBe(200);
    }

    for (let attempt = 0; attempt < 7; attempt += 1) await catcher.waitForMail(owner.email);
  });

  it('answers 404 when no account has the e-mail, and mails nobody', async () => {
    const admin = await browserOf('ADMIN');
    const email = `nobody.${randomUUID()}@example.com.au`;

    const response = await sendReset(admin, email);

    expect(response.json()).toMatchObject({ statusCode: 404, message: MESSAGES.noAccountWithEmail });
    expect(catcher.mailsTo(email)).toEqual([]);
  });

  it('answers 403 to a GOVERNOR, and mails nobody', async () => {
    const governor = await browserOf('GOVERNOR');
    const owner = await someone('TRADER');

    const response = await sendReset(governor, owner.email);

    expect(response.statusCode).toBe(403);
    expect(
      await db.select().from(oneTimeKeys).where(and(eq(oneTimeKeys.userId, owner.id), eq(oneTimeKeys.purpose, 'RESET_PASSWORD'))),
    ).toEqual([]);
    expect(catcher.mailsTo(owner.email)).toEqual([]);
  });
});
