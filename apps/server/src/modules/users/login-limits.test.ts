import { MESSAGES } from '@churchtrades/shared/messages';
import { visitorActor } from '@churchtrades/shared/audit';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, rateLimitCounters } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { keyIn, linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import { loggedInBrowser, newTestAddress, testBrowser } from '../../../test/test-browser';
import { RATE_LIMITS } from './service';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
let now = Date.now();
// Production mode: these are the limits an attacker meets.
const { app, database } = await createTestApp({ nodeEnv: 'production', smtpUrl: catcher.url }, { clock: () => new Date(now) });
const db = database.db;

const FREE = RATE_LIMITS.wrongPasswordsPerAccountAndNetwork.free;
const CEILING = RATE_LIMITS.wrongPasswordsPerAccount.limit;
const PAUSED_SUBJECT = 'Many wrong passwords were tried';
const HOUR_MS = 60 * 60_000;
const LET_IN = '/api/user/verify/login';

function logIn(email: string, password: string, address = newTestAddress()) {
  return testBrowser(app, { address }).post('/api/user/login', { email, password });
}

function passwordChange(password: string) {
  return { password, newPassword: 'candles-for-advent', confirmNewPassword: 'candles-for-advent' };
}

/**
 * Pauses logging in to the account as an attack from many networks does: its counter of wrong passwords from
 * everywhere one short of the pause (the limiter's key), then one more. Answers the key its owner is mailed.
 */
async function pauseLoginsOf(email: string): Promise<string> {
  const key = `${RATE_LIMITS.wrongPasswordsPerAccount.name}:${email}`;
  await db.insert(rateLimitCounters).values({ key, hits: CEILING - 1, resetsAt: new Date(now + HOUR_MS) });
  await logIn(email, 'one-guess-too-many');
  return keyIn(await catcher.waitForMail(email, { subject: PAUSED_SUBJECT }), '/verify/login');
}

function letIn(key: string, address = newTestAddress()) {
  return testBrowser(app, { address }).post(LET_IN, { key });
}

function auditEntries(accountId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, accountId), eq(auditLog.action, action)));
}

describe('wrong passwords from one network', () => {
  it(`costs nothing for the first ${FREE}, then makes that network wait longer after each further one`, async () => {
    const account = await createAccount(db);
    const address = newTestAddress();
    for (let attempt = 0; attempt <= FREE; attempt += 1) {
      expect((await logIn(account.email, 'wrong-password', address)).statusCode).toBe(401);
    }

    const waiting = await logIn(account.email, TEST_PASSWORD, address);
    now += 30_000;
    const after = await logIn(account.email, 'wrong-password', address);
    const waitingLonger = await logIn(account.email, TEST_PASSWORD, address);

    expect(waiting.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(waiting.json().message).toBe('Too many attempts. Try again in 30 seconds.');
    expect(waiting.headers['retry-after']).toBe('30');
    expect(waiting.cookies).toEqual([]);
    expect(after.statusCode).toBe(401);
    expect(waitingLonger.headers['retry-after']).toBe('60');
  });

  it('does not keep the owner out from another network while a stranger hammers the account', async () => {
    const account = await createAccount(db);
    const stranger = newTestAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await logIn(account.email.toUpperCase(), `guess-${attempt}`, stranger);
      now += 1000;
    }

    const owner = await logIn(account.email, TEST_PASSWORD);

    expect(owner.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loginSuccessful });
    expect((await logIn(account.email, TEST_PASSWORD, stranger)).statusCode).toBe(429);
  });

  it('counts wrong passwords only, not logins', async () => {
    const account = await createAccount(db);
    const address = newTestAddress();

    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect((await logIn(account.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('writes each wrong password for an account to the audit log, with the network it came from', async () => {
    const account = await createAccount(db);
    const address = newTestAddress();

    await logIn(account.email, 'wrong-password', address);
    await logIn(`nobody.${account.email}`, 'wrong-password', address);
    await logIn(account.email, TEST_PASSWORD, address);

    const entries = await auditEntries(account.id, 'user.loginFailed');
    expect(entries).toEqual([
      expect.objectContaining({ actorId: null, actorEmail: visitorActor(address), subjectType: 'USER', subjectName: account.email }),
    ]);
  });
});

// A hundred logins, each hashing a password: slow on a busy machine. A test past its time goes on running and moves
// the clock the later tests share, so it is given room rather than cut off.
const HUNDRED_LOGINS_MS = 60_000;

describe('wrong passwords from everywhere', () => {
  it(`pause logging in to the account after ${CEILING} in an hour, telling the owner once`, async () => {
    const account = await createAccount(db);
    for (let network = 0; network < CEILING / FREE; network += 1) {
      const address = newTestAddress();
      for (let attempt = 0; attempt < FREE; attempt += 1) await logIn(account.email, `guess-${attempt}`, address);
    }

    const owner = await logIn(account.email, TEST_PASSWORD);
    const again = await logIn(account.email, 'another-guess');
    now += 60 * 60_000;
    const afterAnHour = await logIn(account.email, TEST_PASSWORD);

    expect(owner.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect(again.statusCode).toBe(429);
    expect(afterAnHour.statusCode).toBe(200);
    const mail = await catcher.waitForMail(account.email, { subject: PAUSED_SUBJECT });
    expect(mail.text).toContain('paused for up to 60 minutes');
    expect(linkIn(mail, '/verify/login')).toMatch(new RegExp(`^${TEST_ORIGIN}/verify/login\\?key=[\\w-]{43}$`));
    expect(mail.text).toContain("It's me");
    expect(catcher.mailsTo(account.email)).toHaveLength(1);
    expect(await auditEntries(account.id, 'user.lockedOut')).toEqual([
      expect.objectContaining({ subjectName: account.email, after: { failures: CEILING, pausedForMinutes: 60 } }),
    ]);
  }, HUNDRED_LOGINS_MS);
});

describe('the "it\'s me" link of a pause', () => {
  it('lets the owner log in from the network that opened it for the rest of the pause, and no other network', async () => {
    const account = await createAccount(db);
    const key = await pauseLoginsOf(account.email);
    const home = newTestAddress();

    const before = await logIn(account.email, TEST_PASSWORD, home);
    const opened = await letIn(key, home);
    const fromHome = await logIn(account.email, TEST_PASSWORD, home);
    const elsewhere = await logIn(account.email, TEST_PASSWORD);

    expect(before.statusCode).toBe(429);
    expect(opened.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loginPauseLetIn, data: {} });
    expect(fromHome.json()).toMatchObject({ statusCode: 200, message: MESSAGES.loginSuccessful });
    expect(elsewhere.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(await auditEntries(account.id, 'user.loginPauseLetIn')).toEqual([
      expect.objectContaining({ actorId: null, actorEmail: visitorActor(home), subjectName: account.email }),
    ]);
  });

  it('logs nobody in by itself: the password is still asked, under the back-off of that network', async () => {
    const account = await createAccount(db);
    const key = await pauseLoginsOf(account.email);
    const home = testBrowser(app);

    const opened = await home.post(LET_IN, { key });
    const profile = await home.get('/api/user/profile');
    for (let attempt = 0; attempt <= FREE; attempt += 1) {
      expect((await logIn(account.email, `guess-${attempt}`, home.address)).statusCode).toBe(401);
    }
    const waiting = await logIn(account.email, TEST_PASSWORD, home.address);

    expect(opened.cookies).toEqual([]);
    expect(profile.statusCode).toBe(401);
    expect(waiting.json()).toMatchObject({ statusCode: 429, message: 'Too many attempts. Try again in 30 seconds.' });
  });

  it('works once', async () => {
    const account = await createAccount(db);
    const key = await pauseLoginsOf(account.email);
    await letIn(key);
    const elsewhere = newTestAddress();

    const again = await letIn(key, elsewhere);

    expect(again.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.linkAlreadyUsed });
    expect((await logIn(account.email, TEST_PASSWORD, elsewhere)).statusCode).toBe(429);
  });

  it('lapses after an hour, and says so', async () => {
    const account = await createAccount(db);
    const key = await pauseLoginsOf(account.email);
    now += HOUR_MS;

    const lapsed = await letIn(key);

    expect(lapsed.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.loginPauseLinkInvalid });
  });
});

describe('the current password asked inside a session', () => {
  it.each([
    ['PATCH /api/user/updatepassword', '/api/user/updatepassword', passwordChange],
    ['PATCH /api/user/mfa/cancel', '/api/user/mfa/cancel', (password: string) => ({ password })],
  ])('is limited like a login on %s, with 429 in the envelope', async (_name, url, body) => {
    const account = await createAccount(db, { mfa: true, mfaSecret: 'JBSWY3DPEHPK3PXP' });
    const browser = await loggedInBrowser(app, db, account.id);
    for (let attempt = 0; attempt <= FREE; attempt += 1) {
      expect((await browser.patch(url, body(`wrong-password-${attempt}`))).json()).toMatchObject({
        statusCode: 400,
        message: MESSAGES.wrongPassword,
      });
    }

    const refused = await browser.patch(url, body(TEST_PASSWORD));

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS', data: {} });
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect((await logIn(account.email, TEST_PASSWORD, browser.address)).statusCode).toBe(429);
  });
});

describe('all logins from one network', () => {
  it('allows 50 attempts in 15 minutes, whatever the accounts, then answers 429', async () => {
    const address = newTestAddress();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await logIn(`nobody.${attempt}@example.com.au`, 'wrong-password', address)).statusCode).toBe(401);
    }
    const account = await createAccount(db);

    const refused = await logIn(account.email, TEST_PASSWORD, address);
    const elsewhere = await logIn(account.email, TEST_PASSWORD);

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // The 15 minutes began at the first of the 50 attempts, a few seconds ago.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 network as one address', async () => {
    const network = '2001:db8:85a3:1:';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await logIn(`nobody.v6.${attempt}@example.com.au`, 'wrong-password', `${network}:${attempt + 1}`);
    }

    const refused = await logIn('someone@example.com.au', 'wrong-password', `${network}:ffff`);

    expect(refused.statusCode).toBe(429);
  });
});
