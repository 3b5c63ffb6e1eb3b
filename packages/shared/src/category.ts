import { z } from 'zod';

/** A main category has parentId -1; a sub category the id of its main category. */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tags: z.string(),
  parentId: z.number().int(),
  displayOrder: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const PARENT_ID_MESSAGE = 'parent_id must be a whole number';

/** Query of `GET /api/category/sub_categories`; -1 (no main category chosen) answers an empty list. */
export const subCategoriesQuerySchema = z.object({
  parent_id: z
    .string({ error: PARENT_ID_MESSAGE })
    .trim()
    // At most 10 digits: category ids are PostgreSQL integers, so a longer number is refused, not a database error.
    .regex(/^-?\d{1,10}$/, PARENT_ID_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(-2_147_483_648, PARENT_ID_MESSAGE).max(2_147_483_647, PARENT_ID_MESSAGE)),
});
