import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONSTRAINT_SQLSTATES, type Database, hasSqlState } from '../../db/database';
import { addresses, categories, trades } from '../../db/schema';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  tags: categories.tags,
  parentId: categories.parentId,
  displayOrder: categories.displayOrder,
};

export type CategoryRow = { id: number; name: string; tags: string; parentId: number | null; displayOrder: number };
export type CategoryRowWithUsage = CategoryRow & { tradeCount: number };

/** What a business is found by beyond its own text (see trades/search-keywords.ts), as stored now. */
export interface TradeKeywordSources {
  tradeId: string;
  searchKeywords: string;
  mainCategory: { name: string; tags: string } | null;
  subCategory: { name: string; tags: string } | null;
  suburb: string | null;
}

/** Why a write was refused by the database's constraints. */
export type CategoryConflict = 'name-taken' | 'parent-gone';

function conflictOf(error: unknown): CategoryConflict | undefined {
  if (hasSqlState(error, CONSTRAINT_SQLSTATES.uniqueViolation)) return 'name-taken';
  if (hasSqlState(error, CONSTRAINT_SQLSTATES.foreignKeyViolation)) return 'parent-gone';
  return undefined;
}

function childrenOf(parentId: number | null): SQL {
  return parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);
}

/** The businesses filed under the category, as their main category or as their sub category. */
function tradesUsing(categoryId: number): SQL {
  return or(eq(trades.mainCategoryId, categoryId), eq(trades.categoryId, categoryId))!;
}

// Subqueries about the category of the outer query, written out in SQL because Drizzle leaves the columns of a
// one-table query unqualified, which inside a subquery would name the subquery's own columns.
const tradeCount = sql<number>`(select count(*) from trades
  where trades.main_category_id = categories.id or trades.category_id = categories.id)`.mapWith(Number);
const inUse = sql`exists (select 1 from trades
  where trades.main_category_id = categories.id or trades.category_id = categories.id)`;
const hasSubCategories = sql`exists (select 1 from categories as sub where sub.parent_id = categories.id)`;

const mainCategory = alias(categories, 'main_category');
const subCategory = alias(categories, 'sub_category');

function categoryQueries(db: Database) {
  return {
    async find(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
      return row;
    },

    /** The category's siblings (the main categories for null) in display order, held until the transaction ends. */
    async lockChildren(parentId: number | null): Promise<CategoryRow[]> {
      return db
        .select(categoryColumns)
        .from(categories)
        .where(childrenOf(parentId))
        .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id))
        .for('update');
    },

    /** The new category, placed after its siblings; or why the database refused it. */
    async insert(fields: { name: string; tags: string; parentId: number | null }): Promise<CategoryRow | CategoryConflict> {
      const last = sql`(select coalesce(max(${categories.displayOrder}), -1) + 1 from ${categories} where ${childrenOf(fields.parentId)})`;
      try {
        const [row] = await db
          .insert(categories)
          .values({ ...fields, displayOrder: last })
          .returning(categoryColumns);
        return row!;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict === undefined) throw error;
        return conflict;
      }
    },

    /** The category with its new name and tags, undefined when it is gone, or 'name-taken'. */
    async update(id: number, fields: { name: string; tags: string }): Promise<CategoryRow | undefined | CategoryConflict> {
      try {
        const [row] = await db
          .update(categories)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(categories.id, id))
          .returning(categoryColumns);
        return row;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict === undefined) throw error;
        return conflict;
      }
    },

    /** Deletes the category only while no business and no sub category uses it; whether it did. */
    async deleteUnused(id: number): Promise<boolean> {
      const rows = await db
        .delete(categories)
        .where(and(eq(categories.id, id), sql`not ${inUse}`, sql`not ${hasSubCategories}`))
        .returning({ id: categories.id });
      return rows.length > 0;
    },

    /** How many businesses use the category and how many sub categories it has. */
    async usage(id: number): Promise<{ tradeCount: number; subCount: number }> {
      const [tradeRow] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(trades)
        .where(tradesUsing(id));
      const [subRow] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(categories)
        .where(eq(categories.parentId, id));
      return { tradeCount: tradeRow?.total ?? 0, subCount: subRow?.total ?? 0 };
    },

    /** Gives the categories the display orders 0, 1, 2... in the order of `ids`. */
    async setOrder(ids: number[]): Promise<void> {
      const positions = sql.join(
        ids.map((id, position) => sql`(${id}::integer, ${position}::integer)`),
        sql`, `,
      );
      await db.execute(sql`update categories set display_order = positions.display_order, updated_at = now()
        from (values ${positions}) as positions(id, display_order)
        where categories.id = positions.id`);
    },

    /** Every category with the number of businesses filed under it (as main or as sub category). */
    async listWithUsage(): Promise<CategoryRowWithUsage[]> {
      return db
        .select({
          ...categoryColumns,
          tradeCount,
        })
        .from(categories)
        .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id));
    },

    /** A batch, in id order after `afterTradeId`, of the businesses filed under the category, with their keyword sources. */
    async keywordSourcesOfTradesUsing(categoryId: number, afterTradeId: string | null, limit: number): Promise<TradeKeywordSources[]> {
      const rows = await db
        .select({
          tradeId: trades.id,
          searchKeywords: trades.searchKeywords,
          mainCategory: { name: mainCategory.name, tags: mainCategory.tags },
          subCategory: { name: subCategory.name, tags: subCategory.tags },
          suburb: addresses.suburb,
        })
        .from(trades)
        .leftJoin(mainCategory, eq(mainCategory.id, trades.mainCategoryId))
        .leftJoin(subCategory, eq(subCategory.id, trades.categoryId))
        .leftJoin(addresses, eq(addresses.entityId, trades.id))
        .where(and(tradesUsing(categoryId), afterTradeId === null ? undefined : gt(trades.id, afterTradeId)))
        .orderBy(asc(trades.id))
        .limit(limit);
      return rows;
    },

    /** Stores each business's new search keywords in one statement. */
    async setSearchKeywords(changes: { tradeId: string; searchKeywords: string }[]): Promise<void> {
      if (changes.length === 0) return;
      const values = sql.join(
        changes.map(({ tradeId, searchKeywords }) => sql`(${tradeId}::uuid, ${searchKeywords}::text)`),
        sql`, `,
      );
      await db.execute(sql`update trades set search_keywords = changed.search_keywords
        from (values ${values}) as changed(id, search_keywords)
        where trades.id = changed.id`);
    },
  };
}

export type CategoryQueries = ReturnType<typeof categoryQueries>;

export function createCategoryRepo(db: Database) {
  return {
    ...categoryQueries(db),

    async listMain(): Promise<CategoryRow[]> {
      return db
        .select(categoryColumns)
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id));
    },

    /** Tags are written as one text, separated by commas; `tag` is compared with each, trimmed, ignoring case. */
    async listTagged(tag: string): Promise<CategoryRow[]> {
      const tagged = sql`lower(${tag}) in (select btrim(part) from regexp_split_to_table(lower(${categories.tags}), ',') as part)`;
      return db
        .select(categoryColumns)
        .from(categories)
        .where(tagged)
        .orderBy(sql`${categories.parentId} is not null`, asc(categories.displayOrder), asc(categories.name), asc(categories.id));
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
