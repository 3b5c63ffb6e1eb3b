import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog, oneTimeKeys, sessions, users } from '../../db/schema';
import { createAccount, createOwner } from '../../../test/factories';
import { keyIn, linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { loggedInBrowser, newTestAddress, testBrowser } from '../../../test/test-browser';
import { hashToken } from '../../tokens';
import { RATE_LIMITS } from './service';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database, config } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

let emailsHandedOut = 0;
function newEmail(): string {
  emailsHandedOut += 1;
  return `new.owner.${emailsHandedOut}.${Date.now()}@example.com.au`;
}

function registration(email: string, fields: Partial<Record<'firstName' | 'lastName' | 'password', string>> = {}) {
  return { firstName: 'Grace', lastName: 'Hopper', email, password: 'fig-tree-harvest', ...fields };
}

async function register(email: string, fields: Parameters<typeof registration>[1] = {}, address = newTestAddress()) {
  return testBrowser(app, { address }).post('/api/user/register', registration(email, fields));
}

function answerOf(response: { statusCode: number; json(): { status: string; message: string; data: unknown } }) {
  const { status, message, data } = response.json();
  return { statusCode: response.statusCode, status, message, data };
}

async function accountOf(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('POST /api/user/register', () => {
  it('registers a disabled TRADER and mails a verification link that enables the account once', async () => {
    const email = newEmail();
    const response = await register(email);

    expect(answerOf(response)).toEqual({
      statusCode: 200,
      status: 'OK',
      message: MESSAGES.registrationSuccessful,
      data: {},
    });
    expect(await accountOf(email)).toMatchObject({ role: 'TRADER', enabled: false, emailVerifiedAt: null });

    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    const link = linkIn(mail, '/verify/account');
    expect(link.startsWith(`${TEST_ORIGIN}/verify/account?key=`)).toBe(true);
    expect(mail.html).toContain(link);

    const browser = testBrowser(app);
    const verified = await browser.get(`/api/user/verify/account?key=${keyIn(mail, '/verify/account')}`);
    expect(answerOf(verified)).toMatchObject({ statusCode: 200, message: MESSAGES.accountVerified });
    expect(await accountOf(email)).toMatchObject({ enabled: true, emailVerifiedAt: expect.any(Date) });

    const login = await browser.post('/api/user/login', { email, password: 'fig-tree-harvest' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ email, role: 'TRADER', mfa: false });
  });

  it('names ChurchTrades, the sender and the support address in the verification mail', async () => {
    const email = newEmail();
    await register(email, { firstName: 'Ruth' });

    const mail = await catcher.waitForMail(email);

    expect(mail.from).toBe(config.mailFrom);
    expect(mail.subject).toBe('Verify your ChurchTrades account');
    expect(mail.text).toContain(config.supportEmail);
    expect(mail.html).toContain(config.supportEmail);
  });

  it('answers a taken e-mail, in any case, exactly as a new one, and mails its owner instead', async () => {
    const owner = await createAccount(db, { email: newEmail(), firstName: 'Martha' });
    const fresh = await register(newEmail());
    const taken = await register(owner.email.toUpperCase(), { firstName: 'Mallory' });

    const { timeStamp: _freshTime, ...freshAnswer } = fresh.json();
    const { timeStamp: _takenTime, ...takenAnswer } = taken.json();
    expect(takenAnswer).toEqual(freshAnswer);
    expect(taken.statusCode).toBe(fresh.statusCode);

    const mail = await catcher.waitForMail(owner.email);
    expect(mail.subject).toBe('You already have a ChurchTrades account');
    expect(mail.text).toContain('Hello Martha,');
    expect(mail.text).not.toContain('Mallory');
    expect(linkIn(mail, '/resetpassword')).toBe(`${TEST_ORIGIN}/resetpassword`);
    expect(() => linkIn(mail, '/verify/account')).toThrow();
    const [account] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(account).toEqual(owner);
  });

  it('sends an account that never verified a new verification link when it registers again', async () => {
    const email = newEmail();
    await register(email);
    await catcher.waitForMail(email, { subject: 'Verify' });

    await register(email);
    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    const verified = await testBrowser(app).get(`/api/user/verify/account?key=${keyIn(mail, '/verify/account')}`);

    expect(verified.statusCode).toBe(200);
    expect((await accountOf(email)).enabled).toBe(true);
  });

  it("keeps SPEC's 'Password is required' under 5 characters and asks for 8 from 5 up", async () => {
    for (const [password, message] of [
      ['abcd', MESSAGES.passwordRequired],
      ['aaaaa', MESSAGES.newPasswordTooShort],
      ['     ', MESSAGES.newPasswordTooShort],
      ['Abc12!x', MESSAGES.newPasswordTooShort],
    ]) {
      const response = await register(newEmail(), { password });

      expect(answerOf(response), password).toMatchObject({ statusCode: 400, message });
      expect(response.json().data.errors, password).toEqual([{ field: 'password', message }]);
    }
  });

  it('refuses a password that is easy to guess, saying what to do under the field', async () => {
    for (const password of ['aaaaaaaa', '        ', 'password1', 'Sunshine', 'QWERTY123', '12345678', 'iloveyou']) {
      const email = newEmail();
      const response = await register(email, { password });

      expect(answerOf(response), password).toMatchObject({ statusCode: 400, message: expect.stringContaining(MESSAGES.passwordTooEasy) });
      expect(response.json().data.errors, password).toEqual([{ field: 'password', message: response.json().message }]);
      expect(await db.select().from(users).where(eq(users.email, email)), password).toEqual([]);
    }
  });

  it("refuses a password made of the person's names, their e-mail or the site's name", async () => {
    const email = `philippa.okonkwo.${Date.now()}@stmarys.org.au`;
    const person = { firstName: 'Philippa', lastName: 'Okonkwo' };
    // Five: the most registrations of one e-mail an hour.
    for (const password of [email, 'Okonkwo2025', 'philippa1990', 'stmarys2025', 'churchtrades2025!']) {
      const response = await register(email, { ...person, password });

      expect(answerOf(response), password).toMatchObject({ statusCode: 400, message: MESSAGES.passwordAboutYou });
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('takes a long passphrase in any script, up to 1,024 characters', async () => {
    for (const password of [
      'Ὅσον ζῇς φαίνου, μηδὲν ὅλως σὺ λυποῦ',
      '主は私の羊飼い、私は乏しいことがない',
      'quiet-lantern-'.repeat(5).slice(0, 64),
      `${'river stone orchard '.repeat(51)}bell`.slice(0, 1_024),
    ]) {
      const email = newEmail();
      const response = await register(email, { password });

      expect(answerOf(response), password).toMatchObject({ statusCode: 200 });
      expect(await accountOf(email)).toBeDefined();
    }
    const tooLong = await register(newEmail(), { password: 'x'.repeat(1_025) });
    expect(answerOf(tooLong)).toMatchObject({ statusCode: 400, message: MESSAGES.passwordTooLong });
  });

  it('refuses an easy password for a taken e-mail too, so the answers still match', async () => {
    const owner = await createAccount(db, { email: newEmail() });

    const response = await register(owner.email, { password: 'iloveyou' });

    expect(answerOf(response)).toMatchObject({ statusCode: 400, message: expect.stringContaining(MESSAGES.passwordTooEasy) });
  });

  it('validates the form with the shared messages', async () => {
    const response = await testBrowser(app).post('/api/user/register', { firstName: '', lastName: 'X', email: 'x', password: '1' });

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: MESSAGES.firstNameRequired },
        { field: 'email', message: MESSAGES.emailRequired },
        { field: 'password', message: MESSAGES.passwordRequired },
      ]),
    );
  });
});

describe('an address registered by someone else first (pre-hijacking)', () => {
  const ATTACKER_PASSWORD = 'mallory-was-here-first';
  const VICTIM_PASSWORD = 'grace-proves-her-address';

  it('gives the account to whoever proves the address: their password and names, two-step off, no session left', async () => {
    const email = newEmail();
    await register(email, { firstName: 'Mallory', lastName: 'Attacker', password: ATTACKER_PASSWORD });
    const attackersKey = keyIn(await catcher.waitForMail(email, { subject: 'Verify' }), '/verify/account');
    // Whatever the first registrant managed to set up on the account before its address was proved.
    const attacker = await accountOf(email);
    await db
      .update(users)
      .set({ mfa: true, mfaSecret: 'JBSWY3DPEHPK3PXP', mfaPendingSecret: 'KRSXG5CTMVRXEZLU' })
      .where(eq(users.id, attacker.id));
    const attackersSession = await loggedInBrowser(app, db, attacker.id);

    const fresh = await register(newEmail());
    const again = await register(email, { firstName: 'Grace', lastName: 'Victim', password: VICTIM_PASSWORD });
    const { timeStamp: _freshTime, ...freshAnswer } = fresh.json();
    const { timeStamp: _againTime, ...againAnswer } = again.json();
    expect(againAnswer).toEqual(freshAnswer);
    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    expect(mail.text).toMatch(/^Hello,\r?\n/);
    expect(mail.text).not.toContain('Mallory');
    expect(await accountOf(email)).toMatchObject({ firstName: 'Grace', lastName: 'Victim', enabled: false });

    const stale = await testBrowser(app).get(`/api/user/verify/account?key=${attackersKey}`);
    expect(stale.statusCode).toBe(400);
    expect((await accountOf(email)).enabled).toBe(false);

    const verified = await testBrowser(app).get(`/api/user/verify/account?key=${keyIn(mail, '/verify/account')}`);
    expect(verified.statusCode).toBe(200);
    expect(await accountOf(email)).toMatchObject({
      enabled: true,
      mfa: false,
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaLastStep: null,
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, attacker.id))).toEqual([]);
    expect((await attackersSession.get('/api/user/profile')).statusCode).toBe(401);
    const attackersLogin = await testBrowser(app).post('/api/user/login', { email, password: ATTACKER_PASSWORD });
    expect(answerOf(attackersLogin)).toMatchObject({ statusCode: 401, message: MESSAGES.invalidCredentials });
    const victimsLogin = await testBrowser(app).post('/api/user/login', { email, password: VICTIM_PASSWORD });
    expect(victimsLogin.json()).toMatchObject({ statusCode: 200, data: { user: { mfa: false } } });
  });

  it('writes the verification to the audit log, with the network it came from', async () => {
    const email = newEmail();
    await register(email);
    const key = keyIn(await catcher.waitForMail(email, { subject: 'Verify' }), '/verify/account');

    await testBrowser(app, { address: '203.0.113.9' }).get(`/api/user/verify/account?key=${key}`);

    const account = await accountOf(email);
    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.verify',
        subjectType: 'USER',
        subjectName: email,
        actorId: null,
        actorEmail: 'visitor from 203.0.113.9',
      }),
    ]);
  });
});

describe('what a registration may carry to an address', () => {
  // A name of phishing text, within the limit: only the address's owner may ever see the name they typed.
  const PHISHING_NAME = 'Blocked! Pay at evil.example';

  it('refuses a 900 kB first name with 400, storing and mailing nothing', async () => {
    const email = newEmail();

    const response = await register(email, { firstName: 'A'.repeat(900_000) });

    expect(answerOf(response)).toMatchObject({ statusCode: 400, message: MESSAGES.firstNameTooLong });
    expect(response.json().data.errors).toEqual([{ field: 'firstName', message: MESSAGES.firstNameTooLong }]);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(catcher.mailsTo(email)).toEqual([]);
  });

  it('takes names of 50 characters and refuses 51', async () => {
    const email = newEmail();
    expect((await register(email, { firstName: 'F'.repeat(50), lastName: 'L'.repeat(50) })).statusCode).toBe(200);
    expect(await accountOf(email)).toMatchObject({ firstName: 'F'.repeat(50) });
    const longLast = await register(newEmail(), { lastName: 'L'.repeat(51) });
    expect(answerOf(longLast)).toMatchObject({ statusCode: 400, message: MESSAGES.lastNameTooLong });
  });

  it('greets the address in its verification mail without the name typed at registration', async () => {
    const email = newEmail();
    await register(email, { firstName: PHISHING_NAME });

    const mail = await catcher.waitForMail(email, { subject: 'Verify' });

    expect(mail.text).toMatch(/^Hello,\r?\n/);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain('evil.example');
  });

  it('greets a never-verified address registered again without either name typed', async () => {
    const email = newEmail();
    await register(email, { firstName: PHISHING_NAME });
    await catcher.waitForMail(email, { subject: 'Verify' });

    await register(email, { firstName: 'Also phishing at evil.example' });
    await vi.waitFor(() => expect(catcher.mailsTo(email)).toHaveLength(2), { timeout: 5000 });
    const mail = catcher.mailsTo(email)[1]!;

    expect(mail.text).toMatch(/^Hello,\r?\n/);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain('evil.example');
  });

  it('greets a verified owner by their name when someone registers their address', async () => {
    const owner = await createAccount(db, { email: newEmail(), firstName: 'Martha' });

    await register(owner.email, { firstName: PHISHING_NAME });
    const mail = await catcher.waitForMail(owner.email, { subject: 'already have' });

    expect(mail.text).toMatch(/^Hello Martha,\r?\n/);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('GET /api/user/verify/account', () => {
  async function registeredKey(): Promise<{ email: string; key: string }> {
    const email = newEmail();
    await register(email);
    return { email, key: keyIn(await catcher.waitForMail(email), '/verify/account') };
  }

  it('refuses a key used before', async () => {
    const { key } = await registeredKey();
    const browser = testBrowser(app);
    await browser.get(`/api/user/verify/account?key=${key}`);

    const again = await browser.get(`/api/user/verify/account?key=${key}`);

    expect(answerOf(again)).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.linkAlreadyUsed });
  });

  it('refuses an unknown key', async () => {
    const response = await testBrowser(app).get('/api/user/verify/account?key=not-a-key-we-sent');

    expect(answerOf(response)).toMatchObject({ statusCode: 400, message: MESSAGES.accountLinkInvalid });
  });

  it('refuses an expired key and leaves the account disabled', async () => {
    const { email, key } = await registeredKey();
    await db
      .update(oneTimeKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeKeys.keyHash, hashToken(key)));

    const response = await testBrowser(app).get(`/api/user/verify/account?key=${key}`);

    expect(answerOf(response)).toMatchObject({ statusCode: 400, message: MESSAGES.accountLinkInvalid });
    expect((await accountOf(email)).enabled).toBe(false);
  });

  it('keeps the key for 48 hours', async () => {
    const { key } = await registeredKey();
    const [row] = await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, hashToken(key)));

    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
  });

  it('stores only the hash of a key', async () => {
    const { key } = await registeredKey();

    const stored = await db.select().from(oneTimeKeys);

    expect(stored.some((row) => row.keyHash === key)).toBe(false);
    expect(stored.some((row) => row.keyHash === hashToken(key))).toBe(true);
  });

  it('does not enable again an account an administrator disabled after it was verified', async () => {
    const disabled = await createOwner(db, { email: newEmail(), enabled: false, emailVerifiedAt: new Date() });
    await register(disabled.email);
    const mail = await catcher.waitForMail(disabled.email);

    expect(() => linkIn(mail, '/verify/account')).toThrow();
  });

  it('asks for the key when the link has none', async () => {
    const response = await testBrowser(app).get('/api/user/verify/account');

    expect(answerOf(response)).toMatchObject({ statusCode: 400, message: MESSAGES.invalidLink });
  });
});

describe('limits on registering', () => {
  it('allows 20 registrations an hour from one address, then answers 429 saying when to try again', async () => {
    const address = newTestAddress();
    for (let attempt = 0; attempt < RATE_LIMITS.registerPerAddress.limit; attempt += 1) {
      expect((await register(newEmail(), {}, address)).statusCode).toBe(200);
    }

    const refused = await register(newEmail(), {}, address);

    expect(answerOf(refused)).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in (60|59) minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await register(newEmail(), {}, newTestAddress())).statusCode).toBe(200);
  });

  it('allows 5 registrations an hour of one e-mail, in any case, from any address', async () => {
    const email = newEmail();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await register(attempt % 2 === 0 ? email : email.toUpperCase());
    }

    const refused = await register(email);

    expect(answerOf(refused)).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});
