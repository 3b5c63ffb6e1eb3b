import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { keyIn, startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

const PROFILE = { firstName: 'Lydia', lastName: 'Purple', bio: 'Cloth merchant of Thyatira.', phone: '0400 222 333' };

let emailsHandedOut = 0;
function newEmail(): string {
  emailsHandedOut += 1;
  return `email-change.${emailsHandedOut}.${Date.now()}@example.com.au`;
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!.email;
}

async function loggedIn() {
  const account = await createAccount(db, { email: newEmail() });
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

/** The profile form with another e-mail; `password` null leaves the password out. */
function changeEmail(browser: TestBrowser, email: string, password: string | null = TEST_PASSWORD) {
  return browser.patch('/api/user/update', { ...PROFILE, email, ...(password === null ? {} : { password }) });
}

function answerOf(response: { json(): { statusCode: number; status: string; message: string; data: unknown } }) {
  const { timeStamp: _timeStamp, ...answer } = response.json() as Record<string, unknown>;
  return answer;
}

describe('changing the login e-mail', () => {
  it('needs the current password, and changes nothing without it or with a wrong one', async () => {
    const { account, browser } = await loggedIn();

    const without = await changeEmail(browser, newEmail(), null);
    const wrong = await changeEmail(browser, newEmail(), 'not-the-password');

    expect(without.json()).toMatchObject({ statusCode: 400, message: MESSAGES.currentPasswordRequired });
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: MESSAGES.wrongPassword });
    expect(await db.select().from(users).where(eq(users.id, account.id))).toEqual([account]);
  });

  it('keeps the old address until the link mailed to the new one is clicked, then tells the old address', async () => {
    const { account, browser } = await loggedIn();
    const newAddress = newEmail();

    const response = await changeEmail(browser, newAddress);

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.emailChangeRequested,
      data: { user: { ...PROFILE, email: account.email } },
    });
    expect(await emailOf(account.id)).toBe(account.email);
    const confirmation = await catcher.waitForMail(newAddress, { subject: 'Confirm your new' });
    expect(confirmation.text).not.toContain(account.firstName);

    const confirmed = await testBrowser(app).get(`/api/user/verify/email?key=${keyIn(confirmation, '/verify/email')}`);

    expect(confirmed.json()).toMatchObject({ statusCode: 200, message: MESSAGES.emailChanged });
    expect(await emailOf(account.id)).toBe(newAddress);
    const notice = await catcher.waitForMail(account.email, { subject: 'login email was changed' });
    expect(notice.text).toContain(newAddress);
    expect(keyIn(notice, '/verify/email/undo')).toBeTruthy();
    const login = await testBrowser(app).post('/api/user/login', { email: newAddress, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same whether the new address is taken or not, and mails the taken one no link', async () => {
    const other = await createAccount(db, { email: newEmail() });
    const first = await loggedIn();
    const second = await loggedIn();

    const free = await changeEmail(first.browser, newEmail());
    const taken = await changeEmail(second.browser, other.email.toUpperCase());

    const { data: freeData, ...freeAnswer } = answerOf(free) as { data: { user: object } };
    const { data: takenData, ...takenAnswer } = answerOf(taken) as { data: { user: object } };
    expect(takenAnswer).toEqual(freeAnswer);
    expect(taken.statusCode).toBe(200);
    expect(takenData.user).toMatchObject({ email: second.account.email });
    expect(freeData.user).toMatchObject({ email: first.account.email });
    const mail = await catcher.waitForMail(other.email);
    expect(mail.subject).toBe('Someone tried to use your email on ChurchTrades');
    expect(() => keyIn(mail, '/verify/email')).toThrow();
    expect(await emailOf(second.account.id)).toBe(second.account.email);
  });

  it('ends every other session of the account, and keeps this one', async () => {
    const { account, browser } = await loggedIn();
    const elsewhere = await loggedInBrowser(app, db, account.id);

    await changeEmail(browser, newEmail());

    expect((await elsewhere.get('/api/user/profile')).statusCode).toBe(401);
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
  });

  it('lets only the newest link work, and each once', async () => {
    const { account, browser } = await loggedIn();
    const firstAddress = newEmail();
    const secondAddress = newEmail();
    await changeEmail(browser, firstAddress);
    const firstKey = keyIn(await catcher.waitForMail(firstAddress), '/verify/email');
    await changeEmail(browser, secondAddress);
    const secondKey = keyIn(await catcher.waitForMail(secondAddress), '/verify/email');

    const stale = await testBrowser(app).get(`/api/user/verify/email?key=${firstKey}`);
    const confirmed = await testBrowser(app).get(`/api/user/verify/email?key=${secondKey}`);
    const again = await testBrowser(app).get(`/api/user/verify/email?key=${secondKey}`);

    expect(stale.statusCode).toBe(400);
    expect(confirmed.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ statusCode: 400, message: MESSAGES.linkAlreadyUsed });
    expect(await emailOf(account.id)).toBe(secondAddress);
  });

  it('refuses an unknown key', async () => {
    const response = await testBrowser(app).get('/api/user/verify/email?key=not-a-key-we-sent');

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.emailChangeLinkInvalid });
  });
});

describe('undoing a change of the login e-mail', () => {
  async function changedBySomeoneElse() {
    const { account, browser } = await loggedIn();
    const thiefsAddress = newEmail();
    await changeEmail(browser, thiefsAddress);
    const confirmation = await catcher.waitForMail(thiefsAddress);
    await testBrowser(app).get(`/api/user/verify/email?key=${keyIn(confirmation, '/verify/email')}`);
    const notice = await catcher.waitForMail(account.email, { subject: 'login email was changed' });
    return { account, thief: browser, undoKey: keyIn(notice, '/verify/email/undo') };
  }

  it('restores the old address, ends every session and mails it a password reset link', async () => {
    const { account, thief, undoKey } = await changedBySomeoneElse();

    const response = await testBrowser(app).get(`/api/user/verify/email/undo?key=${undoKey}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.emailChangeUndone });
    expect(await emailOf(account.id)).toBe(account.email);
    expect((await thief.get('/api/user/profile')).statusCode).toBe(401);
    const reset = await catcher.waitForMail(account.email, { subject: 'Reset your ChurchTrades password' });
    const resetKey = await testBrowser(app).get(`/api/user/verify/password?key=${keyIn(reset, '/verify/password')}`);
    expect(resetKey.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id } } });
  });

  it('works once', async () => {
    const { undoKey } = await changedBySomeoneElse();
    await testBrowser(app).get(`/api/user/verify/email/undo?key=${undoKey}`);

    const again = await testBrowser(app).get(`/api/user/verify/email/undo?key=${undoKey}`);

    expect(again.json()).toMatchObject({ statusCode: 400, message: MESSAGES.linkAlreadyUsed });
  });

  it('writes the request, the change and the undo to the audit log', async () => {
    const { account, undoKey } = await changedBySomeoneElse();
    await testBrowser(app, { address: '198.51.100.7' }).get(`/api/user/verify/email/undo?key=${undoKey}`);

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));

    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'user.emailChange',
      'user.emailChangeRequest',
      'user.emailChangeUndo',
    ]);
    expect(entries.find((entry) => entry.action === 'user.emailChangeRequest')).toMatchObject({ actorId: account.id });
    expect(entries.find((entry) => entry.action === 'user.emailChangeUndo')).toMatchObject({
      actorId: null,
      actorEmail: 'visitor from 198.51.100.7',
    });
  });
});
