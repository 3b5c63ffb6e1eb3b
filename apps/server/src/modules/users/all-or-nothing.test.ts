import { randomUUID } from 'node:crypto';
import { QR_CODE_FIELDS } from '@churchtrades/shared/auth';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { oneTimeKeys, sessions, users } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { keyIn, startMailCatcher } from '../../../test/mail-catcher';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

// The second step of each flow fails for the accounts whose e-mail says so: the verification key of a new
// account, the end of an account's sessions, the start of a full session after the two-step code.
const emailOf = (userColumn: string) => `(SELECT email FROM users WHERE id = ${userColumn})`;
await refuseWrites(db, 'one_time_keys', `NEW.purpose = 'VERIFY_ACCOUNT' AND ${emailOf('NEW.user_id')} LIKE 'keyless.%'`);
await refuseWrites(db, 'sessions', `TG_OP = 'DELETE' AND ${emailOf('OLD.user_id')} LIKE 'undying.%'`);
await refuseWrites(db, 'sessions', `TG_OP = 'INSERT' AND NEW.stage = 'ACTIVE' AND ${emailOf('NEW.user_id')} LIKE 'halfway.%'`);

const NEW_PASSWORD = 'lantern-by-the-vestry';

function emailStarting(prefix: string): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com.au`;
}

function logIn(email: string, password: string) {
  return testBrowser(app).post('/api/user/login', { email, password });
}

/** Waits for a mail sent after the request under test, so that a mail that request sent would be in by then. */
async function mailsSettled(): Promise<void> {
  const email = emailStarting('sentinel');
  await createAccount(db, { email });
  await testBrowser(app).post('/api/user/resetpassword', { email });
  await catcher.waitForMail(email);
}

describe('a registration whose verification key cannot be written', () => {
  it('stores no account and mails nothing', async () => {
    const email = emailStarting('keyless');

    const response = await testBrowser(app).post('/api/user/register', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'fig-tree-harvest',
    });

    expect(response.statusCode).toBe(500);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    await mailsSettled();
    expect(catcher.mailsTo(email)).toEqual([]);
  });
});

describe("a password change whose account's sessions cannot be ended", () => {
  it('keeps the password of a reset, and its key usable', async () => {
    const account = await createAccount(db, { email: emailStarting('undying') });
    await loggedInBrowser(app, db, account.id);
    await testBrowser(app).post('/api/user/resetpassword', { email: account.email });
    const key = keyIn(await catcher.waitForMail(account.email), '/verify/password');

    const response = await testBrowser(app).post('/api/user/resetpassword/reset', {
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
      userId: account.id,
      key,
    });

    expect(response.statusCode).toBe(500);
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await logIn(account.email, NEW_PASSWORD)).statusCode).toBe(401);
    const openKeys = await db
      .select()
      .from(oneTimeKeys)
      .where(and(eq(oneTimeKeys.userId, account.id), isNull(oneTimeKeys.usedAt)));
    expect(openKeys).toHaveLength(1);
  });

  it('keeps the password the user changes', async () => {
    const account = await createAccount(db, { email: emailStarting('undying') });
    const browser = await loggedInBrowser(app, db, account.id);
    await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/updatepassword', {
      password: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(500);
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a two-step login whose full session cannot be started', () => {
  it('leaves the code unused and the half-session as it was', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const account = await createAccount(db, { email: emailStarting('halfway'), mfa: true, mfaSecret: secret });
    const browser = testBrowser(app);
    await browser.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const boxes = Object.fromEntries(QR_CODE_FIELDS.map((field, index) => [field, code[index]]));

    const response = await browser.post('/api/user/verify/qrcode', { ...boxes, userId: account.id, qrCode: code });

    expect(response.statusCode).toBe(500);
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row!.mfaLastStep).toBeNull();
    const kept = await db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(kept.map((session) => session.stage)).toEqual(['MFA_PENDING']);
  });
});
