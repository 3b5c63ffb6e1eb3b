import {
  mayAdministerChurches,
  mayAdministerDirectory,
  mayModerate,
  mayViewModeration,
  mayViewOperations,
} from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import { USER_SWITCHES } from '@churchtrades/shared/user-admin';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, categories, churches, churchMembers, trades, users } from '../src/db/schema';
import { createAccount, createCategory, createCategoryPair, createChurch, createOwner, createTrade } from './factories';
import { multipartForm } from './multipart-form';
import { createTestApp } from './test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from './test-browser';

/**
 * DESIGN "Roles": every privileged route, called by every role (and by nobody), each answer checked. An
 * allowed call has its effect and leaves an audit entry; a refused one answers 403 (401 without a session)
 * and changes nothing, whatever the menu of the web app shows.
 *
 * Each role's account has the widest reach its role can have over the church under test: the priest and
 * the moderator serve it, the governor governs its state. So a refusal here is the role's, not the scope's.
 */
const { app, database } = await createTestApp();
const db = database.db;

const CALLERS = ['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR', 'ADMIN', 'DEVELOPER', 'SUPER'] as const;
type Caller = (typeof CALLERS)[number];

const IMAGE = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#345678' } }).png().toBuffer();

const church = await createChurch(db, { stateType: 'NSW' });
const browsers = new Map<Caller, TestBrowser>();
for (const role of CALLERS) {
  const account = await createAccount(db, { role, governedState: role === 'GOVERNOR' ? 'NSW' : null });
  if (role === 'PRIEST' || role === 'MODERATOR') {
    await db.insert(churchMembers).values({ churchId: church.id, userId: account.id, churchRole: role });
  }
  browsers.set(role, await loggedInBrowser(app, db, account.id));
}

interface Arranged {
  request: InjectOptions;
  /** What the call would change (undefined for a read). */
  state?: () => Promise<unknown>;
  /** The audit subject an allowed change writes an entry for. */
  auditSubjectId?: string;
}

interface PrivilegedRoute {
  name: string;
  allows: (role: Role) => boolean;
  /** A fresh target of its own, so that one role's allowed change cannot hide the next role's refusal. */
  arrange: () => Promise<Arranged>;
}

const pendingTrade = () => createTrade(db, { churchId: church.id, stateType: 'NSW', moderationStatus: 'PENDING' });
const tradeRow = (id: string) => () => db.select().from(trades).where(eq(trades.id, id));
const churchRow = (id: string) => () => db.select().from(churches).where(eq(churches.id, id));
const userRow = (id: string) => () => db.select().from(users).where(eq(users.id, id));
const membersOf = (id: string) => () => db.select().from(churchMembers).where(eq(churchMembers.churchId, id));
const json = (method: 'POST' | 'PATCH', url: string, payload: object): InjectOptions => ({ method, url, payload });

function read(url: string): () => Promise<Arranged> {
  return async () => ({ request: { method: 'GET', url } });
}

async function churchImage(path: 'logo' | 'image'): Promise<Arranged> {
  const target = await createChurch(db, { stateType: 'NSW' });
  const form = multipartForm({ churchId: target.id }, [
    { field: 'file', filename: 'church.png', contentType: 'image/png', content: IMAGE },
  ]);
  return {
    request: { method: 'PATCH', url: `/api/churches/${path}`, ...form },
    state: churchRow(target.id),
    auditSubjectId: target.id,
  };
}

async function churchFlip(path: 'toggleEnabled' | 'toggleModerated'): Promise<Arranged> {
  const target = await createChurch(db, { stateType: 'NSW' });
  return {
    request: { method: 'PATCH', url: `/api/churches/${path}?churchId=${target.id}` },
    state: churchRow(target.id),
    auditSubjectId: target.id,
  };
}

async function userFlip(path: string, prefix = '/api/user'): Promise<Arranged> {
  const target = await createOwner(db, { role: 'TRADER' });
  return { request: { method: 'PATCH', url: `${prefix}/${path}?userId=${target.id}` }, state: userRow(target.id), auditSubjectId: target.id };
}

async function masterUserFlip(path: string): Promise<Arranged> {
  return userFlip(path, '/api/masterUser');
}

async function tradeFlip(path: 'toggleLocked' | 'toggleExpired'): Promise<Arranged> {
  const target = await pendingTrade();
  return { request: { method: 'PATCH', url: `/api/trades/${path}?key=${target.id}` }, state: tradeRow(target.id), auditSubjectId: target.id };
}

const ROUTES: PrivilegedRoute[] = [
  { name: 'GET /api/moderation/queue', allows: mayModerate, arrange: read(`/api/moderation/queue?churchId=${church.id}`) },
  { name: 'GET /api/moderation/trades', allows: mayViewModeration, arrange: read(`/api/moderation/trades?churchId=${church.id}`) },
  {
    name: 'GET /api/moderation/trades/:id',
    allows: mayViewModeration,
    arrange: async () => read(`/api/moderation/trades/${(await pendingTrade()).id}`)(),
  },
  {
    name: 'PATCH /api/moderation/decide',
    allows: mayModerate,
    arrange: async () => {
      const target = await pendingTrade();
      return {
        request: json('PATCH', '/api/moderation/decide', { tradeId: target.id, decision: 'APPROVE' }),
        state: tradeRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  { name: 'GET /api/churches/manage', allows: mayAdministerChurches, arrange: read('/api/churches/manage?stateType=NSW') },
  { name: 'GET /api/churches/manage/:id', allows: mayAdministerChurches, arrange: read(`/api/churches/manage/${church.id}`) },
  {
    name: 'POST /api/churches/register',
    allows: mayAdministerChurches,
    arrange: async () => {
      const name = `St Aidan's ${crypto.randomUUID()}`;
      return {
        request: json('POST', '/api/churches/register', { name, stateType: 'NSW', suburb: 'Ryde', postcode: '2112' }),
        state: () => db.select().from(churches).where(eq(churches.name, name)),
      };
    },
  },
  {
    name: 'PATCH /api/churches/update',
    allows: mayAdministerChurches,
    arrange: async () => {
      const target = await createChurch(db, { stateType: 'NSW' });
      return {
        request: json('PATCH', '/api/churches/update', { churchId: target.id, name: `${target.name} Renamed`, stateType: 'NSW' }),
        state: churchRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  { name: 'PATCH /api/churches/logo', allows: mayAdministerChurches, arrange: () => churchImage('logo') },
  { name: 'PATCH /api/churches/image', allows: mayAdministerChurches, arrange: () => churchImage('image') },
  { name: 'PATCH /api/churches/toggleEnabled', allows: mayAdministerChurches, arrange: () => churchFlip('toggleEnabled') },
  { name: 'PATCH /api/churches/toggleModerated', allows: mayAdministerChurches, arrange: () => churchFlip('toggleModerated') },
  {
    name: 'GET /api/masterUser/churchPriests',
    allows: mayAdministerChurches,
    arrange: read(`/api/masterUser/churchPriests?churchId=${church.id}`),
  },
  {
    name: 'GET /api/masterUser/churchModerators',
    allows: mayAdministerChurches,
    arrange: read(`/api/masterUser/churchModerators?churchId=${church.id}`),
  },
  {
    name: 'POST /api/masterUser/churchMembers',
    allows: mayAdministerChurches,
    arrange: async () => {
      const target = await createChurch(db, { stateType: 'NSW' });
      const member = await createOwner(db, { role: 'MODERATOR' });
      return {
        request: json('POST', '/api/masterUser/churchMembers', { churchId: target.id, email: member.email, churchRole: 'MODERATOR' }),
        state: membersOf(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  {
    name: 'PATCH /api/masterUser/churchMembers/remove',
    allows: mayAdministerChurches,
    arrange: async () => {
      const target = await createChurch(db, { stateType: 'NSW' });
      const member = await createOwner(db, { role: 'PRIEST' });
      await db.insert(churchMembers).values({ churchId: target.id, userId: member.id, churchRole: 'PRIEST' });
      return {
        request: json('PATCH', '/api/masterUser/churchMembers/remove', { churchId: target.id, email: member.email, churchRole: 'PRIEST' }),
        state: membersOf(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  { name: 'GET /api/category/manage', allows: mayAdministerDirectory, arrange: read('/api/category/manage') },
  {
    name: 'POST /api/category/create',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const name = `Bell ringing ${crypto.randomUUID()}`;
      return {
        request: json('POST', '/api/category/create', { name, tags: 'bells', parentId: -1 }),
        state: () => db.select().from(categories).where(eq(categories.name, name)),
      };
    },
  },
  {
    name: 'PATCH /api/category/update',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createCategory(db);
      return {
        request: json('PATCH', '/api/category/update', { id: target.id, name: `${target.name} renamed`, tags: 'new tags' }),
        state: () => db.select().from(categories).where(eq(categories.id, target.id)),
        auditSubjectId: String(target.id),
      };
    },
  },
  {
    name: 'PATCH /api/category/delete',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createCategory(db);
      return {
        request: json('PATCH', '/api/category/delete', { id: target.id }),
        state: () => db.select().from(categories).where(eq(categories.id, target.id)),
        auditSubjectId: String(target.id),
      };
    },
  },
  {
    name: 'PATCH /api/category/reorder',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const { main, sub } = await createCategoryPair(db);
      const second = await createCategory(db, { parentId: main.id, displayOrder: 1 });
      const subs = [second.id, sub.id];
      return {
        request: json('PATCH', '/api/category/reorder', { parentId: main.id, ids: subs }),
        state: () =>
          db.select({ id: categories.id, order: categories.displayOrder }).from(categories).where(inArray(categories.id, subs)),
        auditSubjectId: String(main.id),
      };
    },
  },
  { name: 'GET /api/masterUser/filter', allows: mayAdministerDirectory, arrange: read('/api/masterUser/filter?searchText=owner') },
  {
    name: 'GET /api/masterUser/:id',
    allows: mayAdministerDirectory,
    arrange: async () => read(`/api/masterUser/${(await createOwner(db)).id}`)(),
  },
  {
    name: 'PATCH /api/user/updateRole',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createOwner(db, { role: 'TRADER' });
      return {
        request: json('PATCH', '/api/user/updateRole', { userId: target.id, role: 'MODERATOR' }),
        state: userRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  { name: 'PATCH /api/user/tglUserAccountExpired', allows: mayAdministerDirectory, arrange: () => userFlip('tglUserAccountExpired') },
  { name: 'PATCH /api/user/tglUserAccountLocked', allows: mayAdministerDirectory, arrange: () => userFlip('tglUserAccountLocked') },
  { name: 'PATCH /api/user/tglUserAccountEnabled', allows: mayAdministerDirectory, arrange: () => userFlip('tglUserAccountEnabled') },
  {
    name: 'PATCH /api/user/tglUserCredentialsExpired',
    allows: mayAdministerDirectory,
    arrange: () => userFlip('tglUserCredentialsExpired'),
  },
  { name: 'GET /api/masterUser/listMasterUsers', allows: mayAdministerDirectory, arrange: read('/api/masterUser/listMasterUsers') },
  { name: 'GET /api/masterUser/search', allows: mayAdministerDirectory, arrange: read('/api/masterUser/search?name=a') },
  {
    name: 'POST /api/masterUser/registerMasterUser',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const email = `priest-${crypto.randomUUID()}@example.org`;
      const payload = { firstName: 'Amos', lastName: 'Reid', email, phone: '0400 000 111', role: 'PRIEST', priestOf: [church.id] };
      return {
        request: json('POST', '/api/masterUser/registerMasterUser', payload),
        state: () => db.select().from(users).where(eq(users.email, email)),
      };
    },
  },
  {
    name: 'PATCH /api/masterUser/updateMasterUser',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createOwner(db, { role: 'PRIEST' });
      const payload = { userId: target.id, firstName: 'Amos', lastName: 'Reid', email: target.email, phone: '0400 000 111' };
      return { request: json('PATCH', '/api/masterUser/updateMasterUser', payload), state: userRow(target.id), auditSubjectId: target.id };
    },
  },
  {
    name: 'PATCH /api/masterUser/updateMasterUserRole',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createOwner(db, { role: 'TRADER' });
      return {
        request: json('PATCH', '/api/masterUser/updateMasterUserRole', { userId: target.id, role: 'PRIEST' }),
        state: userRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  {
    name: 'PATCH /api/masterUser/toggleModerated',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createOwner(db, { role: 'MODERATOR', moderated: false });
      return {
        request: { method: 'PATCH', url: `/api/masterUser/toggleModerated?userId=${target.id}` },
        state: userRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  {
    name: 'PATCH /api/masterUser/userPhoto',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const target = await createOwner(db, { role: 'PRIEST' });
      const form = multipartForm({ userId: target.id }, [{ field: 'file', filename: 'face.png', contentType: 'image/png', content: IMAGE }]);
      return {
        request: { method: 'PATCH', url: '/api/masterUser/userPhoto', ...form },
        state: userRow(target.id),
        auditSubjectId: target.id,
      };
    },
  },
  ...Object.keys(USER_SWITCHES).map((path) => ({
    name: `PATCH /api/masterUser/${path}`,
    allows: mayAdministerDirectory,
    arrange: () => masterUserFlip(path),
  })),
  {
    name: 'PATCH /api/trades/sendNewOwnerPasswordResetEmail',
    allows: mayAdministerDirectory,
    arrange: async () => {
      const owner = await createOwner(db);
      return {
        request: { method: 'PATCH', url: `/api/trades/sendNewOwnerPasswordResetEmail?email=${encodeURIComponent(owner.email)}` },
        state: () => db.select().from(auditLog).where(eq(auditLog.subjectId, owner.id)),
        auditSubjectId: owner.id,
      };
    },
  },
  { name: 'GET /api/trades/searchTrade', allows: mayAdministerDirectory, arrange: read('/api/trades/searchTrade?name=Trade') },
  { name: 'PATCH /api/trades/toggleLocked', allows: mayAdministerDirectory, arrange: () => tradeFlip('toggleLocked') },
  { name: 'PATCH /api/trades/toggleExpired', allows: mayAdministerDirectory, arrange: () => tradeFlip('toggleExpired') },
  { name: 'GET /api/audit', allows: mayAdministerDirectory, arrange: read('/api/audit') },
  // The test browsers call from addresses of other machines, never loopback, which may read it without a session.
  { name: 'GET /metrics', allows: mayViewOperations, arrange: read('/metrics') },
];

async function auditEntriesFor(subjectId: string | undefined) {
  if (subjectId === undefined) return [];
  return db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}

describe.each(ROUTES)('$name', (route) => {
  it.each(CALLERS)('answers %s as the roles table says', async (role) => {
    const { request, state, auditSubjectId } = await route.arrange();
    const before = await state?.();
    const auditBefore = await auditEntriesFor(auditSubjectId);

    const response = await browsers.get(role)!.request(request);

    if (!route.allows(role)) {
      expect(response.json(), 'refused').toMatchObject({ statusCode: 403, status: 'FORBIDDEN' });
      expect(await state?.(), 'nothing changed').toEqual(before);
      expect(await auditEntriesFor(auditSubjectId)).toEqual(auditBefore);
      return;
    }
    expect(response.statusCode, response.body).toBeLessThan(300);
    if (!state) return;
    expect(await state(), 'the change is made').not.toEqual(before);
    if (auditSubjectId !== undefined) expect((await auditEntriesFor(auditSubjectId)).length).toBe(auditBefore.length + 1);
  });

  it('answers 401 without a session, changing nothing', async () => {
    const { request, state } = await route.arrange();
    const before = await state?.();

    const response = await testBrowser(app).request(request);

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
    expect(await state?.()).toEqual(before);
  });
});
