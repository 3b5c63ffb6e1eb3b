import { z } from 'zod';
import { MODERATION_STATUSES } from './moderation';
import { MESSAGES } from './messages';
import { stateFilterParameterSchema } from './state-schemas';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const TRADE_ADMIN_PAGE_SIZE = 20;

/** `GET /api/trades/searchTrade` (SPEC §7): every business, listed or not, by name, owner, state and status. */
export const tradeAdminSearchQuerySchema = z.object({
  ...pagingSchema(TRADE_ADMIN_PAGE_SIZE),
  name: typedTextSchema(100).describe(
    "Part of the business's name or of its owner's name or e-mail, any case; text beyond 100 characters is cut, empty or absent means any",
  ),
  stateType: stateFilterParameterSchema,
  status: z
    .union([z.literal(''), z.enum(MODERATION_STATUSES)], { error: MESSAGES.chooseModerationStatus })
    .optional()
    .transform((status) => (status === '' ? undefined : status))
    .describe("Only businesses of this moderation status; '' or absence mean any"),
});
export type TradeAdminSearchQuery = z.infer<typeof tradeAdminSearchQuerySchema>;
export type TradeAdminSearchParams = z.input<typeof tradeAdminSearchQuerySchema>;

export const tradeAdminRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  stateType: z.string(),
  churchName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  status: z.enum(MODERATION_STATUSES),
  listed: z.boolean(),
  enabled: z.boolean(),
  locked: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
}).meta({ id: 'ManagedTrade' });
export type TradeAdminRow = z.infer<typeof tradeAdminRowSchema>;
export const tradeAdminPageSchema = pageSchema(tradeAdminRowSchema).meta({ id: 'ManagedTradePage' });
