import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { currentUser } from './plugin';
import { mayModerate } from '@churchtrades/shared/permissions';

const { app, database } = await createTestApp();
const db = database.db;

// A route as a later module declares one: it opts in with requireUser and reads who is asking.
app.get('/api/test-only/whoami', { onRequest: app.requireUser }, async (request) => currentUser(request));
app.get('/api/test-only/moderators', { onRequest: app.requireRole(mayModerate) }, async (request) => currentUser(request));

describe('requireUser', () => {
  it('gives the route the logged-in user and their role', async () => {
    const account = await createAccount(db, { role: 'MODERATOR' });
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.get('/api/test-only/whoami');

    expect(response.json()).toEqual({ userId: account.id, role: 'MODERATOR' });
  });

  it('answers 401 "You are not logged in" without a session', async () => {
    const response = await testBrowser(app).get('/api/test-only/whoami');

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
  });

  it('refuses a half-session waiting for its two-step code', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id, 'MFA_PENDING');

    expect((await browser.get('/api/test-only/whoami')).statusCode).toBe(401);
  });

  it('refuses the session of an account that may no longer log in', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);

    await db.update(users).set({ enabled: false }).where(eq(users.id, account.id));

    expect((await browser.get('/api/test-only/whoami')).statusCode).toBe(401);
  });

  it('reads the role as it is now, not as it was at login', async () => {
    const account = await createAccount(db, { role: 'TRADER' });
    const browser = await loggedInBrowser(app, db, account.id);

    await db.update(users).set({ role: 'USER' }).where(eq(users.id, account.id));

    expect((await browser.get('/api/test-only/whoami')).json()).toMatchObject({ role: 'USER' });
  });

  it('refuses a session once it is deleted', async () => {
    const account = await createAccount(db);
    const browser = await loggedInBrowser(app, db, account.id);

    await db.delete(sessions).where(eq(sessions.userId, account.id));

    expect((await browser.get('/api/test-only/whoami')).statusCode).toBe(401);
  });
});

describe('requireRole', () => {
  it('lets a role the rule allows through', async () => {
    const account = await createAccount(db, { role: 'GOVERNOR' });
    const browser = await loggedInBrowser(app, db, account.id);

    expect((await browser.get('/api/test-only/moderators')).json()).toEqual({ userId: account.id, role: 'GOVERNOR' });
  });

  it('answers 403 to a logged-in role the rule does not allow', async () => {
    const account = await createAccount(db, { role: 'PRIEST' });
    const browser = await loggedInBrowser(app, db, account.id);

    const response = await browser.get('/api/test-only/moderators');

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it('answers 401 without a session', async () => {
    expect((await testBrowser(app).get('/api/test-only/moderators')).statusCode).toBe(401);
  });
});
