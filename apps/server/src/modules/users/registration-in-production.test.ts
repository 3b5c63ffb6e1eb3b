import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startMailCatcher } from '../../../test/mail-catcher';
import { createTestApp } from '../../../test/test-app';
import { newTestAddress, testBrowser } from '../../../test/test-browser';

// As deployed: what a stranger may send to the registration form of a production server.
const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ nodeEnv: 'production', smtpUrl: catcher.url });
const db = database.db;

let emailsHandedOut = 0;
function newEmail(): string {
  emailsHandedOut += 1;
  return `production.${emailsHandedOut}.${Date.now()}@example.com.au`;
}

function register(fields: Record<string, string>) {
  const registration = { firstName: 'Grace', lastName: 'Hopper', email: newEmail(), password: 'fig-tree-harvest', ...fields };
  return testBrowser(app, { address: newTestAddress() }).post('/api/user/register', registration);
}

async function accountsOf(email: string) {
  return db.select().from(users).where(eq(users.email, email));
}

describe('registration on a production server', () => {
  it('refuses aaaaa, five spaces, the e-mail and the site name as a password, saying what to do', async () => {
    const email = newEmail();
    const cases = [
      ['aaaaa', MESSAGES.newPasswordTooShort],
      ['     ', MESSAGES.newPasswordTooShort],
      [email, MESSAGES.passwordAboutYou],
      ['churchtrades', MESSAGES.passwordAboutYou],
    ];

    for (const [password, message] of cases) {
      const response = await register({ email, password: password! });

      expect(response.json(), password).toMatchObject({ statusCode: 400, message, data: { errors: [{ field: 'password', message }] } });
    }
    expect(await accountsOf(email)).toEqual([]);
  });

  it('refuses a 900 kB first name with 400, not a 500, and mails nothing', async () => {
    const email = newEmail();

    const response = await register({ email, firstName: 'A'.repeat(900_000) });

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST', message: MESSAGES.firstNameTooLong });
    expect(await accountsOf(email)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(catcher.mailsTo(email)).toEqual([]);
  });

  it('sends the verification mail without the name it was given', async () => {
    const email = newEmail();

    expect((await register({ email, firstName: 'Click evil.example/login' })).statusCode).toBe(200);

    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    expect(mail.text).toMatch(/^Hello,\r?\n/);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain('evil.example');
  });
});
