import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { USER_SWITCHES } from '@churchtrades/shared/user-admin';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, churchMembers, users } from '../../db/schema';
import { createChurch, createOwner, createTrade } from '../../../test/factories';
import { type CaughtMail, keyIn, startMailCatcher } from '../../../test/mail-catcher';
import { multipartForm } from '../../../test/multipart-form';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;

type AccountRole = Exclude<Role, 'SELECT'>;
const PASSWORD = 'vestry-candles-at-evensong';

async function browserOf(role: AccountRole, columns: Partial<typeof users.$inferInsert> = {}) {
  const user = await createOwner(db, { role, ...columns });
  return Object.assign(await loggedInBrowser(app, db, user.id), { userId: user.id, user });
}

async function account(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function auditOf(subjectId: string) {
  return db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}

function newEmail(): string {
  return `master-${randomUUID().slice(0, 8)}@example.org`;
}

function registration(fields: Record<string, unknown> = {}) {
  return {
    firstName: 'Miriam',
    lastName: 'Stanton',
    email: newEmail(),
    phone: '0400 111 222',
    role: 'MODERATOR',
    priestOf: [],
    moderates: [],
    ...fields,
  };
}

function register(browser: TestBrowser, payload: object) {
  return browser.post('/api/masterUser/registerMasterUser', payload);
}

/** The password chosen by the link of the mail, as the /verify/password screen does it. */
async function choosePassword(mail: CaughtMail, password: string) {
  const key = keyIn(mail, '/verify/password');
  const visitor = testBrowser(app);
  const checked = await visitor.get(`/api/user/verify/password?key=${encodeURIComponent(key)}`);
  const { userId } = checked.json().data.user;
  return visitor.post('/api/user/resetpassword/reset', { newPassword: password, confirmNewPassword: password, userId, key });
}

describe('POST /api/masterUser/registerMasterUser', () => {
  it('makes a moderator of a church, who chooses a password by the mailed link and then logs in', async () => {
    const admin = await browserOf('ADMIN');
    const church = await createChurch(db, { stateType: 'VIC' });
    const payload = registration({ moderates: [church.id] });

    const response = await register(admin, payload);

    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    expect(user).toMatchObject({
      email: payload.email,
      role: 'MODERATOR',
      authority: 'ROLE_MODERATOR',
      phone: '0400 111 222',
      moderated: false,
      moderatedBy: null,
      enabled: false,
      emailVerified: false,
      churches: [{ churchId: church.id, name: church.name, churchRole: 'MODERATOR' }],
    });
    expect(response.json().message).toBe(MESSAGES.masterUserRegistered);
    const mail = await catcher.waitForMail(payload.email, { subject: 'choose your password' });
    expect(mail.text).toContain('Hello Miriam,');
    expect(mail.text).toContain('as a moderator');

    expect((await choosePassword(mail, PASSWORD)).statusCode).toBe(200);

    expect(await account(user.userId)).toMatchObject({ enabled: true, emailVerifiedAt: expect.any(Date) });
    const login = await testBrowser(app).post('/api/user/login', { email: payload.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('writes the new account and each church link down in the audit log', async () => {
    const admin = await browserOf('ADMIN');
    const church = await createChurch(db);

    const { user } = (await register(admin, registration({ role: 'PRIEST', priestOf: [church.id] }))).json().data;

    expect(await auditOf(user.userId)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'user.create',
        after: expect.objectContaining({ role: 'PRIEST', moderated: false }),
      }),
    ]);
    expect(await auditOf(church.id)).toEqual([
      expect.objectContaining({ action: 'church.memberAdd', after: expect.objectContaining({ churchRole: 'PRIEST' }) }),
    ]);
  });

  it('makes a governor of the state given, confirmed by the administrator who made them', async () => {
    const admin = await browserOf('ADMIN');

    const response = await register(admin, registration({ role: 'GOVERNOR', governedState: 'TAS' }));

    expect(response.json().data.user).toMatchObject({
      role: 'GOVERNOR',
      governedState: 'TAS',
      moderated: true,
      moderatedBy: { userId: admin.userId, name: `${admin.user.firstName} ${admin.user.lastName}` },
    });
  });

  it('refuses registering an administrator by an administrator', async () => {
    const admin = await browserOf('ADMIN');
    const payload = registration({ role: 'ADMIN' });

    const response = await register(admin, payload);

    expect(response.json()).toMatchObject({ statusCode: 403, message: MESSAGES.roleNotGrantable });
    expect(await db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
  });

  it('lets a SUPER register an administrator', async () => {
    const superUser = await browserOf('SUPER');

    const response = await register(superUser, registration({ role: 'ADMIN' }));

    expect(response.json()).toMatchObject({ statusCode: 201, data: { user: { role: 'ADMIN', moderated: true } } });
  });

  it('answers 409 for an e-mail that has an account, in any case, and changes nothing', async () => {
    const admin = await browserOf('ADMIN');
    const owner = await createOwner(db, { role: 'TRADER' });

    const response = await register(admin, registration({ email: owner.email.toUpperCase() }));

    expect(response.json()).toMatchObject({ statusCode: 409, message: MESSAGES.masterUserEmailTaken });
    expect(await account(owner.id)).toMatchObject({ role: 'TRADER', passwordHash: owner.passwordHash });
  });

  it('writes nothing when a church link names no church', async () => {
    const admin = await browserOf('ADMIN');
    const payload = registration({ moderates: [randomUUID()] });

    const response = await register(admin, payload);

    expect(response.json()).toMatchObject({ statusCode: 404, message: MESSAGES.churchNotFound });
    expect(await db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
  });

  it('asks a governor for their state', async () => {
    const admin = await browserOf('ADMIN');

    const response = await register(admin, registration({ role: 'GOVERNOR' }));

    expect(response.json()).toMatchObject({
      statusCode: 400,
      data: { errors: [{ field: 'governedState', message: MESSAGES.governorNeedsState }] },
    });
  });

  it('refuses a governor, before reading the form', async () => {
    const governor = await browserOf('GOVERNOR', { governedState: 'NSW' });

    expect((await register(governor, {})).statusCode).toBe(403);
  });
});

describe('GET /api/masterUser/listMasterUsers and /search', () => {
  it('lists priests and above, never traders', async () => {
    const admin = await browserOf('ADMIN');
    const priest = await createOwner(db, { role: 'PRIEST' });
    const trader = await createOwner(db, { role: 'TRADER' });

    const response = await admin.get('/api/masterUser/listMasterUsers?page=0&size=100');

    expect(response.statusCode).toBe(200);
    const ids = response.json().data.users.content.map((user: { userId: string }) => user.userId);
    expect(ids).toContain(priest.id);
    expect(ids).not.toContain(trader.id);
  });

  it('search is not taken for a user id', async () => {
    const admin = await browserOf('ADMIN');
    const lastName = `Quill${randomUUID().slice(0, 6)}`;
    const governor = await createOwner(db, { role: 'GOVERNOR', governedState: 'WA', lastName });
    await createOwner(db, { role: 'GOVERNOR', governedState: 'SA', lastName });
    await createOwner(db, { role: 'TRADER', lastName });

    const response = await admin.get(`/api/masterUser/search?page=0&size=10&name=${lastName}&stateType=WA`);

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.masterUsersFound,
      data: { users: { totalElements: 1, content: [{ userId: governor.id }] } },
    });
  });

  it('refuses a moderator', async () => {
    const moderator = await browserOf('MODERATOR');

    expect((await moderator.get('/api/masterUser/listMasterUsers')).statusCode).toBe(403);
    expect((await moderator.get('/api/masterUser/search')).statusCode).toBe(403);
  });
});

describe('GET /api/masterUser/filter', () => {
  function idsOf(response: { json(): { data: { users: { content: { userId: string }[] } } } }): string[] {
    return response.json().data.users.content.map((user) => user.userId);
  }

  it("finds by priestId the users of that priest's churches", async () => {
    const admin = await browserOf('ADMIN');
    const [church, elsewhere] = [await createChurch(db), await createChurch(db)];
    const priest = await createOwner(db, { role: 'PRIEST' });
    const moderator = await createOwner(db, { role: 'MODERATOR' });
    const stranger = await createOwner(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values([
      { churchId: church.id, userId: priest.id, churchRole: 'PRIEST' },
      { churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' },
      { churchId: elsewhere.id, userId: stranger.id, churchRole: 'MODERATOR' },
    ]);
    const owner = await createOwner(db);
    await createTrade(db, { ownerId: owner.id, churchId: church.id });

    const ids = idsOf(await admin.get(`/api/masterUser/filter?size=100&priestId=${priest.id}`));

    expect(ids.sort()).toEqual([priest.id, moderator.id, owner.id].sort());
  });

  it('finds by moderatedBy and moderated whom an administrator confirmed, and by authority the role', async () => {
    const admin = await browserOf('ADMIN');
    const lastName = `Verity${randomUUID().slice(0, 6)}`;
    const confirmed = await createOwner(db, { role: 'PRIEST', moderated: true, moderatedBy: admin.userId, lastName });
    const waiting = await createOwner(db, { role: 'PRIEST', moderated: false, lastName });
    await createOwner(db, { role: 'MODERATOR', lastName });

    const byAdmin = idsOf(await admin.get(`/api/masterUser/filter?moderatedBy=${admin.userId}`));
    const unconfirmed = idsOf(await admin.get(`/api/masterUser/filter?size=100&searchText=${lastName}&moderated=false`));
    const confirmedOnes = idsOf(await admin.get(`/api/masterUser/filter?size=100&searchText=${lastName}&moderated=true`));
    const priests = idsOf(
      await admin.get(`/api/masterUser/filter?size=100&searchText=${lastName}&authority=ROLE_PRIEST`),
    );

    expect(byAdmin).toEqual([confirmed.id]);
    expect(unconfirmed).toEqual([waiting.id]);
    expect(confirmedOnes).toContain(confirmed.id);
    expect(confirmedOnes).not.toContain(waiting.id);
    expect(priests.sort()).toEqual([confirmed.id, waiting.id].sort());
  });

  it('refuses a priestId that is no id', async () => {
    const admin = await browserOf('ADMIN');

    expect((await admin.get('/api/masterUser/filter?priestId=abc')).statusCode).toBe(400);
  });
});

describe('PATCH /api/masterUser/toggleModerated', () => {
  it('lets an administrator confirm a moderator, who may moderate from then on', async () => {
    const admin = await browserOf('ADMIN');
    const church = await createChurch(db);
    const moderator = await browserOf('MODERATOR', { moderated: false });
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.userId, churchRole: 'MODERATOR' });

    const refused = await moderator.get('/api/moderation/queue');
    const response = await admin.patch(`/api/masterUser/toggleModerated?userId=${moderator.userId}`);
    const allowed = await moderator.get('/api/moderation/queue');

    expect(refused.json()).toMatchObject({ statusCode: 403, message: MESSAGES.awaitingConfirmation });
    expect(response.json()).toMatchObject({
      statusCode: 200,
      data: { user: { moderated: true, moderatedBy: { userId: admin.userId } } },
    });
    expect(allowed.statusCode).toBe(200);
    expect(await auditOf(moderator.userId)).toEqual([
      expect.objectContaining({ action: 'user.confirm', before: { moderated: false, moderatedBy: null } }),
    ]);
  });

  it('takes a confirmation back', async () => {
    const admin = await browserOf('ADMIN');
    const priest = await createOwner(db, { role: 'PRIEST' });

    const response = await admin.patch(`/api/masterUser/toggleModerated?userId=${priest.id}`);

    expect(response.json().data.user).toMatchObject({ moderated: false, moderatedBy: null });
  });

  it('refuses to confirm a trader', async () => {
    const admin = await browserOf('ADMIN');
    const trader = await createOwner(db, { role: 'TRADER' });

    const response = await admin.patch(`/api/masterUser/toggleModerated?userId=${trader.id}`);

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.notAMasterUser });
  });

  it("refuses an administrator another administrator's confirmation", async () => {
    const admin = await browserOf('ADMIN');
    const other = await createOwner(db, { role: 'ADMIN' });

    expect((await admin.patch(`/api/masterUser/toggleModerated?userId=${other.id}`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/masterUser/updateMasterUser', () => {
  function update(browser: TestBrowser, fields: Record<string, unknown>) {
    return browser.patch('/api/masterUser/updateMasterUser', {
      firstName: 'Ruth',
      lastName: 'Okafor',
      email: newEmail(),
      phone: '02 9999 0000',
      bio: 'Moderates the parishes of the Blue Mountains.',
      ...fields,
    });
  }

  it("changes another user's names, phone, bio and e-mail, and writes it down", async () => {
    const admin = await browserOf('ADMIN');
    const moderator = await createOwner(db, { role: 'MODERATOR' });
    const email = newEmail();

    const response = await update(admin, { userId: moderator.id, email });

    expect(response.json()).toMatchObject({
      statusCode: 200,
      data: { user: { firstName: 'Ruth', lastName: 'Okafor', email, phone: '02 9999 0000', bio: expect.any(String) } },
    });
    expect(await auditOf(moderator.id)).toEqual([
      expect.objectContaining({ action: 'user.update', before: expect.objectContaining({ email: moderator.email }) }),
    ]);
  });

  it('answers 409 for an e-mail of another account', async () => {
    const admin = await browserOf('ADMIN');
    const [moderator, other] = [await createOwner(db, { role: 'MODERATOR' }), await createOwner(db)];

    const response = await update(admin, { userId: moderator.id, email: other.email });

    expect(response.json()).toMatchObject({ statusCode: 409, message: MESSAGES.emailTaken });
    expect(await account(moderator.id)).toMatchObject({ email: moderator.email });
  });

  it('refuses an administrator the account of a SUPER', async () => {
    const admin = await browserOf('ADMIN');
    const superUser = await createOwner(db, { role: 'SUPER' });

    expect((await update(admin, { userId: superUser.id })).statusCode).toBe(403);
  });
});

describe('PATCH /api/masterUser/updateMasterUserRole and the switches', () => {
  it('changes a role as /user/updateRole does, never above the caller’s', async () => {
    const admin = await browserOf('ADMIN');
    const trader = await createOwner(db, { role: 'TRADER' });

    const raised = await admin.patch('/api/masterUser/updateMasterUserRole', { userId: trader.id, role: 'PRIEST' });
    const refused = await admin.patch('/api/masterUser/updateMasterUserRole', { userId: trader.id, role: 'SUPER' });

    expect(raised.json()).toMatchObject({ statusCode: 200, data: { user: { role: 'PRIEST', authority: 'ROLE_PRIEST' } } });
    expect(refused.json()).toMatchObject({ statusCode: 403, message: MESSAGES.roleNotGrantable });
  });

  it.each(Object.entries(USER_SWITCHES))('flips %s under /masterUser', async (path, name) => {
    const admin = await browserOf('ADMIN');
    const priest = await createOwner(db, { role: 'PRIEST' });

    const response = await admin.patch(`/api/masterUser/${path}?userId=${priest.id}`);

    expect(response.json().data.user[name]).toBe(!priest[name]);
  });
});

describe('PATCH /api/masterUser/userPhoto', () => {
  const image = sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } }).png().toBuffer();

  function upload(browser: TestBrowser, userId: string, content: Buffer) {
    const form = multipartForm({ userId }, [{ field: 'file', filename: 'face.png', contentType: 'image/png', content }]);
    return browser.request({ method: 'PATCH', url: '/api/masterUser/userPhoto', ...form });
  }

  it("changes another user's photo, re-encoded, and writes it down", async () => {
    const admin = await browserOf('ADMIN');
    const priest = await createOwner(db, { role: 'PRIEST' });

    const response = await upload(admin, priest.id, await image);

    expect(response.json()).toMatchObject({ statusCode: 200, data: { user: { imageUrl: expect.stringMatching(/^\/uploads\/photos\//) } } });
    expect(await auditOf(priest.id)).toEqual([expect.objectContaining({ action: 'user.photo' })]);
  });

  it('refuses a file that is no image, and a userId that is no id', async () => {
    const admin = await browserOf('ADMIN');
    const priest = await createOwner(db, { role: 'PRIEST' });

    expect((await upload(admin, priest.id, Buffer.from('not a picture'))).statusCode).toBe(415);
    expect((await upload(admin, 'someone-else', await image)).statusCode).toBe(400);
  });
});
