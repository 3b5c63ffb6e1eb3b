import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, trades } from '../../db/schema';
import { createAccount, createCategory, createCategoryPair, createTrade, inCategory } from '../../../test/factories';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

// The audit log refuses the entries about the categories named so: the change is written first, its entry fails.
await refuseWrites(db, 'audit_log', `NEW.subject_name LIKE 'Unauditable%'`);

const administrator = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

async function storedCategory(id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

describe('a category change whose audit entry cannot be written', () => {
  it('adds no category', async () => {
    const response = await administrator.post('/api/category/create', { name: 'Unauditable Beekeeping', parentId: -1 });

    expect(response.statusCode).toBe(500);
    expect(await db.select().from(categories).where(eq(categories.name, 'Unauditable Beekeeping'))).toEqual([]);
  });

  it('keeps the name, and the search keywords of its businesses', async () => {
    const pair = await createCategoryPair(db, { name: 'Beverages' }, { name: 'Zymurgy', tags: 'brewing' });
    const trade = await createTrade(db, inCategory(pair));

    const response = await administrator.patch('/api/category/update', { id: pair.sub.id, name: 'Unauditable Ferment' });

    expect(response.statusCode).toBe(500);
    expect(await storedCategory(pair.sub.id)).toMatchObject({ name: 'Zymurgy', tags: 'brewing' });
    const [stored] = await db.select().from(trades).where(eq(trades.id, trade.id));
    expect(stored!.searchKeywords).toBe(trade.searchKeywords);
  });

  it('keeps the category it deletes', async () => {
    const category = await createCategory(db, { name: 'Unauditable Doomed' });

    const response = await administrator.patch('/api/category/delete', { id: category.id });

    expect(response.statusCode).toBe(500);
    expect(await storedCategory(category.id)).toBeDefined();
  });

  it('keeps the order of the categories it reorders', async () => {
    const main = await createCategory(db, { name: 'Unauditable Parent' });
    const first = await createCategory(db, { name: 'First Child', parentId: main.id, displayOrder: 0 });
    const second = await createCategory(db, { name: 'Second Child', parentId: main.id, displayOrder: 1 });

    const response = await administrator.patch('/api/category/reorder', { parentId: main.id, ids: [second.id, first.id] });

    expect(response.statusCode).toBe(500);
    const stored = await db
      .select({ id: categories.id, displayOrder: categories.displayOrder })
      .from(categories)
      .where(inArray(categories.id, [first.id, second.id]));
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: first.id, displayOrder: 0 },
        { id: second.id, displayOrder: 1 },
      ]),
    );
  });
});
