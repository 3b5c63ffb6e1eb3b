import { z } from 'zod';
import {
  PUBLIC_EMAIL_MAX_LENGTH,
  TRADE_BRIEF_MAX_LENGTH,
  ID_MAX_LENGTH,
  TRADE_BRIEF_MIN_LENGTH,
  TRADE_ID_MIN_LENGTH,
  TRADE_NAME_MAX_LENGTH,
  TRADE_NAME_MIN_LENGTH,
  TRADE_SERVICE_MAX_LENGTH,
  TRADE_TAGS_MAX_LENGTH,
} from './constants';
import { idString, requiredString } from './fields';
import { MESSAGES } from './messages';
import { abnSchema, licenceSchema } from './verification';

/** The business's public e-mail: empty, or an address of at most the length SMTP carries. */
export const publicEmailSchema = z
  .string()
  .trim()
  .max(PUBLIC_EMAIL_MAX_LENGTH, { error: MESSAGES.publicEmailTooLong, abort: true })
  .refine((email) => email === '' || z.regexes.email.test(email), { error: MESSAGES.invalidEmail });

/** SPEC §1: a business is a sole trader, a company or a joint venture; an older one may not have said. */
export const BUSINESS_KINDS = ['SOLE_TRADER', 'COMPANY', 'JOINT_VENTURE'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/** How the product names each kind of business, on forms and on the business's page. */
export const BUSINESS_KIND_NAMES: Readonly<Record<BusinessKind, string>> = {
  SOLE_TRADER: 'Sole trader',
  COMPANY: 'Company',
  JOINT_VENTURE: 'Joint venture',
};

/** A category chosen in a select box arrives as a string; '' (nothing chosen) reads as 0, which names none. */
function categoryIdSchema(message: string) {
  return z.coerce.number<number | string>({ error: message }).int({ error: message }).optional();
}

/** The main category a form insists on: the server takes it from a sub category, a form asks for it first. */
export const mainCategoryChoiceSchema = z.coerce
  .number<number | string>({ error: MESSAGES.chooseMainCategory })
  .int({ error: MESSAGES.chooseMainCategory })
  .min(1, { error: MESSAGES.chooseMainCategory });

/**
 * The fields a business is listed with and later changed by, one rule for both calls. Absent means "keep the
 * business's own" on a change. `categoryId` is a sub category (its main one follows) or a main category alone;
 * `mainCategoryId`, when sent as well, must be that category's main one.
 */
export const tradeFieldsSchema = z.object({
  mainCategoryId: categoryIdSchema(MESSAGES.chooseMainCategory),
  categoryId: categoryIdSchema(MESSAGES.chooseCategory),
  name: requiredString(TRADE_NAME_MIN_LENGTH, MESSAGES.nameRequired).max(TRADE_NAME_MAX_LENGTH, {
    error: MESSAGES.nameTooLong,
  }),
  service: z.string().max(TRADE_SERVICE_MAX_LENGTH, { error: MESSAGES.serviceTooLong }).optional(),
  brief: requiredString(TRADE_BRIEF_MIN_LENGTH, MESSAGES.briefRequired).max(TRADE_BRIEF_MAX_LENGTH, {
    error: MESSAGES.briefTooLong,
  }),
  tags: z.string().max(TRADE_TAGS_MAX_LENGTH, { error: MESSAGES.tagsTooLong }).optional(),
  /** The address visitors write to, shown on the card and page; '' takes it away, absent keeps it. */
  publicEmail: publicEmailSchema.optional(),
  /** SPEC §1 "optionally a priest": one of the church's priests; '' or null is "No priest". */
  priestId: z
    .union([z.literal(''), z.uuid({ error: MESSAGES.choosePriest })], { error: MESSAGES.choosePriest })
    .nullable()
    .optional()
    .transform((id) => (id === '' ? null : id)),
  /** '' or null is "not stated". */
  businessKind: z
    .union([z.literal(''), z.enum(BUSINESS_KINDS)], { error: MESSAGES.chooseBusinessKind })
    .nullable()
    .optional()
    .transform((kind) => (kind === '' ? null : kind)),
  /** The business's ABN (shared/verification.ts): '' or null removes it, absent keeps it. */
  abn: abnSchema.optional(),
  /** A licence of a licensed trade; null removes it, absent keeps it. */
  licence: licenceSchema.nullable().optional(),
});
export type TradeFieldsInput = z.infer<typeof tradeFieldsSchema>;

/** `PATCH /api/trades/updateTradeProfile` (SPEC §3 "Profile update of a trade"); SPEC §5 sets no rule on churchId. */
export const tradeProfileSchema = tradeFieldsSchema.extend({
  tradeId: idString(TRADE_ID_MIN_LENGTH, MESSAGES.tradeIdRequired),
  churchId: z.string().max(ID_MAX_LENGTH, { error: MESSAGES.idTooLong }).optional(),
}).meta({ id: 'TradeProfile' });
export type TradeProfileInput = z.infer<typeof tradeProfileSchema>;
/** What a form holds before parsing: categoryId may still be a string. */
export type TradeProfileFormValues = z.input<typeof tradeProfileSchema>;

/** `data.priests[]` of `GET /api/churches/priests`: who an owner may name as their business's priest, by name only. */
export const churchPriestSchema = z.object({ userId: z.string(), name: z.string() });
export type ChurchPriest = z.infer<typeof churchPriestSchema>;
