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

/** The business's public e-mail: empty, or an address of at most the length SMTP carries. */
export const publicEmailSchema = z
  .string()
  .trim()
  .max(PUBLIC_EMAIL_MAX_LENGTH, { error: MESSAGES.publicEmailTooLong, abort: true })
  .refine((email) => email === '' || z.regexes.email.test(email), { error: MESSAGES.invalidEmail });

/** SPEC §5 sets no rule on churchId, categoryId, service or tags; absent means "keep the trade's own". */
export const tradeProfileSchema = z.object({
  tradeId: idString(TRADE_ID_MIN_LENGTH, MESSAGES.tradeIdRequired),
  churchId: z.string().max(ID_MAX_LENGTH, { error: MESSAGES.idTooLong }).optional(),
  // Select boxes hand over their value as a string.
  categoryId: z.coerce.number<number | string>().int().optional(),
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
});
export type TradeProfileInput = z.infer<typeof tradeProfileSchema>;
/** What a form holds before parsing: categoryId may still be a string. */
export type TradeProfileFormValues = z.input<typeof tradeProfileSchema>;
