import { MESSAGES } from '@churchtrades/shared/messages';
import { QR_CODE_FIELDS } from '@churchtrades/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeKeys, rateLimitCounters } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { keyIn, linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { newTestAddress, testBrowser } from '../../../test/test-browser';
import { hashToken } from '../../tokens';
import { RATE_LIMITS } from './service';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

const NEW_PASSWORD = 'lantern-by-the-vestry';

function requestReset(email: string, address = newTestAddress()) {
  return testBrowser(app, { address }).post('/api/user/resetpassword', { email });
}

async function resetKeyOf(email: string): Promise<string> {
  await requestReset(email);
  return keyIn(await catcher.waitForMail(email, { subject: 'Reset' }), '/verify/password');
}

function reset(key: string, userId: string, newPassword = NEW_PASSWORD) {
  return testBrowser(app).post('/api/user/resetpassword/reset', {
    newPassword,
    confirmNewPassword: newPassword,
    userId,
    key,
  });
}

function logIn(email: string, password: string, address = newTestAddress()) {
  return testBrowser(app, { address }).post('/api/user/login', { email, password });
}

/** Brings the rule's counter of the subject (by the limiter's key) to its limit, as an attack from many networks would. */
async function reachLimit(rule: { name: string; limit: number }, subject: string): Promise<void> {
  const counter = { key: `${rule.name}:${subject}`, hits: rule.limit, resetsAt: new Date(Date.now() + 3_600_000) };
  await db
    .insert(rateLimitCounters)
    .values(counter)
    .onConflictDoUpdate({ target: rateLimitCounters.key, set: { hits: sql`excluded.hits` } });
}

describe('POST /api/user/resetpassword', () => {
  it('mails a link to the password page that works for 1 hour', async () => {
    const account = await createAccount(db, { firstName: 'Lydia' });

    const response = await requestReset(account.email.toUpperCase());

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.resetEmailSent, data: {} });
    const mail = await catcher.waitForMail(account.email);
    expect(mail.subject).toBe('Reset your ChurchTrades password');
    expect(mail.text).toContain('Hello Lydia,');
    expect(linkIn(mail, '/verify/password')).toMatch(new RegExp(`^${TEST_ORIGIN}/verify/password\\?key=[\\w-]{43}$`));
    const [row] = await db
      .select()
      .from(oneTimeKeys)
      .where(eq(oneTimeKeys.keyHash, hashToken(keyIn(mail, '/verify/password'))));
    expect((row!.expiresAt.getTime() - Date.now()) / 60_000).toBeCloseTo(60, 0);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nobody', async () => {
    const account = await createAccount(db);
    const unknownEmail = `nobody.${account.email}`;

    const unknown = await requestReset(unknownEmail);
    const known = await requestReset(account.email);

    const { timeStamp: _unknownTime, ...unknownAnswer } = unknown.json();
    const { timeStamp: _knownTime, ...knownAnswer } = known.json();
    expect(unknownAnswer).toEqual(knownAnswer);
    expect(unknown.statusCode).toBe(known.statusCode);
    await catcher.waitForMail(account.email);
    expect(catcher.mailsTo(unknownEmail)).toEqual([]);
  });
});

describe('GET /api/user/verify/password', () => {
  it('tells whose password the key resets, and leaves the key usable', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);

    const first = await testBrowser(app).get(`/api/user/verify/password?key=${key}`);
    const second = await testBrowser(app).get(`/api/user/verify/password?key=${key}`);

    expect(first.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id } } });
    expect(Object.keys(first.json().data.user)).toEqual(['userId']);
    expect(second.statusCode).toBe(200);
    expect((await reset(key, account.id)).statusCode).toBe(200);
  });

  it('refuses an unknown key', async () => {
    const response = await testBrowser(app).get('/api/user/verify/password?key=never-sent');

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.resetLinkInvalid });
  });

  it('refuses an expired key', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);
    await db
      .update(oneTimeKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeKeys.keyHash, hashToken(key)));

    const response = await testBrowser(app).get(`/api/user/verify/password?key=${key}`);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.resetLinkInvalid });
    expect((await reset(key, account.id)).json()).toMatchObject({ statusCode: 400, message: MESSAGES.resetLinkInvalid });
  });

  it('does not take an account verification key', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);
    await db.update(oneTimeKeys).set({ purpose: 'VERIFY_ACCOUNT' }).where(eq(oneTimeKeys.keyHash, hashToken(key)));

    const response = await testBrowser(app).get(`/api/user/verify/password?key=${key}`);

    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/user/resetpassword/reset', () => {
  it('sets the new password, which logs in where the old one no longer does', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);

    const response = await reset(key, account.id);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.passwordResetSuccessful, data: {} });
    expect((await logIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('uses the key up', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);
    await reset(key, account.id);

    const again = await reset(key, account.id, 'another-good-password');
    const check = await testBrowser(app).get(`/api/user/verify/password?key=${key}`);

    expect(again.json()).toMatchObject({ statusCode: 400, message: MESSAGES.linkAlreadyUsed });
    expect(check.json()).toMatchObject({ statusCode: 400, message: MESSAGES.linkAlreadyUsed });
  });

  it('uses up the older reset keys of the user too', async () => {
    const account = await createAccount(db);
    const older = await resetKeyOf(account.email);
    const newer = await resetKeyOf(account.email);
    await reset(newer, account.id);

    const response = await reset(older, account.id, 'another-good-password');

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.linkAlreadyUsed });
  });

  it("refuses a key with another user's id and leaves both passwords alone", async () => {
    const account = await createAccount(db);
    const other = await createAccount(db);
    const key = await resetKeyOf(account.email);

    const response = await reset(key, other.id);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.resetLinkInvalid });
    expect((await logIn(other.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset(key, account.id)).statusCode).toBe(200);
  });

  it('refuses a password easy to guess, under the new password field, and keeps the key for another try', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);

    const common = await reset(key, account.id, 'football');
    const better = await reset(key, account.id);

    expect(common.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining(MESSAGES.passwordTooEasy) });
    expect(common.json().data.errors).toEqual([{ field: 'newPassword', message: common.json().message }]);
    expect(better.statusCode).toBe(200);
  });

  it("refuses a new password made of the account's name or e-mail", async () => {
    const account = await createAccount(db, { firstName: 'Bartholomew', lastName: 'Ng' });
    const key = await resetKeyOf(account.email);

    for (const password of ['Bartholomew1', account.email]) {
      expect((await reset(key, account.id, password)).json(), password).toMatchObject({
        statusCode: 400,
        message: MESSAGES.passwordAboutYou,
      });
    }
    expect((await logIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('asks for 8 characters from 5 up', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);

    const response = await reset(key, account.id, 'Xq7#pLm');

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.newPasswordTooShort });
  });

  it('refuses passwords that do not match, with the shared message on the confirm field', async () => {
    const response = await testBrowser(app).post('/api/user/resetpassword/reset', {
      newPassword: NEW_PASSWORD,
      confirmNewPassword: `${NEW_PASSWORD}!`,
      userId: 'some-user-id',
      key: 'some-key',
    });

    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: MESSAGES.passwordsDoNotMatch,
      data: { errors: [{ field: 'confirmNewPassword', message: MESSAGES.passwordsDoNotMatch }] },
    });
  });

  it('ends every session of the user', async () => {
    const account = await createAccount(db);
    const phone = testBrowser(app);
    const laptop = testBrowser(app);
    await phone.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    await laptop.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    const key = await resetKeyOf(account.email);

    await reset(key, account.id);

    expect((await phone.get('/api/user/profile')).statusCode).toBe(401);
    expect((await laptop.get('/api/user/profile')).statusCode).toBe(401);
  });
});

describe('a password reset while logging in to the account is paused', () => {
  it('ends the pause and the back-off of every network, so that the owner logs in at once', async () => {
    const account = await createAccount(db);
    const guesser = newTestAddress();
    for (let attempt = 0; attempt <= RATE_LIMITS.wrongPasswordsPerAccountAndNetwork.free; attempt += 1) {
      await logIn(account.email, `guess-${attempt}`, guesser);
    }
    await reachLimit(RATE_LIMITS.wrongPasswordsPerAccount, account.email);
    const key = await resetKeyOf(account.email);

    const paused = await logIn(account.email, TEST_PASSWORD);
    await reset(key, account.id);
    const afterReset = await logIn(account.email, NEW_PASSWORD);
    const fromGuesser = await logIn(account.email, NEW_PASSWORD, guesser);

    expect(paused.statusCode).toBe(429);
    expect(afterReset.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loginSuccessful });
    expect(fromGuesser.statusCode).toBe(200);
  });

  it('leaves the pause of two-step logins, since it proves the mailbox and not the authenticator app', async () => {
    const account = await createAccount(db, { mfa: true, mfaSecret: 'JBSWY3DPEHPK3PXP' });
    await reachLimit(RATE_LIMITS.wrongCodesPerAccount, account.id);
    await reset(await resetKeyOf(account.email), account.id);
    const browser = testBrowser(app);
    await browser.post('/api/user/login', { email: account.email, password: NEW_PASSWORD });

    const code = await browser.post('/api/user/verify/qrcode', {
      ...Object.fromEntries(QR_CODE_FIELDS.map((field) => [field, '0'])),
      userId: account.id,
    });

    expect(code.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
  });
});

describe('limits on reset requests', () => {
  it('allows 5 requests an hour from one address, then answers 429 saying when to try again', async () => {
    const address = newTestAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestReset(`someone.${attempt}@example.com.au`, address)).statusCode).toBe(200);
    }

    const refused = await requestReset('someone.else@example.com.au', address);

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in (60|59) minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('allows 5 requests an hour for one e-mail, known or not, from any address', async () => {
    const account = await createAccount(db);
    const unknownEmail = `nobody.${account.email}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await requestReset(account.email);
      await requestReset(unknownEmail);
    }

    const known = await requestReset(account.email.toUpperCase());
    const unknown = await requestReset(unknownEmail);

    const { timeStamp: _knownTime, ...knownAnswer } = known.json();
    const { timeStamp: _unknownTime, ...unknownAnswer } = unknown.json();
    expect(knownAnswer).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(unknownAnswer).toEqual(knownAnswer);
  });
});

describe('the audit log of a password reset', () => {
  it('writes the reset by link, with the network it came from, and no key or password', async () => {
    const account = await createAccount(db);
    const key = await resetKeyOf(account.email);

    await testBrowser(app, { address: '192.0.2.44' }).post('/api/user/resetpassword/reset', {
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
      userId: account.id,
      key,
    });

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'user.passwordResetByLink', actorEmail: 'visitor from 192.0.2.44' }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(key);
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });
});
