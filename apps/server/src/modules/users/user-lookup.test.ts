import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { ownerContactSchema, userViewSchema } from '@churchtrades/shared/user';
import { describe, expect, it } from 'vitest';
import { churchMembers } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function browserOf(role: Exclude<Role, 'SELECT'>, fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, { role, ...fields });
  return Object.assign(await loggedInBrowser(app, db, account.id), { account });
}

/** An owner with a photo, a phone, and a business at a church of NSW with a public e-mail of its own. */
async function ownerWithBusiness() {
  const church = await createChurch(db, { stateType: 'NSW' });
  const owner = await createAccount(db, {
    firstName: 'Olive',
    lastName: 'Baker',
    phone: '0400 222 333',
    imageUrl: '/uploads/photos/olive.webp',
  });
  const trade = await createTrade(db, { ownerId: owner.id, churchId: church.id, publicEmail: 'hello@olives-bakery.com.au' });
  return { church, owner, trade };
}

async function serve(churchId: string, userId: string, churchRole: 'PRIEST' | 'MODERATOR') {
  await db.insert(churchMembers).values({ churchId, userId, churchRole });
}

function ownerCard(browser: TestBrowser, userId: string) {
  return browser.get(`/api/user/owner?userId=${encodeURIComponent(userId)}`);
}

describe('GET /api/user/:id', () => {
  it('answers oneself as the profile does, photo included', async () => {
    const browser = await browserOf('TRADER', { imageUrl: '/uploads/photos/me.webp' });

    const response = await browser.get(`/api/user/${browser.account.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.userFound });
    const user = userViewSchema.strict().parse(response.json().data.user);
    expect(user).toEqual((await browser.get('/api/user/profile')).json().data.user);
    expect(user).toMatchObject({ userId: browser.account.id, imageUrl: '/uploads/photos/me.webp', photo: '/uploads/photos/me.webp' });
  });

  it.each(['ADMIN', 'SUPER'] as const)('answers %s any user', async (role) => {
    const admin = await browserOf(role);
    const { owner } = await ownerWithBusiness();

    const response = await admin.get(`/api/user/${owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { userId: owner.id, email: owner.email } } });
  });

  it.each(['USER', 'TRADER', 'MODERATOR', 'GOVERNOR'] as const)("refuses a %s another user's id", async (role) => {
    const browser = await browserOf(role);
    const { owner } = await ownerWithBusiness();

    const response = await browser.get(`/api/user/${owner.id}`);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.notYourAccount });
  });

  it('answers 404 for an id no account has, 400 for one that is no id', async () => {
    const admin = await browserOf('ADMIN');

    expect((await admin.get(`/api/user/${randomUUID()}`)).json()).toMatchObject({ statusCode: 404, message: MESSAGES.userNotFound });
    expect((await admin.get('/api/user/not-an-id')).json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });

  it('wants a session', async () => {
    const { owner } = await ownerWithBusiness();

    expect((await testBrowser(app).get(`/api/user/${owner.id}`)).json()).toMatchObject({ statusCode: 401 });
  });

  it('leaves the static paths of /api/user to their own routes', async () => {
    const browser = await browserOf('TRADER');

    expect((await browser.get('/api/user/profile')).json().message).toBe(MESSAGES.profileFound);
    expect((await browser.get('/api/user/sessions')).json().message).toBe(MESSAGES.sessionsFound);
    expect((await browser.get(`/api/user/owner?userId=${browser.account.id}`)).json().message).toBe(MESSAGES.ownerFound);
  });

  it('keeps the answer out of every shared cache', async () => {
    const browser = await browserOf('TRADER');

    expect((await browser.get(`/api/user/${browser.account.id}`)).headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/user/owner', () => {
  it("answers the owner their card: name, phone and the business's public e-mail, never the login e-mail", async () => {
    const { owner, trade } = await ownerWithBusiness();
    const browser = await loggedInBrowser(app, db, owner.id);

    const response = await ownerCard(browser, owner.id);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.ownerFound });
    expect(ownerContactSchema.strict().parse(response.json().data.owner)).toEqual({
      userId: owner.id,
      tradeId: trade.id,
      ownerName: 'Olive Baker',
      ownerEmail: 'hello@olives-bakery.com.au',
      ownerPhone: '0400 222 333',
    });
    expect(response.body).not.toContain(owner.email);
  });

  it('answers an owner without a business, or without a public e-mail, with no e-mail', async () => {
    const browser = await browserOf('TRADER');
    const withoutEmail = await createAccount(db);
    await createTrade(db, { ownerId: withoutEmail.id });
    const admin = await browserOf('ADMIN');

    expect((await ownerCard(browser, browser.account.id)).json().data.owner).toMatchObject({ tradeId: null, ownerEmail: null });
    expect((await ownerCard(admin, withoutEmail.id)).json().data.owner).toMatchObject({ ownerEmail: null });
  });

  it('answers the priest and moderators of the business’s church and the governor of its state', async () => {
    const { church, owner } = await ownerWithBusiness();
    const priest = await browserOf('PRIEST');
    const moderator = await browserOf('MODERATOR');
    await serve(church.id, priest.account.id, 'PRIEST');
    await serve(church.id, moderator.account.id, 'MODERATOR');
    const governor = await browserOf('GOVERNOR', { governedState: 'NSW' });

    for (const browser of [priest, moderator, governor, await browserOf('ADMIN')]) {
      expect((await ownerCard(browser, owner.id)).json()).toMatchObject({ statusCode: 200, data: { owner: { userId: owner.id } } });
    }
  });

  it('refuses those who may not see the business: another church’s moderator, another state’s governor, traders', async () => {
    const { owner } = await ownerWithBusiness();
    const otherModerator = await browserOf('MODERATOR');
    await serve((await createChurch(db, { stateType: 'NSW' })).id, otherModerator.account.id, 'MODERATOR');
    const otherGovernor = await browserOf('GOVERNOR', { governedState: 'VIC' });

    for (const browser of [otherModerator, otherGovernor, await browserOf('TRADER'), await browserOf('USER')]) {
      expect((await ownerCard(browser, owner.id)).json()).toMatchObject({ statusCode: 403 });
    }
  });

  it('tells a moderator nothing of a user without a business, nor of an id no account has', async () => {
    const moderator = await browserOf('MODERATOR');
    const noBusiness = await createAccount(db);

    expect((await ownerCard(moderator, noBusiness.id)).statusCode).toBe(403);
    expect((await ownerCard(moderator, randomUUID())).statusCode).toBe(403);
  });

  it('answers an administrator 404 for an unknown id, and anyone allowed 400 for a malformed one', async () => {
    const admin = await browserOf('ADMIN');

    expect((await ownerCard(admin, randomUUID())).json()).toMatchObject({ statusCode: 404, message: MESSAGES.userNotFound });
    expect((await ownerCard(admin, 'not-an-id')).json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });

  it('refuses a trader before reading the id they send', async () => {
    const trader = await browserOf('TRADER');

    expect((await ownerCard(trader, 'not-an-id')).json()).toMatchObject({ statusCode: 403 });
    expect((await testBrowser(app).get('/api/user/owner?userId=not-an-id')).json()).toMatchObject({ statusCode: 401 });
  });
});
