import { z } from 'zod';
import { SEARCH_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/** Query of `GET /api/trades/clientFilter`; page and size are clamped rather than refused. */
export const tradeSearchQuerySchema = z.object({
  page: z.coerce.number().int().catch(0).transform((page) => Math.max(0, page)),
  size: z.coerce
    .number()
    .int()
    .catch(SEARCH_PAGE_SIZE)
    .transform((size) => Math.min(MAX_PAGE_SIZE, Math.max(1, size))),
});
export type TradeSearchQuery = z.infer<typeof tradeSearchQuerySchema>;

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
