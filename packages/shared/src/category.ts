import { z } from 'zod';
import { MESSAGES } from './messages';

/** A main category has parentId -1; a sub category the id of its main category. */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tags: z.string(),
  mains: z.boolean().meta({
    description: 'Whether this is a main category (SPEC "mains"): true for a main one, false for a sub category',
  }),
  parentId: z.number().int(),
  displayOrder: z.number().int(),
}).meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** `data.category` of one category: a main one with its sub categories in display order, a sub one with none. */
export const categoryWithSubsSchema = categorySchema.extend({ subCategories: z.array(categorySchema) }).meta({ id: 'CategoryWithSubs' });
export type CategoryWithSubs = z.infer<typeof categoryWithSubsSchema>;

export const PARENT_ID_MESSAGE = 'parent_id must be a whole number';

/** Query of `GET /api/category/sub_categories`; -1 (no main category chosen) answers an empty list. */
export const subCategoriesQuerySchema = z.object({
  parent_id: z
    .string({ error: PARENT_ID_MESSAGE })
    .trim()
    // At most 10 digits: category ids are PostgreSQL integers, so a longer number is refused, not a database error.
    .regex(/^-?\d{1,10}$/, PARENT_ID_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(-2_147_483_648, PARENT_ID_MESSAGE).max(2_147_483_647, PARENT_ID_MESSAGE))
    .describe("The main category's id, a whole number of at most 10 digits; -1 (no main category chosen) answers an empty list"),
});

// Beyond 100 characters in the URL, Fastify finds no route (404); a tag stays well below that.
export const CATEGORY_TAG_MAX_LENGTH = 50;

/** Path of `GET /api/category/category/:id` and `GET /api/category/category_id/:id`. */
export const categoryIdParamsSchema = z.object({
  id: z
    .string({ error: MESSAGES.categoryIdRequired })
    // At most 10 digits, checked before it is a number: category ids are PostgreSQL integers.
    .regex(/^\d{1,10}$/, MESSAGES.categoryIdRequired)
    .transform(Number)
    .pipe(z.number().min(1, MESSAGES.categoryIdRequired).max(2_147_483_647, MESSAGES.categoryIdRequired))
    .describe("The category's id, a whole number from 1 of at most 10 digits"),
});

/** Path of `GET /api/category/taggedCategories/:tag`: one whole tag, matched without regard to case. */
export const categoryTagParamsSchema = z.object({
  tag: z
    .string({ error: MESSAGES.categoryTagRequired })
    .trim()
    .min(1, MESSAGES.categoryTagRequired)
    .max(CATEGORY_TAG_MAX_LENGTH, MESSAGES.categoryTagTooLong)
    .describe(`One whole tag, any case, 1 to ${CATEGORY_TAG_MAX_LENGTH} characters`),
});
