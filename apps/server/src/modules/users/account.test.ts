import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

const PROFILE = {
  firstName: 'Priscilla',
  lastName: 'Aquila',
  bio: 'Tent maker serving the parish since 1998.',
  phone: '0400 123 456',
};

let emailsHandedOut = 0;
function newEmail(): string {
  emailsHandedOut += 1;
  return `account.${emailsHandedOut}.${Date.now()}@example.com.au`;
}

function passwordChange(password: string, newPassword: string) {
  return { password, newPassword, confirmNewPassword: newPassword };
}

async function loggedIn(fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, fields);
  const browser = testBrowser(app);
  await browser.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
  return { account, browser };
}

describe('PATCH /api/user/update', () => {
  it('changes the profile and answers the user view', async () => {
    const { account, browser } = await loggedIn();

    const response = await browser.patch('/api/user/update', { ...PROFILE, email: account.email });

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.profileUpdated,
      data: { user: { userId: account.id, ...PROFILE, email: account.email, role: 'TRADER', mfa: false } },
    });
    expect((await browser.get('/api/user/profile')).json().data.user).toMatchObject(PROFILE);
  });

  it('lets a user keep their own e-mail in another case', async () => {
    const { account, browser } = await loggedIn();

    const response = await browser.patch('/api/user/update', { ...PROFILE, email: account.email.toUpperCase() });

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: account.id, email: account.email.toUpperCase() } } });
  });

  it('validates the form with the shared messages', async () => {
    const { browser } = await loggedIn();

    const response = await browser.patch('/api/user/update', { ...PROFILE, email: newEmail(), bio: 'Hi', phone: '1' });

    expect(response.json().data.errors).toEqual(
      expect.arrayContaining([
        { field: 'bio', message: MESSAGES.bioRequired },
        { field: 'phone', message: MESSAGES.phoneRequired },
      ]),
    );
  });

  it('refuses a 900 kB first name with 400', async () => {
    const { account, browser } = await loggedIn();

    const response = await browser.patch('/api/user/update', { ...PROFILE, email: account.email, firstName: 'A'.repeat(900_000) });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.firstNameTooLong });
  });

  it('takes each field at its longest and refuses one character more', async () => {
    const { account, browser } = await loggedIn();
    const longest = { firstName: 'F'.repeat(50), lastName: 'L'.repeat(50), bio: 'B'.repeat(1_000), phone: '+61 (02) 9876 543 21' };

    const saved = await browser.patch('/api/user/update', { ...PROFILE, ...longest, email: account.email });

    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.user).toMatchObject(longest);
    const tooLong: [field: string, value: string, message: string][] = [
      ['firstName', 'F'.repeat(51), MESSAGES.firstNameTooLong],
      ['lastName', 'L'.repeat(51), MESSAGES.lastNameTooLong],
      ['bio', 'B'.repeat(1_001), MESSAGES.bioTooLong],
      ['phone', '0'.repeat(21), MESSAGES.phoneTooLong],
    ];
    for (const [field, value, message] of tooLong) {
      const refused = await browser.patch('/api/user/update', { ...PROFILE, email: account.email, [field]: value });
      expect(refused.json().data.errors, field).toEqual([{ field, message }]);
    }
  });

  it('refuses a phone with letters or markup', async () => {
    const { account, browser } = await loggedIn();

    for (const phone of ['0400 CALL NOW', '0400 <img src=x>', '1300-FLOWERS']) {
      const response = await browser.patch('/api/user/update', { ...PROFILE, email: account.email, phone });

      expect(response.json(), phone).toMatchObject({ statusCode: 400, message: MESSAGES.phoneCharacters });
    }
  });

  it('wants a session', async () => {
    const response = await testBrowser(app).patch('/api/user/update', { ...PROFILE, email: newEmail() });

    expect(response.json()).toMatchObject({ statusCode: 401, message: MESSAGES.notLoggedIn });
  });
});

describe('PATCH /api/user/updatepassword', () => {
  it('sets the new password, keeps this session and ends the other sessions of the user', async () => {
    const { account, browser } = await loggedIn();
    const other = testBrowser(app);
    await other.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });

    const response = await browser.patch('/api/user/updatepassword', passwordChange(TEST_PASSWORD, 'candles-for-advent'));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.passwordUpdated });
    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    const login = await testBrowser(app).post('/api/user/login', { email: account.email, password: 'candles-for-advent' });
    expect(login.statusCode).toBe(200);
  });

  it('writes the change to the audit log, the owner as actor', async () => {
    const { account, browser } = await loggedIn();

    await browser.patch('/api/user/updatepassword', passwordChange(TEST_PASSWORD, 'candles-for-advent'));

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, account.id));
    expect(entries).toEqual([expect.objectContaining({ action: 'user.passwordChange', actorId: account.id })]);
  });

  it('refuses a wrong current password', async () => {
    const { browser } = await loggedIn();

    const response = await browser.patch('/api/user/updatepassword', passwordChange('not-my-password', 'candles-for-advent'));

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.wrongPassword });
  });

  it('refuses a password easy to guess, under the new password field', async () => {
    const { browser } = await loggedIn();

    const response = await browser.patch('/api/user/updatepassword', passwordChange(TEST_PASSWORD, 'trustno1'));

    expect(response.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining(MESSAGES.passwordTooEasy) });
    expect(response.json().data.errors).toEqual([{ field: 'newPassword', message: response.json().message }]);
  });

  it("refuses the user's own e-mail, names or the site's name as the new password", async () => {
    const { account, browser } = await loggedIn({ firstName: 'Evangeline', lastName: 'Moss' });

    for (const password of [account.email, 'Evangeline77', 'churchtrades!']) {
      const response = await browser.patch('/api/user/updatepassword', passwordChange(TEST_PASSWORD, password));

      expect(response.json(), password).toMatchObject({ statusCode: 400, message: MESSAGES.passwordAboutYou });
    }
    const login = await testBrowser(app).post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});

describe('the read-only role USER', () => {
  async function png(): Promise<Buffer> {
    return sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  }

  it('reads the own profile', async () => {
    const account = await createAccount(db, { role: 'USER' });
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.get('/api/user/profile');

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { role: 'USER' } } });
  });

  it('changes their own password, and other sessions end', async () => {
    const account = await createAccount(db, { role: 'USER' });
    const browser = await loggedInBrowser(app, db, account.id);
    const other = await loggedInBrowser(app, db, account.id);

    const response = await browser.patch('/api/user/updatepassword', passwordChange(TEST_PASSWORD, 'candles-for-advent'));

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.passwordUpdated });
    expect((await other.get('/api/user/profile')).statusCode).toBe(401);
    const login = await testBrowser(app).post('/api/user/login', { email: account.email, password: 'candles-for-advent' });
    expect(login.statusCode).toBe(200);
  });

  it('changes nothing else: profile, photo and two-step answer 403', async () => {
    const account = await createAccount(db, { role: 'USER' });
    const browser = await loggedInBrowser(app, db, account.id);

    const answers = [
      await browser.patch('/api/user/update', { ...PROFILE, email: newEmail() }),
      await browser.request({
        method: 'PATCH',
        url: '/api/user/photo',
        ...multipartForm({ userId: account.id }, [{ field: 'file', filename: 'me.png', contentType: 'image/png', content: await png() }]),
      }),
      await browser.patch('/api/user/mfa/setup'),
      await browser.patch('/api/user/mfa/confirm', { code: '123456', password: TEST_PASSWORD }),
      await browser.patch('/api/user/mfa/cancel', { password: TEST_PASSWORD }),
    ];

    for (const response of answers) {
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.readOnlyAccount });
    }
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row).toEqual(account);
  });
});
