import { describe, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { testBrowser } from '../../../test/test-browser';
import { SESSION_COOKIE } from './plugin';

const { app, database } = await createTestApp({ nodeEnv: 'production' });
const db = database.db;

describe('the session cookie in production', () => {
  it('is named with the __Host- prefix: Secure, for Path=/, without a Domain', async () => {
    const account = await createAccount(db);

    const response = await testBrowser(app).post('/api/user/login', { email: account.email, password: TEST_PASSWORD });

    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-churchtrades_session=[\w-]+;/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('is the one a request is known by, and the plain name is not', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await browser.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });
    const plainName = { cookie: `${SESSION_COOKIE}=${browser.sessionToken}` };

    expect((await browser.get('/api/user/profile')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: plainName })).statusCode).toBe(401);
  });

  it('is cleared under the same name at logout', async () => {
    const account = await createAccount(db);
    const browser = testBrowser(app);
    await browser.post('/api/user/login', { email: account.email, password: TEST_PASSWORD });

    const response = await browser.post('/api/user/logout');

    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-churchtrades_session=;.*Path=\/.*Secure/);
    expect(browser.sessionToken).toBeUndefined();
  });
});
