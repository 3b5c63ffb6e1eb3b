import { QR_CODE_FIELDS } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mfaSetupSchema } from '@churchtrades/shared/user';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP, URI } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, users } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, newTestAddress, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { RATE_LIMITS } from './service';
import { createTotpSecretBox } from './totp-secrets';

const STEP_MS = 30_000;
// The app's clock, moved by the tests: one second into a TOTP step, so codes never straddle two steps.
let now = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000;
const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database, config } = await createTestApp({ smtpUrl: catcher.url }, { clock: () => new Date(now) });
const db = database.db;
const totpSecrets = createTotpSecretBox(config.totpEncryptionKey);

function codeOf(secret: string, stepsFromNow = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + stepsFromNow * STEP_MS });
}

function twoStepForm(code: string, userId: string) {
  const boxes = Object.fromEntries(QR_CODE_FIELDS.map((field, index) => [field, code[index]]));
  return { ...boxes, userId, qrCode: code };
}

async function accountWithTwoStep() {
  const secret = new Secret({ size: 20 }).base32;
  const account = await createAccount(db, { mfa: true, mfaSecret: secret });
  return { account, secret };
}

async function halfLoggedIn(email: string, address = newTestAddress()): Promise<TestBrowser> {
  const browser = testBrowser(app, { address });
  await browser.post('/api/user/login', { email, password: TEST_PASSWORD });
  return browser;
}

function verify(browser: TestBrowser, code: string, userId: string) {
  return browser.post('/api/user/verify/qrcode', twoStepForm(code, userId));
}

describe('turning two-step on', () => {
  it('hands out a pending secret with its otpauth URI and QR code, and leaves two-step off', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/mfa/setup');

    expect(response.statusCode).toBe(200);
    const setup = mfaSetupSchema.strict().parse(response.json().data);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const totp = URI.parse(setup.otpauthUri);
    expect(totp).toBeInstanceOf(TOTP);
    expect(totp).toMatchObject({ issuer: 'ChurchTrades', label: account.email, digits: 6, period: 30 });
    expect(totp.secret.base32).toBe(setup.secret);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ mfa: false, mfaSecret: null });
    expect(totpSecrets.open(row!.mfaPendingSecret!)).toBe(setup.secret);
  });

  it('turns two-step on with a code of the pending secret', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;

    const response = await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: TEST_PASSWORD });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.mfaTurnedOn, data: { user: { mfa: true } } });
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ mfa: true, mfaPendingSecret: null });
    expect(totpSecrets.open(row!.mfaSecret!)).toBe(secret);
  });

  it('refuses a wrong code and leaves two-step off', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;

    const response = await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret, 5), password: TEST_PASSWORD });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidTwoStepCode });
    expect((await browser.get('/api/user/profile')).json().data.user.mfa).toBe(false);
  });

  it('asks for the setup first when there is no pending secret', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/mfa/confirm', { code: '123456', password: TEST_PASSWORD });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.mfaSetupMissing });
  });

  it('refuses a new setup while two-step is on', async () => {
    const { account } = await accountWithTwoStep();
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/mfa/setup');

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.mfaAlreadyOn });
  });
});

describe('logging in with two-step', () => {
  it('sets up, confirms, logs in with a half-session, completes it, and refuses the same code again', async () => {
    const account = await createAccount(db);
    const settings = await loggedInBrowser(app, db, account.id);
    const { secret } = (await settings.patch('/api/user/mfa/setup')).json().data;
    await settings.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: TEST_PASSWORD });
    now += STEP_MS;

    const browser = testBrowser(app);
    const login = await browser.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ statusCode: 200, message: MESSAGES.enterTwoStepCode });
    expect(login.json().data.user).toEqual({ userId: account.id, mfa: true });
    const halfSession = browser.sessionToken!;

    const code = codeOf(secret);
    const verified = await verify(browser, code, account.id);
    expect(verified.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, mfa: true } } });
    expect(browser.sessionToken).toBeDefined();
    expect(browser.sessionToken).not.toBe(halfSession);
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
    const old = testBrowser(app, { sessionToken: halfSession });
    expect((await old.post('/api/user/verify/qrcode', twoStepForm(code, account.id))).statusCode).toBe(401);

    const again = await halfLoggedIn(account.email);
    const replayed = await verify(again, code, account.id);
    expect(replayed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.twoStepCodeUsed });
  });

  it('refuses a code of a step before the last one accepted', async () => {
    const { account, secret } = await accountWithTwoStep();
    await verify(await halfLoggedIn(account.email), codeOf(secret), account.id);

    const earlier = await verify(await halfLoggedIn(account.email), codeOf(secret, -1), account.id);

    expect(earlier.json()).toMatchObject({ statusCode: 400, message: MESSAGES.twoStepCodeUsed });
  });

  it('accepts the code of the next step, for a clock a little ahead', async () => {
    const { account, secret } = await accountWithTwoStep();
    const browser = await halfLoggedIn(account.email);

    const response = await verify(browser, codeOf(secret, 1), account.id);

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, mfa: true } } });
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('refuses a code two steps away', async () => {
    const { account, secret } = await accountWithTwoStep();

    const response = await verify(await halfLoggedIn(account.email), codeOf(secret, -2), account.id);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidTwoStepCode });
  });

  it('reads the code from the six boxes, not from the joined field', async () => {
    const { account, secret } = await accountWithTwoStep();
    const browser = await halfLoggedIn(account.email);

    const response = await browser.post('/api/user/verify/qrcode', { ...twoStepForm(codeOf(secret), account.id), qrCode: '000000' });

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, mfa: true } } });
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('lets a half-session do nothing but send the code', async () => {
    const { account } = await accountWithTwoStep();
    const browser = await halfLoggedIn(account.email);

    const profile = await browser.get('/api/user/profile');
    const update = await browser.patch('/api/user/mfa/setup');

    for (const response of [profile, update]) {
      expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
    }
  });

  it('wants a half-session to take a code', async () => {
    const { account, secret } = await accountWithTwoStep();
    const full = await loggedInBrowser(app, db, account.id);

    const response = await verify(full, codeOf(secret), account.id);

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
  });

  it("refuses a code sent for another user than the half-session's", async () => {
    const { account, secret } = await accountWithTwoStep();
    const other = await createAccount(db);

    const response = await verify(await halfLoggedIn(account.email), codeOf(secret), other.id);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.twoStepForAnotherUser });
  });

  it('allows 5 tries per half-session, then ends it: the password must be given again', async () => {
    const { account, secret } = await accountWithTwoStep();
    const browser = await halfLoggedIn(account.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await verify(browser, codeOf(secret, 10 + attempt), account.id);
      expect(wrong.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidTwoStepCode });
    }

    const sixth = await verify(browser, codeOf(secret), account.id);
    const seventh = await verify(browser, codeOf(secret), account.id);

    expect(sixth.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyTwoStepCodes });
    expect(seventh.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
    const afresh = await halfLoggedIn(account.email);
    expect((await verify(afresh, codeOf(secret), account.id)).statusCode).toBe(200);
  });

  it('keeps a half-session for 10 minutes only', async () => {
    const { account, secret } = await accountWithTwoStep();
    const browser = await halfLoggedIn(account.email);

    now += 10 * 60_000 + 1000;

    expect((await verify(browser, codeOf(secret), account.id)).statusCode).toBe(401);
  });
});

describe('wrong codes across half-sessions', () => {
  const PER_ACCOUNT = RATE_LIMITS.wrongCodesPerAccount.limit;
  const PER_LOGIN = RATE_LIMITS.codesPerLogin.limit;

  async function wrongCodes(browser: TestBrowser, secret: string, userId: string, count: number) {
    for (let attempt = 0; attempt < count; attempt += 1) {
      const wrong = await verify(browser, codeOf(secret, 10 + attempt), userId);
      expect(wrong.json()).toMatchObject({ statusCode: 400, message: MESSAGES.invalidTwoStepCode });
    }
  }

  it(`allows ${PER_ACCOUNT} an hour per account, then refuses even the right code and tells the owner once`, async () => {
    const { account, secret } = await accountWithTwoStep();
    for (let login = 0; login < PER_ACCOUNT / PER_LOGIN; login += 1) {
      await wrongCodes(await halfLoggedIn(account.email), secret, account.id, PER_LOGIN);
    }

    const refused = await verify(await halfLoggedIn(account.email), codeOf(secret), account.id);
    now += 60 * 60_000;
    const afterAnHour = await verify(await halfLoggedIn(account.email), codeOf(secret), account.id);

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    expect(afterAnHour.statusCode).toBe(200);
    const mail = await catcher.waitForMail(account.email, { subject: 'Wrong two-step codes were tried' });
    expect(mail.text).toContain('someone knows your password');
    expect(catcher.mailsTo(account.email)).toHaveLength(1);
    const lockOuts = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, account.id), eq(auditLog.action, 'user.twoStepLockedOut')));
    expect(lockOuts).toEqual([expect.objectContaining({ subjectName: account.email, after: { failures: PER_ACCOUNT, pausedForMinutes: 60 } })]);
  });

  it(`allows ${RATE_LIMITS.wrongCodesPerNetwork.limit} an hour per network, whatever the accounts`, async () => {
    const address = newTestAddress();
    for (let account = 0; account < RATE_LIMITS.wrongCodesPerNetwork.limit / PER_LOGIN; account += 1) {
      const { account: guessed, secret } = await accountWithTwoStep();
      await wrongCodes(await halfLoggedIn(guessed.email, address), secret, guessed.id, PER_LOGIN);
    }
    const { account, secret } = await accountWithTwoStep();

    const refused = await verify(await halfLoggedIn(account.email, address), codeOf(secret), account.id);
    const elsewhere = await verify(await halfLoggedIn(account.email), codeOf(secret), account.id);

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the TOTP secrets at rest', () => {
  it('keeps the pending and the confirmed secret encrypted: neither is in the database in clear', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;
    const [pending] = await db.select().from(users).where(eq(users.id, account.id));
    await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: TEST_PASSWORD });
    const [confirmed] = await db.select().from(users).where(eq(users.id, account.id));

    for (const stored of [pending!.mfaPendingSecret!, confirmed!.mfaSecret!]) {
      expect(stored).toMatch(/^aes-256-gcm:/);
      expect(stored).not.toContain(secret);
      expect(Buffer.from(stored.slice('aes-256-gcm:'.length), 'base64url').toString('latin1')).not.toContain(secret);
    }
  });

  it('cannot be read with another key', async () => {
    const sealed = totpSecrets.seal('JBSWY3DPEHPK3PXP');

    expect(() => createTotpSecretBox(Buffer.alloc(32, 7)).open(sealed)).toThrow();
  });

  it('encrypts a secret kept in clear by an older version when the app starts, and its codes still work', async () => {
    const { account, secret } = await accountWithTwoStep();
    expect((await halfLoggedIn(account.email)).sessionToken).toBeDefined();

    const restarted = await buildApp({ config, db, clock: () => new Date(now) });
    await restarted.ready();
    await restarted.close();

    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row!.mfaSecret).toMatch(/^aes-256-gcm:/);
    expect(totpSecrets.open(row!.mfaSecret!)).toBe(secret);
    const browser = await halfLoggedIn(account.email);
    expect((await verify(browser, codeOf(secret), account.id)).statusCode).toBe(200);
  });
});

describe('turning two-step off', () => {
  it('turns two-step off with the password, and the next login asks for no code', async () => {
    const { account } = await accountWithTwoStep();
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/mfa/cancel', { password: TEST_PASSWORD });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.mfaTurnedOff, data: { user: { mfa: false } } });
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ mfa: false, mfaSecret: null, mfaPendingSecret: null });
    const login = await testBrowser(app).post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    expect(login.json().data.user.mfa).toBe(false);
  });

  it('refuses a wrong password, or a code alone, and leaves two-step on', async () => {
    const { account, secret } = await accountWithTwoStep();
    const browser = await loggedInBrowser(app, db, account.id);

    const wrongPassword = await browser.patch('/api/user/mfa/cancel', { password: 'not-the-password' });
    const codeAlone = await browser.patch('/api/user/mfa/cancel', { code: codeOf(secret) });

    expect(wrongPassword.json()).toMatchObject({ statusCode: 400, message: MESSAGES.wrongPassword });
    expect(codeAlone.json()).toMatchObject({ statusCode: 400, message: MESSAGES.currentPasswordRequired });
    expect((await browser.get('/api/user/profile')).json().data.user.mfa).toBe(true);
  });
});

describe('two-step and the other sessions of the account', () => {
  it('needs the current password to turn two-step on, and leaves it off without', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;

    const without = await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret) });
    const wrong = await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: 'not-the-password' });

    expect(without.json().data.errors).toEqual([{ field: 'password', message: MESSAGES.currentPasswordRequired }]);
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: MESSAGES.wrongPassword });
    expect((await browser.get('/api/user/profile')).json().data.user.mfa).toBe(false);
  });

  it('ends every other session when two-step is turned on, and again when it is turned off; this one stays', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const elsewhere = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;

    await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: TEST_PASSWORD });
    expect((await elsewhere.get('/api/user/profile')).statusCode).toBe(401);
    const again = await loggedInBrowser(app, db, account.id);
    await browser.patch('/api/user/mfa/cancel', { password: TEST_PASSWORD });

    expect((await again.get('/api/user/profile')).statusCode).toBe(401);
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('writes turning two-step on and off to the audit log, the owner as actor', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);
    const { secret } = (await browser.patch('/api/user/mfa/setup')).json().data;
    await browser.patch('/api/user/mfa/confirm', { code: codeOf(secret), password: TEST_PASSWORD });
    await browser.patch('/api/user/mfa/cancel', { password: TEST_PASSWORD });

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));

    expect(entries.map((entry) => entry.action).sort()).toEqual(['user.twoStepOff', 'user.twoStepOn']);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: account.id, subjectName: account.email });
  });
});
