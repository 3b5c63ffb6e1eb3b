import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { categories } from '../../db/schema';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  tags: categories.tags,
  parentId: categories.parentId,
  displayOrder: categories.displayOrder,
};

export type CategoryRow = { id: number; name: string; tags: string; parentId: number | null; displayOrder: number };

export function createCategoryRepo(db: Database) {
  return {
    async listMain(): Promise<CategoryRow[]> {
      return db
        .select(categoryColumns)
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id));
    },

    async listSubs(parentId: number): Promise<CategoryRow[]> {
      return db
        .select(categoryColumns)
        .from(categories)
        .where(eq(categories.parentId, parentId))
        .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id));
    },
  };
}

export type CategoryRepo = ReturnType<typeof createCategoryRepo>;
