import { z } from 'zod';
import { categorySchema } from './category';
import { requiredString } from './fields';
import { MESSAGES } from './messages';

export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_TAGS_MAX_LENGTH = 1_000;
const MAX_CATEGORY_ID = 2_147_483_647;

const categoryId = z.coerce
  .number<number | string>({ error: MESSAGES.categoryIdRequired })
  .int({ error: MESSAGES.categoryIdRequired })
  .min(1, { error: MESSAGES.categoryIdRequired })
  .max(MAX_CATEGORY_ID, { error: MESSAGES.categoryIdRequired });

/** -1 makes a main category; a main category's id makes one of its sub categories. */
const parentId = z.coerce
  .number<number | string>({ error: MESSAGES.categoryParentInvalid })
  .int({ error: MESSAGES.categoryParentInvalid })
  .min(-1, { error: MESSAGES.categoryParentInvalid })
  .max(MAX_CATEGORY_ID, { error: MESSAGES.categoryParentInvalid })
  .refine((id) => id !== 0, { error: MESSAGES.categoryParentInvalid });

const categoryFields = {
  name: requiredString(2, MESSAGES.categoryNameRequired).max(CATEGORY_NAME_MAX_LENGTH, {
    error: MESSAGES.categoryNameTooLong,
  }),
  tags: z
    .string()
    .max(CATEGORY_TAGS_MAX_LENGTH, { error: MESSAGES.categoryTagsTooLong })
    .optional()
    .transform((tags) => tags?.trim() ?? ''),
};

/** `POST /api/category/create`: placed last among its siblings. */
export const categoryCreateSchema = z.object({ ...categoryFields, parentId });
export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
export type CategoryFormValues = z.input<typeof categoryCreateSchema>;

/** `PATCH /api/category/update`: its name and tags; a category keeps its place and parent. */
export const categoryUpdateSchema = z.object({ ...categoryFields, id: categoryId });
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

/** `PATCH /api/category/delete`: refused while a business or a sub category uses it. */
export const categoryDeleteSchema = z.object({ id: categoryId });
export type CategoryDeleteInput = z.infer<typeof categoryDeleteSchema>;

/** `PATCH /api/category/reorder`: the siblings under `parentId` (-1: the main categories), in their new order. */
export const categoryReorderSchema = z.object({
  parentId,
  ids: z.array(categoryId).min(1, { error: MESSAGES.categoryIdRequired }).max(500),
});
export type CategoryReorderInput = z.infer<typeof categoryReorderSchema>;

/** `data.categories[]` of `GET /api/category/manage`: each main category with its sub categories and usage. */
export const managedCategorySchema = categorySchema.extend({
  tradeCount: z.number().int(),
  subCategories: z.array(categorySchema.extend({ tradeCount: z.number().int() })),
}).meta({ id: 'ManagedCategory' });
export type ManagedCategory = z.infer<typeof managedCategorySchema>;

export function categoryInUseMessage(tradeCount: number): string {
  return tradeCount === 1
    ? 'This category is used by 1 business. Move it to another category first.'
    : `This category is used by ${tradeCount} businesses. Move them to another category first.`;
}

export function categoryHasSubCategoriesMessage(subCount: number): string {
  return subCount === 1
    ? 'This main category has 1 sub category. Delete it first.'
    : `This main category has ${subCount} sub categories. Delete them first.`;
}
