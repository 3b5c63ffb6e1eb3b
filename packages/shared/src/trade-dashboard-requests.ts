import { z } from 'zod';
import { MESSAGES } from './messages';

/** `PATCH /api/trades/toggle…?key=`: the business whose switch flips. */
export const tradeKeyQuerySchema = z.object({
  key: z.uuid({ error: MESSAGES.tradeIdRequired }).describe("The business's id (a UUID), not an e-mailed key"),
});
export type TradeKeyQuery = z.infer<typeof tradeKeyQuerySchema>;

/** `GET /api/trades/byUser/{userId}`. */
export const tradeOwnerParamsSchema = z.object({
  userId: z.uuid({ error: MESSAGES.userIdRequired }).describe('The id (a UUID) of the user whose business is asked for'),
});

/**
 * The multipart form of `PATCH /api/trades/logo` and `PATCH /api/trades/image`: these text fields, and the
 * image in the field `file`.
 */
export const logoFieldsSchema = z.object({ tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }) });
export type LogoFields = z.infer<typeof logoFieldsSchema>;

/** `GET /api/address/searchByEntityId/{tradeId}` and `GET /api/socialMedia/searchByEntityId/{tradeId}`. */
export const tradeIdParamsSchema = z.object({
  tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }).describe("The business's id (a UUID)"),
});

/** `GET /api/address/searchById/{id}` and `PATCH /api/address/delete/{id}`. */
export const addressIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.addressIdRequired }).describe("The address's id (a UUID)") });

/** `GET /api/socialMedia/searchByReferenceId/{id}`: an entry's id or its reference id. */
export const socialMediaIdParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.socialMediaIdRequired }).describe("The social media entry's id or its reference id (a UUID)"),
});

/** `PATCH /api/socialMedia/delete`. */
export const socialMediaDeleteSchema = z.object({ id: z.uuid({ error: MESSAGES.socialMediaIdRequired }) });
export type SocialMediaDeleteInput = z.infer<typeof socialMediaDeleteSchema>;

/** `PATCH /api/trades/detachPriest?tradeId=`: the business whose priest takes their name off it. */
export const priestTradeQuerySchema = z.object({
  tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }).describe("The business's id (a UUID)"),
});
export type PriestTradeQuery = z.infer<typeof priestTradeQuerySchema>;
