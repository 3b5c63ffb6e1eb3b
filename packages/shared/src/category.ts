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

/** Query of `GET /api/category/sub_categories`; -1 (no main category chosen) answers an empty list. */
export const subCategoriesQuerySchema = z.object({
  parent_id: z.coerce.number({ error: 'parent_id must be a whole number' }).int('parent_id must be a whole number'),
});
