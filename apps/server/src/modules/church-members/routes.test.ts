import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import type { RealState } from '@churchtrades/shared/states';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, churchMembers, users } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import { createAccount, createActor, createChurch } from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createChurchRepo } from '../churches/repo';
import { createChurchService } from '../churches/service';
import { createImageStore } from '../uploads/image-store';
import { createChurchMemberRepo } from './repo';
import { createChurchMemberService } from './service';

const { app, database, config } = await createTestApp();
const db = database.db;

async function browserOf(role: Exclude<Role, 'SELECT'>, governedState?: RealState): Promise<TestBrowser> {
  const account = await createAccount(db, { role, governedState });
  return loggedInBrowser(app, db, account.id);
}

const administrator = () => browserOf('ADMIN');
const tasmanianGovernor = () => browserOf('GOVERNOR', 'TAS');

const attach = (browser: TestBrowser, body: object) => browser.post('/api/masterUser/churchMembers', body);
const detach = (browser: TestBrowser, body: object) => browser.patch('/api/masterUser/churchMembers/remove', body);

async function membershipsOf(userId: string) {
  return db
    .select({ churchId: churchMembers.churchId, churchRole: churchMembers.churchRole })
    .from(churchMembers)
    .where(eq(churchMembers.userId, userId));
}

async function roleOf(userId: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row!.role;
}

async function auditOf(subjectId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
}

describe('POST /api/masterUser/churchMembers', () => {
  it('attaches an owner by e-mail in any case as the priest, raising their role, and audits both changes', async () => {
    const church = await createChurch(db, { name: 'St Attach Priest' });
    const owner = await createAccount(db, { firstName: 'Pat', lastName: 'Priestly' });

    const response = await attach(await administrator(), {
      churchId: church.id,
      email: ` ${owner.email.toUpperCase()} `,
      churchRole: 'PRIEST',
    });

    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ message: MESSAGES.memberAdded });
    expect(response.json().data.user).toEqual({
      userId: owner.id,
      firstName: 'Pat',
      lastName: 'Priestly',
      email: owner.email,
      role: 'PRIEST',
      churchRole: 'PRIEST',
    });
    expect(await membershipsOf(owner.id)).toEqual([{ churchId: church.id, churchRole: 'PRIEST' }]);
    expect(await roleOf(owner.id)).toBe('PRIEST');
    const [added] = await auditOf(church.id, 'church.memberAdd');
    expect(added).toMatchObject({
      subjectType: 'CHURCH',
      subjectName: 'St Attach Priest',
      before: null,
      after: { userId: owner.id, email: owner.email, churchRole: 'PRIEST' },
    });
    const [raised] = await auditOf(owner.id, 'user.role');
    expect(raised).toMatchObject({ subjectType: 'USER', before: { role: 'TRADER' }, after: { role: 'PRIEST' } });
  });

  it('answers 200 and changes nothing more when the user already serves the church in that role', async () => {
    const church = await createChurch(db);
    const owner = await createAccount(db);
    const browser = await administrator();
    await attach(browser, { churchId: church.id, email: owner.email, churchRole: 'MODERATOR' });

    const again = await attach(browser, { churchId: church.id, email: owner.email, churchRole: 'MODERATOR' });

    expect(again.statusCode).toBe(200);
    expect(again.json().data.user).toMatchObject({ userId: owner.id, role: 'MODERATOR', churchRole: 'MODERATOR' });
    expect(await membershipsOf(owner.id)).toHaveLength(1);
    expect(await auditOf(church.id, 'church.memberAdd')).toHaveLength(1);
    expect(await auditOf(owner.id, 'user.role')).toHaveLength(1);
  });

  it('raises a priest attached as a moderator, and never lowers a higher role', async () => {
    const church = await createChurch(db);
    const priest = await createAccount(db, { role: 'PRIEST' });
    const governor = await createAccount(db, { role: 'GOVERNOR', governedState: 'NSW' });
    const browser = await administrator();

    await attach(browser, { churchId: church.id, email: priest.email, churchRole: 'MODERATOR' });
    const higher = await attach(browser, { churchId: church.id, email: governor.email, churchRole: 'PRIEST' });

    expect(await roleOf(priest.id)).toBe('MODERATOR');
    expect(higher.json().data.user).toMatchObject({ role: 'GOVERNOR', churchRole: 'PRIEST' });
    expect(await roleOf(governor.id)).toBe('GOVERNOR');
    expect(await auditOf(governor.id, 'user.role')).toEqual([]);
  });

  it("lets a governor attach to their state's churches only", async () => {
    const hobart = await createChurch(db, { stateType: 'TAS' });
    const perth = await createChurch(db, { stateType: 'WA' });
    const owner = await createAccount(db);
    const governor = await tasmanianGovernor();

    const own = await attach(governor, { churchId: hobart.id, email: owner.email, churchRole: 'MODERATOR' });
    const other = await attach(governor, { churchId: perth.id, email: owner.email, churchRole: 'PRIEST' });

    expect(own.statusCode).toBe(201);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MESSAGES.churchOfAnotherState);
    expect(await membershipsOf(owner.id)).toEqual([{ churchId: hobart.id, churchRole: 'MODERATOR' }]);
  });

  it('refuses a moderator with 403 and a visitor with 401, attaching and raising nothing', async () => {
    const church = await createChurch(db);
    const owner = await createAccount(db);
    const body = { churchId: church.id, email: owner.email, churchRole: 'MODERATOR' };

    const moderator = await attach(await browserOf('MODERATOR'), body);
    const anonymous = await attach(testBrowser(app), body);

    expect([moderator.statusCode, anonymous.statusCode]).toEqual([403, 401]);
    expect(await membershipsOf(owner.id)).toEqual([]);
    expect(await roleOf(owner.id)).toBe('TRADER');
  });

  it('answers 404 for an e-mail no account uses and for an unknown church', async () => {
    const owner = await createAccount(db);
    const church = await createChurch(db);
    const browser = await administrator();

    const noAccount = await attach(browser, { churchId: church.id, email: 'nobody@example.com.au', churchRole: 'PRIEST' });
    const noChurch = await attach(browser, {
      churchId: '6f1c2b1e-0000-4000-8000-000000000000',
      email: owner.email,
      churchRole: 'PRIEST',
    });

    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json().message).toBe(MESSAGES.noAccountWithEmail);
    expect(noChurch.statusCode).toBe(404);
    expect(noChurch.json().message).toBe(MESSAGES.churchNotFound);
  });

  it.each([
    ['an unknown church role', { email: 'a@example.com', churchRole: 'BISHOP' }, 'churchRole', MESSAGES.chooseChurchRole],
    ['no e-mail', { churchRole: 'PRIEST' }, 'email', MESSAGES.emailRequired],
    ['a malformed church id', { churchId: 'st-marys', email: 'a@example.com', churchRole: 'PRIEST' }, 'churchId', MESSAGES.chooseChurch],
  ])('refuses %s with 400', async (_case, body, field, message) => {
    const church = await createChurch(db);

    const response = await attach(await administrator(), { churchId: church.id, ...body });

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });
});

describe('GET /api/masterUser/churchPriests and churchModerators', () => {
  it("lists the church's priests and its moderators apart, by name", async () => {
    const church = await createChurch(db, { stateType: 'TAS' });
    const zed = await createAccount(db, { firstName: 'Zed', lastName: 'Zimmer' });
    const amy = await createAccount(db, { firstName: 'Amy', lastName: 'Abbott' });
    const mod = await createAccount(db, { firstName: 'Mo', lastName: 'Moderate' });
    const browser = await tasmanianGovernor();
    for (const [account, churchRole] of [[zed, 'PRIEST'], [amy, 'PRIEST'], [mod, 'MODERATOR']] as const) {
      await attach(browser, { churchId: church.id, email: account.email, churchRole });
    }

    const priests = await browser.get(`/api/masterUser/churchPriests?churchId=${church.id}`);
    const moderators = await browser.get(`/api/masterUser/churchModerators?churchId=${church.id}`);

    expect(priests.statusCode).toBe(200);
    expect(priests.headers['cache-control']).toBe('no-store');
    expect(priests.json().data.users.map((user: { userId: string }) => user.userId)).toEqual([amy.id, zed.id]);
    expect(moderators.json().data.users).toEqual([
      { userId: mod.id, firstName: 'Mo', lastName: 'Moderate', email: mod.email, role: 'MODERATOR', churchRole: 'MODERATOR' },
    ]);
  });

  it("refuses a governor another state's church, a moderator any church, and a malformed id", async () => {
    const church = await createChurch(db, { stateType: 'NSW' });

    const governor = await (await tasmanianGovernor()).get(`/api/masterUser/churchPriests?churchId=${church.id}`);
    const moderator = await (await browserOf('MODERATOR')).get(`/api/masterUser/churchModerators?churchId=${church.id}`);
    const malformed = await (await administrator()).get('/api/masterUser/churchPriests?churchId=1');

    expect([governor.statusCode, moderator.statusCode, malformed.statusCode]).toEqual([403, 403, 400]);
  });
});

describe('PATCH /api/masterUser/churchMembers/remove', () => {
  it('detaches the user from the church in that role, keeps their role, and audits it', async () => {
    const church = await createChurch(db);
    const owner = await createAccount(db);
    const browser = await administrator();
    await attach(browser, { churchId: church.id, email: owner.email, churchRole: 'PRIEST' });
    await attach(browser, { churchId: church.id, email: owner.email, churchRole: 'MODERATOR' });

    const response = await detach(browser, { churchId: church.id, email: owner.email, churchRole: 'PRIEST' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.memberRemoved, data: { user: { userId: owner.id, churchRole: 'PRIEST' } } });
    expect(await membershipsOf(owner.id)).toEqual([{ churchId: church.id, churchRole: 'MODERATOR' }]);
    expect(await roleOf(owner.id)).toBe('MODERATOR');
    const [removed] = await auditOf(church.id, 'church.memberRemove');
    expect(removed).toMatchObject({ before: { userId: owner.id, email: owner.email, churchRole: 'PRIEST' }, after: null });
  });

  it('answers 404 when the user does not serve the church in that role, or has no account', async () => {
    const church = await createChurch(db);
    const owner = await createAccount(db);
    const browser = await administrator();

    const notMember = await detach(browser, { churchId: church.id, email: owner.email, churchRole: 'MODERATOR' });
    const noAccount = await detach(browser, { churchId: church.id, email: 'nobody@example.com.au', churchRole: 'MODERATOR' });

    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().message).toBe(MESSAGES.notAMember);
    expect(noAccount.json().message).toBe(MESSAGES.noAccountWithEmail);
    expect(await auditOf(church.id, 'church.memberRemove')).toEqual([]);
  });

  it("refuses a governor another state's church and a priest any church, detaching nothing", async () => {
    const church = await createChurch(db, { stateType: 'VIC' });
    const owner = await createAccount(db);
    await attach(await administrator(), { churchId: church.id, email: owner.email, churchRole: 'PRIEST' });
    const body = { churchId: church.id, email: owner.email, churchRole: 'PRIEST' };

    const governor = await detach(await tasmanianGovernor(), body);
    const priest = await detach(await browserOf('PRIEST'), body);

    expect([governor.statusCode, priest.statusCode]).toEqual([403, 403]);
    expect(await membershipsOf(owner.id)).toEqual([{ churchId: church.id, churchRole: 'PRIEST' }]);
  });
});

describe('the church member service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const audit = createAuditService(createAuditRepo(repoDb));
  const churchService = createChurchService({
    repo: createChurchRepo(repoDb),
    audit,
    images: createImageStore(config.uploadDir),
    transactions,
  });
  const members = createChurchMemberService({ repo: createChurchMemberRepo(repoDb), churches: churchService, audit, transactions });

  it("refuses a trader a church's members, and naming or removing one", async () => {
    const trader = await createActor(db, 'TRADER');
    const church = await createChurch(db);
    const owner = await createAccount(db);
    const membership = { churchId: church.id, email: owner.email, churchRole: 'PRIEST' as const };

    await expectRefused([
      () => members.list(trader, church.id, 'PRIEST'),
      () => members.attach(trader, membership),
      () => members.detach(trader, membership),
    ]);
    expect(await membershipsOf(owner.id)).toEqual([]);
    expect(await roleOf(owner.id)).toBe('TRADER');
  });

  it('lets an administrator attach a priest', async () => {
    const church = await createChurch(db);
    const owner = await createAccount(db);

    const { attached } = await members.attach(await createActor(db, 'ADMIN'), {
      churchId: church.id,
      email: owner.email,
      churchRole: 'PRIEST',
    });

    expect(attached).toBe(true);
    expect(await membershipsOf(owner.id)).toEqual([{ churchId: church.id, churchRole: 'PRIEST' }]);
  });
});
