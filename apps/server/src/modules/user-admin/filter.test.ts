import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import {
  masterUserPageQuerySchema,
  masterUserSearchQuerySchema,
  registerMasterUserSchema,
  updateMasterUserSchema,
  updateRoleSchema,
  type UserAdmin,
  userFilterQuerySchema,
} from '@churchtrades/shared/user-admin';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churchMembers, users } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import { createActor, createChurch, createOwner, createTrade } from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createUserAdminRepo } from './repo';
import { createUserAdminService } from './service';

const { app, database } = await createTestApp();
const db = database.db;

const admin = await loggedInBrowser(app, db, (await createOwner(db, { role: 'ADMIN' })).id);

/** A word no other test's users carry, to put in the names of this test's users and search for. */
function newTag(): string {
  return `tag${randomUUID().slice(0, 8)}`;
}

async function filter(params: Record<string, string>) {
  const response = await admin.get(`/api/masterUser/filter?${new URLSearchParams(params).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.users as { content: UserAdmin[]; totalElements: number; totalPages: number; number: number; size: number };
}

async function idsFound(params: Record<string, string>): Promise<string[]> {
  return (await filter(params)).content.map((user) => user.userId);
}

async function serve(churchId: string, userId: string, churchRole: 'PRIEST' | 'MODERATOR') {
  await db.insert(churchMembers).values({ churchId, userId, churchRole });
}

describe('GET /api/masterUser/filter', () => {
  it('finds users by part of their first name, last name or e-mail, in any case, ordered by last then first name', async () => {
    const tag = newTag();
    const zoe = await createOwner(db, { firstName: 'Zoe', lastName: `Abbott ${tag}` });
    const adam = await createOwner(db, { firstName: 'Adam', lastName: `Abbott ${tag}` });
    const byFirstName = await createOwner(db, { firstName: `Mary${tag}`, lastName: 'Brown' });
    const byEmail = await createOwner(db, { lastName: 'Carter', email: `${tag}.carter@example.com.au` });
    await createOwner(db, { firstName: 'Unrelated', lastName: 'Person' });

    const found = await idsFound({ searchText: tag.toUpperCase() });

    expect(found).toEqual([adam.id, zoe.id, byFirstName.id, byEmail.id]);
  });

  it('takes % and _ in the text literally', async () => {
    const tag = newTag();
    const percent = await createOwner(db, { lastName: `100%_${tag}` });
    await createOwner(db, { lastName: `100ab${tag}` });

    expect(await idsFound({ searchText: `100%_${tag}` })).toEqual([percent.id]);
  });

  it('finds by state the users who govern it, own a business in it or serve one of its churches', async () => {
    const tag = newTag();
    const governor = await createOwner(db, { lastName: `Governor ${tag}`, role: 'GOVERNOR', governedState: 'VIC' });
    const owner = await createOwner(db, { lastName: `Owner ${tag}` });
    await createTrade(db, { ownerId: owner.id, stateType: 'VIC' });
    const moderator = await createOwner(db, { lastName: `Moderator ${tag}`, role: 'MODERATOR' });
    await serve((await createChurch(db, { stateType: 'VIC' })).id, moderator.id, 'MODERATOR');
    const elsewhere = await createOwner(db, { lastName: `Elsewhere ${tag}`, role: 'GOVERNOR', governedState: 'NSW' });
    await createTrade(db, { ownerId: elsewhere.id, stateType: 'NSW' });
    await serve((await createChurch(db, { stateType: 'QLD' })).id, elsewhere.id, 'PRIEST');

    expect(await idsFound({ searchText: tag, stateType: 'VIC' })).toEqual([governor.id, moderator.id, owner.id]);
    expect(await idsFound({ searchText: tag, stateType: 'ALL' })).toHaveLength(4);
    expect(await idsFound({ searchText: tag, stateType: '' })).toHaveLength(4);
  });

  it('finds by church the owners of its businesses and its priests and moderators', async () => {
    const tag = newTag();
    const church = await createChurch(db);
    const owner = await createOwner(db, { lastName: `Owner ${tag}` });
    await createTrade(db, { ownerId: owner.id, churchId: church.id });
    const priest = await createOwner(db, { lastName: `Priest ${tag}`, role: 'PRIEST' });
    await serve(church.id, priest.id, 'PRIEST');
    const otherOwner = await createOwner(db, { lastName: `Other ${tag}` });
    await createTrade(db, { ownerId: otherOwner.id });

    expect(await idsFound({ churchId: church.id })).toEqual([owner.id, priest.id]);
  });

  it('finds by role, and takes SELECT or nothing as any role', async () => {
    const tag = newTag();
    const priest = await createOwner(db, { lastName: `A ${tag}`, role: 'PRIEST' });
    const trader = await createOwner(db, { lastName: `B ${tag}`, role: 'TRADER' });

    expect(await idsFound({ searchText: tag, authority: 'PRIEST' })).toEqual([priest.id]);
    expect(await idsFound({ searchText: tag, authority: 'SELECT' })).toEqual([priest.id, trader.id]);
    expect(await idsFound({ searchText: tag, authority: '' })).toEqual([priest.id, trader.id]);
  });

  it.each([
    ['enabled', { enabled: false }],
    ['accountNonExpired', { accountNonExpired: false }],
    ['accountNonLocked', { accountNonLocked: false }],
    ['credentialsNonExpired', { credentialsNonExpired: false }],
  ])('finds by %s, true or false, and by either when empty', async (name, columns) => {
    const tag = newTag();
    const switchedOff = await createOwner(db, { lastName: `A ${tag}`, ...columns });
    const switchedOn = await createOwner(db, { lastName: `B ${tag}` });

    expect(await idsFound({ searchText: tag, [name]: 'false' })).toEqual([switchedOff.id]);
    expect(await idsFound({ searchText: tag, [name]: 'true' })).toEqual([switchedOn.id]);
    expect(await idsFound({ searchText: tag, [name]: '' })).toEqual([switchedOff.id, switchedOn.id]);
  });

  it('combines the filters', async () => {
    const tag = newTag();
    const lockedPriest = await createOwner(db, { lastName: `A ${tag}`, role: 'PRIEST', accountNonLocked: false });
    await createOwner(db, { lastName: `B ${tag}`, role: 'PRIEST' });
    await createOwner(db, { lastName: `C ${tag}`, accountNonLocked: false });

    expect(await idsFound({ searchText: tag, authority: 'PRIEST', accountNonLocked: 'false' })).toEqual([lockedPriest.id]);
  });

  it('answers a page at a time, with the count of every user found', async () => {
    const tag = newTag();
    const made = [];
    for (const letter of ['A', 'B', 'C', 'D', 'E']) made.push(await createOwner(db, { lastName: `${letter} ${tag}` }));

    const second = await filter({ searchText: tag, page: '1', size: '2' });

    expect(second).toMatchObject({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect(second.content.map((user) => user.userId)).toEqual([made[2]!.id, made[3]!.id]);
  });

  it('shows each user with their churches and business, and nothing secret', async () => {
    const tag = newTag();
    const church = await createChurch(db, { name: `Holy Trinity ${tag}` });
    const user = await createOwner(db, {
      firstName: 'Grace',
      lastName: tag,
      phone: '0400 000 000',
      role: 'MODERATOR',
      mfa: true,
      mfaSecret: 'SECRET',
      emailVerifiedAt: new Date(),
    });
    const trade = await createTrade(db, { ownerId: user.id, name: `Grace Plumbing ${tag}` });
    await serve(church.id, user.id, 'MODERATOR');

    const [found] = (await filter({ searchText: tag })).content;

    expect(found).toEqual({
      userId: user.id,
      firstName: 'Grace',
      lastName: tag,
      email: user.email,
      phone: '0400 000 000',
      bio: null,
      imageUrl: null,
      photo: null,
      role: 'MODERATOR',
      authority: 'ROLE_MODERATOR',
      governedState: null,
      moderated: true,
      moderatedBy: null,
      enabled: true,
      emailVerified: true,
      accountNonExpired: true,
      accountNonLocked: true,
      credentialsNonExpired: true,
      mfa: true,
      deletionDueAt: null,
      churches: [{ churchId: church.id, name: church.name, churchRole: 'MODERATOR' }],
      trade: { id: trade.id, name: trade.name },
      createdAt: user.createdAt.toISOString(),
    });
  });

  it.each([
    ['an unknown role', { authority: 'POPE' }, MESSAGES.chooseRole],
    ['a flag that is not true or false', { enabled: 'yes' }, MESSAGES.flagFilterInvalid],
    ['a church id that is not one', { churchId: 'st-marys' }, MESSAGES.chooseChurch],
  ])('refuses %s with 400', async (_case, params, message) => {
    const response = await admin.get(`/api/masterUser/filter?${new URLSearchParams(params).toString()}`);

    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('refuses an unknown state with 400', async () => {
    const response = await admin.get('/api/masterUser/filter?stateType=Victoria');

    expect(response.statusCode).toBe(400);
  });

  it('is kept by no cache', async () => {
    const response = await admin.get('/api/masterUser/filter');

    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/masterUser/:id', () => {
  it('shows the user', async () => {
    const user = await createOwner(db, { role: 'GOVERNOR', governedState: 'TAS' });

    const response = await admin.get(`/api/masterUser/${user.id}`);

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.userFound,
      data: { user: { userId: user.id, email: user.email, role: 'GOVERNOR', governedState: 'TAS', trade: null, churches: [] } },
    });
    expect(response.json().data.user).not.toHaveProperty('passwordHash');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown user', async () => {
    const response = await admin.get(`/api/masterUser/${randomUUID()}`);

    expect(response.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: MESSAGES.userNotFound });
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await admin.get('/api/masterUser/not-an-id');

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.userIdRequired });
  });
});

describe('who may look users up', () => {
  const urls = async () => [`/api/masterUser/filter`, `/api/masterUser/${(await createOwner(db)).id}`];

  it('answers 401 to a visitor', async () => {
    for (const url of await urls()) {
      expect((await testBrowser(app).get(url)).json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
    }
  });

  it.each(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR'] as const)('answers 403 to a %s', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role, governedState: 'NSW' })).id);
    for (const url of await urls()) {
      const response = await browser.get(url);
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.forbidden });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(['DEVELOPER', 'SUPER'] as const)('lets a %s in, to what an administrator sees', async (role) => {
    const browser = await loggedInBrowser(app, db, (await createOwner(db, { role })).id);
    for (const url of await urls()) {
      const response = await browser.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual((await admin.get(url)).json().data);
    }
  });
});

describe('the user administration service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const untouched = async () => {
    throw new Error('a refused actor reaches no session and sends no mail');
  };
  const userAdmin = createUserAdminService({
    repo: createUserAdminRepo(repoDb),
    audit: createAuditService(createAuditRepo(repoDb)),
    sessions: { endAllOf: untouched },
    accounts: { sendPasswordResetFor: untouched, createInvitedAccount: untouched, changePhotoOf: untouched },
    churchMembers: { linkNewAccount: untouched },
    transactions,
  });

  it('refuses a trader every look-up and every change of an account', async () => {
    const trader = await createActor(db, 'TRADER');
    const user = await createOwner(db, { role: 'USER' });

    await expectRefused([
      () => userAdmin.filter(trader, userFilterQuerySchema.parse({})),
      () => userAdmin.find(trader, user.id),
      () => userAdmin.updateRole(trader, updateRoleSchema.parse({ userId: user.id, role: 'TRADER' })),
      () => userAdmin.flip(trader, user.id, 'enabled'),
      () => userAdmin.sendOwnerPasswordReset(trader, user.email),
      () => userAdmin.listMasterUsers(trader, masterUserPageQuerySchema.parse({})),
      () => userAdmin.searchMasterUsers(trader, masterUserSearchQuerySchema.parse({})),
      () =>
        userAdmin.registerMasterUser(
          trader,
          registerMasterUserSchema.parse({
            firstName: 'Eli',
            lastName: 'Ward',
            email: 'eli.ward@example.org',
            phone: '0400 000 123',
            role: 'PRIEST',
          }),
        ),
      () =>
        userAdmin.updateMasterUser(
          trader,
          updateMasterUserSchema.parse({
            userId: user.id,
            firstName: 'Eli',
            lastName: 'Ward',
            email: user.email,
            phone: '0400 000 123',
          }),
        ),
      () => userAdmin.toggleModerated(trader, user.id),
      () => userAdmin.changeUserPhoto(trader, user.id, Buffer.from('not even an image')),
    ]);
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ role: 'USER', enabled: true });
  });

  it('shows an administrator the user', async () => {
    const user = await createOwner(db, { role: 'TRADER' });

    expect(await userAdmin.find(await createActor(db, 'ADMIN'), user.id)).toMatchObject({ userId: user.id, role: 'TRADER' });
  });
});

describe('the API document', () => {
  it('describes the user administration routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/masterUser/filter',
        '/api/masterUser/{id}',
        '/api/user/updateRole',
        '/api/user/tglUserAccountExpired',
        '/api/user/tglUserAccountLocked',
        '/api/user/tglUserAccountEnabled',
        '/api/user/tglUserCredentialsExpired',
        '/api/trades/sendNewOwnerPasswordResetEmail',
        '/api/masterUser/registerMasterUser',
        '/api/masterUser/listMasterUsers',
        '/api/masterUser/search',
        '/api/masterUser/updateMasterUser',
        '/api/masterUser/updateMasterUserRole',
        '/api/masterUser/userPhoto',
        '/api/masterUser/toggleModerated',
        '/api/masterUser/tglUserAccountLocked',
      ]),
    );
  });
});
