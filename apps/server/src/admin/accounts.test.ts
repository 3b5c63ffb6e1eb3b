import { MESSAGES } from '@churchtrades/shared/messages';
import { SYSTEM_ACTOR } from '@churchtrades/shared/audit';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../test/test-browser';
import { auditLog, oneTimeKeys, sessions, users } from '../db/schema';
import { hashToken, newToken } from '../tokens';
import { verifyPassword } from '../modules/users/password';
import { AdminCommandError, commandUsers, createUserAccount, resetUserPassword } from './accounts';
import type { CreateUserCommand } from './arguments';

const { app, database, config } = await createTestApp();
const db = database.db;
const operator = commandUsers(db, config);

const NEW_PASSWORD = 'bring-a-plate-on-sunday';

function newSuper(fields: Partial<CreateUserCommand> = {}): CreateUserCommand {
  return {
    command: 'create-user',
    role: 'SUPER',
    email: `super-${randomUUID().slice(0, 8)}@example.com.au`,
    password: NEW_PASSWORD,
    firstName: 'Sam',
    lastName: 'Super',
    governedState: null,
    ...fields,
  };
}

const accountOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (id: string) => db.select().from(auditLog).where(eq(auditLog.subjectId, id));

describe('admin create-user', () => {
  it('makes a verified, enabled account that logs in at once with its role', async () => {
    const input = newSuper();

    const { userId, generated } = await createUserAccount(operator, input);

    expect(generated).toBe(false);
    expect(await accountOf(userId)).toMatchObject({ role: 'SUPER', enabled: true, email: input.email, firstName: 'Sam' });
    expect((await accountOf(userId)).emailVerifiedAt).toBeInstanceOf(Date);
    const login = await testBrowser(app).post('/api/user/login', { email: input.email, password: NEW_PASSWORD });
    expect(login.json()).toMatchObject({ status: 'OK', message: MESSAGES.loginSuccessful, data: { user: { role: 'SUPER' } } });
  });

  it('writes down the new account in the audit log, the system as its actor', async () => {
    const { userId } = await createUserAccount(operator, newSuper({ role: 'GOVERNOR', governedState: 'WA' }));

    expect(await auditOf(userId)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: SYSTEM_ACTOR,
        action: 'user.create',
        subjectType: 'USER',
        subjectName: 'Sam Super',
        before: null,
        after: expect.objectContaining({ role: 'GOVERNOR', governedState: 'WA', enabled: true }),
      }),
    ]);
  });

  it('makes and hands back a strong password when none is given, and stores only its hash', async () => {
    const { userId, password, generated } = await createUserAccount(operator, newSuper({ password: undefined }));

    expect(generated).toBe(true);
    expect(password).toMatch(/^[\w-]{24}$/);
    const stored = await accountOf(userId);
    expect(stored.passwordHash).not.toContain(password);
    expect(await verifyPassword(stored.passwordHash, password)).toBe(true);
  });

  it('refuses an e-mail that has an account already, in any case, and changes nothing', async () => {
    const existing = await createAccount(db);
    const before = await accountOf(existing.id);

    await expect(createUserAccount(operator, newSuper({ email: existing.email.toUpperCase() }))).rejects.toThrow(AdminCommandError);

    expect(await accountOf(existing.id)).toEqual(before);
    expect(await auditOf(existing.id)).toEqual([]);
  });

  it.each(['Password1', 'churchtrades2025', 'SamSuper1'])('refuses the easily guessed password %s', async (password) => {
    const input = newSuper({ password });

    await expect(createUserAccount(operator, input)).rejects.toThrow(AdminCommandError);
    expect(await db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
  });
});

describe('admin reset-password', () => {
  it('sets the password, ends every session and uses up open reset links', async () => {
    const account = await createAccount(db, { role: 'ADMIN' });
    const browser = await loggedInBrowser(app, db, account.id);
    const resetKey = hashToken(newToken());
    await db.insert(oneTimeKeys).values({
      keyHash: resetKey,
      userId: account.id,
      purpose: 'RESET_PASSWORD',
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const { generated } = await resetUserPassword(operator, { command: 'reset-password', email: account.email, password: NEW_PASSWORD });

    expect(generated).toBe(false);
    expect(await verifyPassword((await accountOf(account.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword((await accountOf(account.id)).passwordHash, TEST_PASSWORD)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await browser.get('/api/user/profile')).statusCode).toBe(401);
    const [key] = await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, resetKey));
    expect(key?.usedAt).toBeInstanceOf(Date);
  });

  it('makes a password when none is given, and writes the reset down with the system as its actor', async () => {
    const account = await createAccount(db);

    const { password, generated } = await resetUserPassword(operator, { command: 'reset-password', email: account.email, password: undefined });

    expect(generated).toBe(true);
    expect(await verifyPassword((await accountOf(account.id)).passwordHash, password)).toBe(true);
    expect(await auditOf(account.id)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: SYSTEM_ACTOR,
        action: 'user.passwordReset',
        after: { passwordGenerated: true, sessionsEnded: true },
      }),
    ]);
  });

  it("refuses a password that holds the account's name, leaving the old one", async () => {
    const account = await createAccount(db, { firstName: 'Philippa', lastName: 'Okonkwo' });

    await expect(
      resetUserPassword(operator, { command: 'reset-password', email: account.email, password: 'Okonkwo2025!' }),
    ).rejects.toThrow(`--password: ${MESSAGES.passwordAboutYou}`);
    expect(await verifyPassword((await accountOf(account.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('refuses an e-mail no account has', async () => {
    await expect(
      resetUserPassword(operator, { command: 'reset-password', email: 'nobody@example.com.au', password: undefined }),
    ).rejects.toThrow(/No account has the e-mail nobody@example.com.au/);
  });
});
