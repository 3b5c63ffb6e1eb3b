import type { Category, CategoryWithSubs } from '@churchtrades/shared/category';
import {
  type CategoryCreateInput,
  type CategoryDeleteInput,
  categoryHasSubCategoriesMessage,
  categoryInUseMessage,
  type CategoryReorderInput,
  type CategoryUpdateInput,
  type ManagedCategory,
} from '@churchtrades/shared/category-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { NO_CATEGORY } from '@churchtrades/shared/trade-search';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { tradeSearchKeywords } from '../trades/search-keywords';
import type { CategoryConflict, CategoryQueries, CategoryRepo, CategoryRow, CategoryRowWithUsage } from './repo';

export interface CategoryServiceDependencies {
  repo: CategoryRepo;
  audit: AuditTrail;
  transactions: Pick<Transactions, 'run'>;
}

/** Businesses whose search keywords are computed and written together, after a category's name or tags change. */
const KEYWORD_BATCH_SIZE = 500;

const MAIN_CATEGORIES_NAME = 'Main categories';

// As the category schemas' name: checked again once the spaces around it are gone.
const CATEGORY_NAME_MIN_LENGTH = 2;

/** The category form's name trimmed; one left too short is refused as the form would. */
function enteredName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < CATEGORY_NAME_MIN_LENGTH) throw new AppError('BAD_REQUEST', MESSAGES.categoryNameRequired);
  return trimmed;
}

/**
 * In the API a main category's parentId is -1 (DESIGN "API"); the database says null. `mains` (SPEC §3) tells
 * whether it is a main category.
 */
function toCategory<T extends CategoryRow>(row: T): Omit<T, 'parentId'> & { mains: boolean; parentId: number } {
  return { ...row, mains: row.parentId === null, parentId: row.parentId ?? NO_CATEGORY };
}

function storedParentId(parentId: number): number | null {
  return parentId === NO_CATEGORY ? null : parentId;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', MESSAGES.categoryNotFound);
}

function conflictError(conflict: CategoryConflict): AppError {
  return conflict === 'name-taken'
    ? new AppError('CONFLICT', MESSAGES.categoryNameTaken)
    : new AppError('BAD_REQUEST', MESSAGES.categoryParentInvalid);
}

function isConflict(result: unknown): result is CategoryConflict {
  return result === 'name-taken' || result === 'parent-gone';
}

/** Whether `ids` names each of the siblings exactly once. */
function namesEverySiblingOnce(siblings: CategoryRow[], ids: number[]): boolean {
  const siblingIds = new Set(siblings.map((sibling) => sibling.id));
  return ids.length === siblingIds.size && new Set(ids).size === ids.length && ids.every((id) => siblingIds.has(id));
}

function managedTree(rows: CategoryRowWithUsage[]): ManagedCategory[] {
  const subsOf = new Map<number, CategoryRowWithUsage[]>();
  for (const row of rows) {
    if (row.parentId !== null) subsOf.set(row.parentId, [...(subsOf.get(row.parentId) ?? []), row]);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((main) => ({ ...toCategory(main), subCategories: (subsOf.get(main.id) ?? []).map(toCategory) }));
}

/**
 * A category's name and tags are among the words its businesses are found by (trades.search_keywords): after
 * they change, each business filed under it is indexed again, a batch at a time.
 */
async function refreshSearchKeywords(queries: CategoryQueries, categoryId: number): Promise<void> {
  let afterTradeId: string | null = null;
  for (;;) {
    const batch = await queries.keywordSourcesOfTradesUsing(categoryId, afterTradeId, KEYWORD_BATCH_SIZE);
    const changes = batch
      .map((trade) => ({ ...trade, fresh: tradeSearchKeywords(trade) }))
      .filter((trade) => trade.fresh !== trade.searchKeywords)
      .map((trade) => ({ tradeId: trade.tradeId, searchKeywords: trade.fresh }));
    await queries.setSearchKeywords(changes);
    if (batch.length < KEYWORD_BATCH_SIZE) return;
    afterTradeId = batch[batch.length - 1]!.tradeId;
  }
}

/**
 * Anyone reads the directory's categories; administrators alone see their usage and change them. Each change is
 * written with its audit entry, in one transaction: never one without the other.
 */
export function createCategoryService({ repo, audit, transactions }: CategoryServiceDependencies) {
  /** The main category a new sub category goes under: it must exist and be a main category itself. */
  async function assertMainCategory(id: number): Promise<void> {
    const parent = await repo.find(id);
    if (!parent || parent.parentId !== null) throw new AppError('BAD_REQUEST', MESSAGES.categoryParentInvalid);
  }

  /** Why a category could not be deleted: businesses or sub categories use it, or it is gone. */
  async function whyNotDeleted(id: number): Promise<AppError> {
    const { tradeCount, subCount } = await repo.usage(id);
    if (tradeCount > 0) return new AppError('CONFLICT', categoryInUseMessage(tradeCount));
    if (subCount > 0) return new AppError('CONFLICT', categoryHasSubCategoriesMessage(subCount));
    return notFound();
  }

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

    /** One category; a main one with its sub categories in display order. */
    async findWithSubs(id: number): Promise<CategoryWithSubs> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      const subs = row.parentId === null ? await repo.listSubs(row.id) : [];
      return { ...toCategory(row), subCategories: subs.map(toCategory) };
    },

    /** The categories one of whose tags is `tag`, whatever its case: main categories first, each in display order. */
    async listTagged(tag: string): Promise<Category[]> {
      return (await repo.listTagged(tag)).map(toCategory);
    },

    /** Every main category in display order, each with its sub categories, and how many businesses use each. */
    async listManaged(actor: SignedInUser): Promise<ManagedCategory[]> {
      requirePermission(actor, mayAdministerDirectory);
      return managedTree(await repo.listWithUsage());
    },

    /** A main category (parentId -1) or a sub category of a main one, placed after its siblings. */
    async create(actor: SignedInUser, input: CategoryCreateInput): Promise<Category> {
      requirePermission(actor, mayAdministerDirectory);
      const parentId = storedParentId(input.parentId);
      if (parentId !== null) await assertMainCategory(parentId);
      const name = enteredName(input.name);
      return transactions.run(async () => {
        const created = await repo.insert({ name, tags: input.tags, parentId });
        if (isConflict(created)) throw conflictError(created);
        const category = toCategory(created);
        await audit.record(actor, {
          action: 'category.create',
          subjectType: 'CATEGORY',
          subjectId: String(category.id),
          subjectName: category.name,
          before: null,
          after: { name: category.name, tags: category.tags, parentId: category.parentId, displayOrder: category.displayOrder },
        });
        return category;
      });
    },

    /** A new name and tags; the businesses filed under the category are found by them from now on. */
    async update(actor: SignedInUser, input: CategoryUpdateInput): Promise<Category> {
      requirePermission(actor, mayAdministerDirectory);
      const name = enteredName(input.name);
      return transactions.run(async () => {
        const current = await repo.find(input.id);
        if (!current) throw notFound();
        const updated = await repo.update(current.id, { name, tags: input.tags });
        if (updated === undefined) throw notFound();
        if (isConflict(updated)) throw conflictError(updated);
        if (updated.name !== current.name || updated.tags !== current.tags) {
          await refreshSearchKeywords(repo, updated.id);
        }
        await audit.record(actor, {
          action: 'category.update',
          subjectType: 'CATEGORY',
          subjectId: String(updated.id),
          subjectName: updated.name,
          before: { name: current.name, tags: current.tags },
          after: { name: updated.name, tags: updated.tags },
        });
        return toCategory(updated);
      });
    },

    /** Deleted only while no business is filed under it and, for a main category, it has no sub category. */
    async delete(actor: SignedInUser, input: CategoryDeleteInput): Promise<Category> {
      requirePermission(actor, mayAdministerDirectory);
      const category = await repo.find(input.id);
      if (!category) throw notFound();
      await transactions.run(async () => {
        if (!(await repo.deleteUnused(category.id))) throw await whyNotDeleted(category.id);
        await audit.record(actor, {
          action: 'category.delete',
          subjectType: 'CATEGORY',
          subjectId: String(category.id),
          subjectName: category.name,
          before: { name: category.name, tags: category.tags, parentId: category.parentId ?? NO_CATEGORY },
          after: null,
        });
      });
      return toCategory(category);
    },

    /** Puts the siblings under `parentId` in the order given, which must name each of them exactly once. */
    async reorder(actor: SignedInUser, input: CategoryReorderInput): Promise<Category[]> {
      requirePermission(actor, mayAdministerDirectory);
      const parentId = storedParentId(input.parentId);
      return transactions.run(async () => {
        const siblings = await repo.lockChildren(parentId);
        if (!namesEverySiblingOnce(siblings, input.ids)) throw new AppError('BAD_REQUEST', MESSAGES.categoryOrderIncomplete);
        await repo.setOrder(input.ids);
        const parent = parentId === null ? undefined : await repo.find(parentId);
        await audit.record(actor, {
          action: 'category.reorder',
          subjectType: 'CATEGORY',
          subjectId: String(input.parentId),
          subjectName: parent?.name ?? MAIN_CATEGORIES_NAME,
          before: { order: siblings.map((sibling) => sibling.id) },
          after: { order: input.ids },
        });
        const byId = new Map(siblings.map((sibling) => [sibling.id, sibling]));
        return input.ids.map((id, displayOrder) => toCategory({ ...byId.get(id)!, displayOrder }));
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
