import { randomUUID } from 'node:crypto';
import {
  categoryHasSubCategoriesMessage,
  categoryInUseMessage,
  type ManagedCategory,
} from '@churchtrades/shared/category-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, categories, trades, users } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import {
  createAccount,
  createActor,
  createAddress,
  createCategory,
  createCategoryPair,
  createChurch,
  createTrade,
  inCategory,
} from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { tradeSearchKeywords } from '../trades/search-keywords';
import { createCategoryRepo } from './repo';
import { createCategoryService } from './service';

const { app, database } = await createTestApp();
const db = database.db;

async function browserOf(role: Exclude<Role, 'SELECT'>): Promise<TestBrowser> {
  const account = await createAccount(db, { role });
  return loggedInBrowser(app, db, account.id);
}

const administrator = await browserOf('ADMIN');

const get = async (url: string) => (await app.inject({ method: 'GET', url })).json().data;
const ids = (list: { id: number }[]) => list.map((category) => category.id);

async function storedCategory(id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

async function auditOf(subjectId: number, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, String(subjectId)), eq(auditLog.action, action)));
}

async function searchIds(text: string): Promise<string[]> {
  const data = await get(`/api/trades/clientFilter?searchText=${encodeURIComponent(text)}`);
  return data.trades.content.map((card: { id: string }) => card.id);
}

async function mainIds(): Promise<number[]> {
  return ids((await get('/api/category/main_categories')).categories);
}

describe('GET /api/category/manage', () => {
  it('lists the main categories in display order, each with its sub categories and the businesses using each', async () => {
    const later = await createCategory(db, { name: 'Managed Later', displayOrder: 900 });
    const earlier = await createCategory(db, { name: 'Managed Earlier', tags: 'first', displayOrder: 899 });
    const second = await createCategory(db, { name: 'Managed Sub B', parentId: earlier.id, displayOrder: 2 });
    const first = await createCategory(db, { name: 'Managed Sub A', parentId: earlier.id, displayOrder: 1 });
    await createTrade(db, { mainCategoryId: earlier.id, categoryId: first.id });
    await createTrade(db, { mainCategoryId: earlier.id, categoryId: first.id });
    await createTrade(db, { mainCategoryId: earlier.id });

    const response = await administrator.get('/api/category/manage');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const managed: ManagedCategory[] = response.json().data.categories;
    expect(ids(managed).filter((id) => id === later.id || id === earlier.id)).toEqual([earlier.id, later.id]);
    expect(managed.find((category) => category.id === earlier.id)).toEqual({
      id: earlier.id,
      name: 'Managed Earlier',
      tags: 'first',
      mains: true,
      parentId: -1,
      displayOrder: 899,
      tradeCount: 3,
      subCategories: [
        { id: first.id, name: 'Managed Sub A', tags: '', mains: false, parentId: earlier.id, displayOrder: 1, tradeCount: 2 },
        { id: second.id, name: 'Managed Sub B', tags: '', mains: false, parentId: earlier.id, displayOrder: 2, tradeCount: 0 },
      ],
    });
    expect(managed.find((category) => category.id === later.id)).toMatchObject({ tradeCount: 0, subCategories: [] });
  });

  it('refuses a governor with 403 and a visitor with 401', async () => {
    const governor = await (await browserOf('GOVERNOR')).get('/api/category/manage');
    const anonymous = await testBrowser(app).get('/api/category/manage');

    expect(governor.statusCode).toBe(403);
    expect(governor.headers['cache-control']).toBe('no-store');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/category/create', () => {
  it('adds a main category after the others, which the public list then shows, and audits it', async () => {
    const response = await administrator.post('/api/category/create', { name: ' Beekeeping ', tags: 'honey, hives', parentId: -1 });

    expect(response.statusCode).toBe(201);
    const category = response.json().data.category;
    const highest = Math.max(...(await get('/api/category/main_categories')).categories.map((main: { displayOrder: number }) => main.displayOrder));
    expect(category).toMatchObject({ name: 'Beekeeping', tags: 'honey, hives', parentId: -1, displayOrder: highest });
    expect((await mainIds()).at(-1)).toBe(category.id);
    expect(await storedCategory(category.id)).toMatchObject({ name: 'Beekeeping', parentId: null });
    const [entry] = await auditOf(category.id, 'category.create');
    expect(entry).toMatchObject({
      subjectType: 'CATEGORY',
      subjectName: 'Beekeeping',
      before: null,
      after: { name: 'Beekeeping', tags: 'honey, hives', parentId: -1, displayOrder: highest },
    });
  });

  it('adds a sub category last under its main category, as the public sub category list shows', async () => {
    const main = await createCategory(db, { name: 'Sub Parent' });
    await createCategory(db, { name: 'Existing Sub', parentId: main.id, displayOrder: 4 });

    const response = await administrator.post('/api/category/create', { name: 'Newest Sub', parentId: main.id });

    expect(response.statusCode).toBe(201);
    expect(response.json().data.category).toMatchObject({ name: 'Newest Sub', tags: '', parentId: main.id, displayOrder: 5 });
    const subs = (await get(`/api/category/sub_categories?parent_id=${main.id}`)).categories;
    expect(subs.map((sub: { name: string }) => sub.name)).toEqual(['Existing Sub', 'Newest Sub']);
  });

  it('refuses a sub category of a sub category, or of no category, with 400', async () => {
    const pair = await createCategoryPair(db);

    const underSub = await administrator.post('/api/category/create', { name: 'Too Deep', parentId: pair.sub.id });
    const underNothing = await administrator.post('/api/category/create', { name: 'Orphan', parentId: 987_654 });

    for (const response of [underSub, underNothing]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.categoryParentInvalid);
    }
    expect(await db.select().from(categories).where(inArray(categories.name, ['Too Deep', 'Orphan']))).toEqual([]);
  });

  it('refuses a name its siblings already use, in any case, with 409; another parent may use it', async () => {
    const pair = await createCategoryPair(db, { name: 'Clash Parent' }, { name: 'Clashing Name' });
    const other = await createCategory(db, { name: 'Other Parent' });

    const taken = await administrator.post('/api/category/create', { name: 'CLASHING name', parentId: pair.main.id });
    const elsewhere = await administrator.post('/api/category/create', { name: 'Clashing Name', parentId: other.id });
    const mainTaken = await administrator.post('/api/category/create', { name: 'clash parent', parentId: -1 });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 'CONFLICT', message: MESSAGES.categoryNameTaken });
    expect(mainTaken.statusCode).toBe(409);
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    ['no name', { parentId: -1 }, 'name', MESSAGES.categoryNameRequired],
    ['a name too long', { name: 'x'.repeat(101), parentId: -1 }, 'name', MESSAGES.categoryNameTooLong],
    ['tags too long', { name: 'Tagged', tags: 't'.repeat(1001), parentId: -1 }, 'tags', MESSAGES.categoryTagsTooLong],
    ['parent 0', { name: 'Zero Parent', parentId: 0 }, 'parentId', MESSAGES.categoryParentInvalid],
    ['a word as parent', { name: 'Word Parent', parentId: 'main' }, 'parentId', MESSAGES.categoryParentInvalid],
  ])('refuses %s with 400', async (_case, body, field, message) => {
    const response = await administrator.post('/api/category/create', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });

  it('refuses a name of spaces with 400', async () => {
    const response = await administrator.post('/api/category/create', { name: '     ', parentId: -1 });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.categoryNameRequired);
  });

  it('refuses a governor with 403, creating nothing', async () => {
    const response = await (await browserOf('GOVERNOR')).post('/api/category/create', { name: 'Governed Category', parentId: -1 });

    expect(response.statusCode).toBe(403);
    expect(await db.select().from(categories).where(eq(categories.name, 'Governed Category'))).toEqual([]);
  });
});

describe('PATCH /api/category/update', () => {
  it('renames a sub category so that a search for its new name or tags finds its businesses, and no longer the old', async () => {
    const pair = await createCategoryPair(db, { name: 'Beverages' }, { name: 'Zymurgy', tags: 'brewing' });
    const trade = await createTrade(db, { name: 'Harbourside Cellar Door', ...inCategory(pair, 'Glebe') });
    await createAddress(db, trade.id, { suburb: 'Glebe' });
    expect(await searchIds('zymurgy')).toEqual([trade.id]);

    const response = await administrator.patch('/api/category/update', {
      id: pair.sub.id,
      name: 'Quokkaferment',
      tags: 'kombucha, kefir',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.category).toEqual({
      id: pair.sub.id,
      name: 'Quokkaferment',
      tags: 'kombucha, kefir',
      mains: false,
      parentId: pair.main.id,
      displayOrder: 0,
    });
    expect(await searchIds('quokkaferment')).toEqual([trade.id]);
    expect(await searchIds('kombucha')).toEqual([trade.id]);
    expect(await searchIds('zymurgy')).toEqual([]);
    const [stored] = await db.select().from(trades).where(eq(trades.id, trade.id));
    expect(stored!.searchKeywords).toBe(
      tradeSearchKeywords({
        mainCategory: pair.main,
        subCategory: { name: 'Quokkaferment', tags: 'kombucha, kefir' },
        suburb: 'Glebe',
      }),
    );
    const [entry] = await auditOf(pair.sub.id, 'category.update');
    expect(entry).toMatchObject({
      subjectName: 'Quokkaferment',
      before: { name: 'Zymurgy', tags: 'brewing' },
      after: { name: 'Quokkaferment', tags: 'kombucha, kefir' },
    });
  });

  it('indexes again every business of a renamed main category, however many there are', async () => {
    const pair = await createCategoryPair(db, { name: 'Wombatcraft' });
    const church = await createChurch(db);
    const owners = await db
      .insert(users)
      .values(
        Array.from({ length: 520 }, () => ({
          firstName: 'Many',
          lastName: 'Owners',
          email: `many-${randomUUID()}@example.com.au`,
          passwordHash: 'not-a-real-hash',
        })),
      )
      .returning({ id: users.id });
    await db.insert(trades).values(
      owners.map((owner, n) => ({ ownerId: owner.id, churchId: church.id, stateType: 'NSW' as const, name: `Bulk Business ${n}`, ...inCategory(pair) })),
    );

    await administrator.patch('/api/category/update', { id: pair.main.id, name: 'Echidnacraft', tags: '' });

    const keywords = await db
      .selectDistinct({ searchKeywords: trades.searchKeywords })
      .from(trades)
      .where(eq(trades.mainCategoryId, pair.main.id));
    expect(keywords).toEqual([
      { searchKeywords: tradeSearchKeywords({ mainCategory: { name: 'Echidnacraft', tags: '' }, subCategory: pair.sub }) },
    ]);
  });

  it('refuses a name a sibling uses with 409 and an unknown category with 404, changing nothing', async () => {
    const pair = await createCategoryPair(db, {}, { name: 'Sibling One' });
    const sibling = await createCategory(db, { name: 'Sibling Two', parentId: pair.main.id });

    const taken = await administrator.patch('/api/category/update', { id: sibling.id, name: 'sibling one' });
    const unknown = await administrator.patch('/api/category/update', { id: 987_654, name: 'Nothing' });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.categoryNameTaken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.categoryNotFound);
    expect((await storedCategory(sibling.id))!.name).toBe('Sibling Two');
    expect(await auditOf(sibling.id, 'category.update')).toEqual([]);
  });

  it('refuses a governor with 403, changing nothing', async () => {
    const category = await createCategory(db, { name: 'Kept Name' });

    const response = await (await browserOf('GOVERNOR')).patch('/api/category/update', { id: category.id, name: 'Changed' });

    expect(response.statusCode).toBe(403);
    expect((await storedCategory(category.id))!.name).toBe('Kept Name');
  });
});

describe('PATCH /api/category/delete', () => {
  it('deletes a category nothing uses, takes it off the public list, and audits it', async () => {
    const category = await createCategory(db, { name: 'Doomed Category', tags: 'gone' });

    const response = await administrator.patch('/api/category/delete', { id: category.id });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.categoryDeleted, data: { category: { id: category.id } } });
    expect(await storedCategory(category.id)).toBeUndefined();
    expect(await mainIds()).not.toContain(category.id);
    const [entry] = await auditOf(category.id, 'category.delete');
    expect(entry).toMatchObject({ before: { name: 'Doomed Category', tags: 'gone', parentId: -1 }, after: null });
  });

  it('refuses while businesses use the category, as main or as sub category, saying how many', async () => {
    const pair = await createCategoryPair(db);
    await createTrade(db, inCategory(pair));
    const onlyMain = await createCategory(db);
    await createTrade(db, { mainCategoryId: onlyMain.id });
    await createTrade(db, { mainCategoryId: onlyMain.id });

    const sub = await administrator.patch('/api/category/delete', { id: pair.sub.id });
    const main = await administrator.patch('/api/category/delete', { id: onlyMain.id });

    expect(sub.statusCode).toBe(409);
    expect(sub.json().message).toBe(categoryInUseMessage(1));
    expect(main.json().message).toBe(categoryInUseMessage(2));
    expect(await storedCategory(pair.sub.id)).toBeDefined();
    expect(await storedCategory(onlyMain.id)).toBeDefined();
    expect(await auditOf(onlyMain.id, 'category.delete')).toEqual([]);
  });

  it('refuses a main category while it has sub categories, saying how many', async () => {
    const main = await createCategory(db);
    await createCategory(db, { parentId: main.id });
    await createCategory(db, { parentId: main.id });

    const response = await administrator.patch('/api/category/delete', { id: main.id });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(categoryHasSubCategoriesMessage(2));
    expect(await storedCategory(main.id)).toBeDefined();
  });

  it('answers 404 for an unknown category, 400 for a malformed id and 403 for a governor', async () => {
    const category = await createCategory(db);

    const unknown = await administrator.patch('/api/category/delete', { id: 987_654 });
    const malformed = await administrator.patch('/api/category/delete', { id: 'all' });
    const governor = await (await browserOf('GOVERNOR')).patch('/api/category/delete', { id: category.id });

    expect([unknown.statusCode, malformed.statusCode, governor.statusCode]).toEqual([404, 400, 403]);
    expect(await storedCategory(category.id)).toBeDefined();
  });
});

describe('PATCH /api/category/reorder', () => {
  it('puts the main categories in the order given, as the public list then shows, and audits it', async () => {
    const reversed = (await mainIds()).reverse();

    const response = await administrator.patch('/api/category/reorder', { parentId: -1, ids: reversed });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.categories.map((category: { id: number; displayOrder: number }) => [category.id, category.displayOrder])).toEqual(
      reversed.map((id, position) => [id, position]),
    );
    expect(await mainIds()).toEqual(reversed);
    const [entry] = await auditOf(-1, 'category.reorder');
    expect(entry).toMatchObject({ subjectName: 'Main categories', after: { order: reversed } });
  });

  it('puts the sub categories of a main category in the order given', async () => {
    const main = await createCategory(db, { name: 'Reorder Parent' });
    const a = await createCategory(db, { name: 'Sub A', parentId: main.id, displayOrder: 0 });
    const b = await createCategory(db, { name: 'Sub B', parentId: main.id, displayOrder: 1 });
    const c = await createCategory(db, { name: 'Sub C', parentId: main.id, displayOrder: 2 });

    await administrator.patch('/api/category/reorder', { parentId: main.id, ids: [c.id, a.id, b.id] });

    expect(ids((await get(`/api/category/sub_categories?parent_id=${main.id}`)).categories)).toEqual([c.id, a.id, b.id]);
    const [entry] = await auditOf(main.id, 'category.reorder');
    expect(entry).toMatchObject({
      subjectName: 'Reorder Parent',
      before: { order: [a.id, b.id, c.id] },
      after: { order: [c.id, a.id, b.id] },
    });
  });

  it('refuses a list that misses, repeats or adds a category with 400, changing no order', async () => {
    const main = await createCategory(db);
    const a = await createCategory(db, { parentId: main.id, displayOrder: 0 });
    const b = await createCategory(db, { parentId: main.id, displayOrder: 1 });
    const stranger = await createCategory(db);

    for (const list of [[b.id], [b.id, a.id, a.id], [b.id, a.id, stranger.id], [b.id, stranger.id]]) {
      const response = await administrator.patch('/api/category/reorder', { parentId: main.id, ids: list });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.categoryOrderIncomplete);
    }
    expect(ids((await get(`/api/category/sub_categories?parent_id=${main.id}`)).categories)).toEqual([a.id, b.id]);
    expect(await auditOf(main.id, 'category.reorder')).toEqual([]);
  });

  it('refuses an empty list with 400 and a governor with 403', async () => {
    const empty = await administrator.patch('/api/category/reorder', { parentId: -1, ids: [] });
    const governor = await (await browserOf('GOVERNOR')).patch('/api/category/reorder', { parentId: -1, ids: await mainIds() });

    expect(empty.statusCode).toBe(400);
    expect(governor.statusCode).toBe(403);
  });
});

describe('the category service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const service = createCategoryService({
    repo: createCategoryRepo(repoDb),
    audit: createAuditService(createAuditRepo(repoDb)),
    transactions,
  });

  it('refuses a trader the categories to manage and every change to them', async () => {
    const trader = await createActor(db, 'TRADER');
    const category = await createCategory(db);

    await expectRefused([
      () => service.listManaged(trader),
      () => service.create(trader, { name: `Trader's ${randomUUID()}`, tags: '', parentId: -1 }),
      () => service.update(trader, { id: category.id, name: 'Renamed by a trader', tags: '' }),
      () => service.delete(trader, { id: category.id }),
      () => service.reorder(trader, { parentId: -1, ids: [category.id] }),
    ]);
    const [stored] = await db.select().from(categories).where(eq(categories.id, category.id));
    expect(stored).toMatchObject({ name: category.name });
  });

  it('lets an administrator add a category', async () => {
    const name = `Bell Ringing ${randomUUID().slice(0, 8)}`;

    const created = await service.create(await createActor(db, 'ADMIN'), { name, tags: '', parentId: -1 });

    expect(created).toMatchObject({ name, parentId: -1 });
  });
});
