import type { Category } from '@churchtrades/shared/category';
import { NO_CATEGORY } from '@churchtrades/shared/trade-search';
import type { CategoryRepo, CategoryRow } from './repo';

/** In the API a main category's parentId is -1 (DESIGN "API"); the database says null. */
function toCategory(row: CategoryRow): Category {
  return { ...row, parentId: row.parentId ?? NO_CATEGORY };
}

export function createCategoryService(repo: CategoryRepo) {
  return {
    /** Main categories in display order, then by name. */
    async listMain(): Promise<Category[]> {
      return (await repo.listMain()).map(toCategory);
    },

    /** The sub categories of one main category in display order; none when no main category is chosen (-1). */
    async listSubs(parentId: number): Promise<Category[]> {
      if (parentId === NO_CATEGORY) return [];
      return (await repo.listSubs(parentId)).map(toCategory);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
