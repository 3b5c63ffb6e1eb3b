import { z } from 'zod';
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from './constants';
import { stateFilterSchema } from './states';

export const SEARCH_TEXT_MAX_LENGTH = 200;
export const NO_CATEGORY = -1;

/** Paging of every listing: a negative page becomes 0, a size outside 1..50 is brought inside it. */
export function pagingSchema(defaultSize: number) {
  return {
    page: z.coerce
      .number()
      .int()
      .catch(0)
      .transform((page) => Math.max(0, page)),
    size: z.coerce
      .number()
      .int()
      .catch(defaultSize)
      .transform((size) => Math.min(MAX_PAGE_SIZE, Math.max(1, size))),
  };
}

/** An optional id parameter where '', '-1' or absence all mean "none chosen". */
const optionalCategoryId = z
  .union([z.literal(''), z.coerce.number().int({ error: 'Category must be a whole number' })])
  .optional()
  .transform((id) => (id === '' || id === undefined || id === NO_CATEGORY ? undefined : id));

const optionalChurchId = z
  .union([z.literal(''), z.literal(String(NO_CATEGORY)), z.uuid({ error: 'Church must be a church id' })])
  .optional()
  .transform((id) => (id === '' || id === String(NO_CATEGORY) ? undefined : id));

/**
 * Query of `GET /api/trades/clientFilter`. Text longer than 200 characters is cut there (nobody types more),
 * an unknown state or a malformed id is refused with a 400.
 */
export const tradeSearchQuerySchema = z.object({
  ...pagingSchema(SEARCH_PAGE_SIZE),
  searchText: z
    .string()
    .optional()
    .transform((text) => (text ?? '').slice(0, SEARCH_TEXT_MAX_LENGTH).trim()),
  stateType: z
    .union([z.literal(''), stateFilterSchema])
    .optional()
    .transform((state) => (state === '' || state === undefined ? 'ALL' : state)),
  churchId: optionalChurchId,
  mCat: optionalCategoryId,
  sCat: optionalCategoryId,
});
export type TradeSearchQuery = z.infer<typeof tradeSearchQuerySchema>;
export type TradeSearchParams = z.input<typeof tradeSearchQuerySchema>;

/** What a result card shows (SPEC §2 "Result card"), and nothing private. */
export const tradeCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  brief: z.string(),
  logoUri: z.string().nullable(),
  website: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerPhone: z.string().nullable(),
  fullAddress: z.string().nullable(),
  stateType: z.string(),
  churchName: z.string(),
  mainCategory: z.string().nullable(),
  subCategory: z.string().nullable(),
  online: z.boolean(),
});
export type TradeCard = z.infer<typeof tradeCardSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}

export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export const tradePageSchema = pageSchema(tradeCardSchema);
export type TradePage = z.infer<typeof tradePageSchema>;
