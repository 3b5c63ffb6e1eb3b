import type { categories } from '../schema';
import { DEMO_CATEGORIES, type DemoMainCategory, type DemoSubCategory } from './demo-categories';

export type CategoryRow = typeof categories.$inferInsert;

export interface SeededCategory<T> {
  id: number;
  name: string;
  tags: string;
  definition: T;
}

export interface CategoryTree {
  main: SeededCategory<DemoMainCategory>;
  subs: readonly SeededCategory<DemoSubCategory>[];
}

/**
 * Ids are given, not left to the sequence: a sequence is not rolled back with a failed
 * transaction, so a retried seed would otherwise number its categories differently.
 */
export function buildCategories(createdAt: Date): { rows: CategoryRow[]; trees: CategoryTree[] } {
  let nextSubId = DEMO_CATEGORIES.length + 1;
  const trees = DEMO_CATEGORIES.map((definition, index): CategoryTree => {
    const main = { id: index + 1, name: definition.name, tags: definition.tags, definition };
    const subs = definition.subs.map((sub) => ({ id: nextSubId++, name: sub.name, tags: sub.tags, definition: sub }));
    return { main, subs };
  });
  const timestamps = { createdAt, updatedAt: createdAt };
  const mains = trees.map(({ main }, index) => ({
    id: main.id,
    name: main.name,
    tags: main.tags,
    parentId: null,
    displayOrder: index + 1,
    ...timestamps,
  }));
  const subs = trees.flatMap(({ main, subs: children }) =>
    children.map((sub, index) => ({
      id: sub.id,
      name: sub.name,
      tags: sub.tags,
      parentId: main.id,
      displayOrder: index + 1,
      ...timestamps,
    })),
  );
  return { rows: [...mains, ...subs], trees };
}
