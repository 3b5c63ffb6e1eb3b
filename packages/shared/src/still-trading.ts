import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Still trading: some months after its approval or its owner's last word, a business's owner is asked whether it
 * still trades. No answer brings a reminder, then the business leaves the directory until its owner says yes.
 */

/** How many months pass before the question, unless an administrator chose otherwise, and the choices allowed. */
export const STILL_TRADING_DEFAULT_MONTHS = 12;
export const STILL_TRADING_MIN_MONTHS = 3;
export const STILL_TRADING_MAX_MONTHS = 36;
/** Days after the question: the reminder, then the expiry. */
export const STILL_TRADING_REMINDER_DAYS = 30;
export const STILL_TRADING_EXPIRY_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a business asked on `askedAt` leaves the directory without an answer. */
export function stillTradingExpiresOn(askedAt: Date): Date {
  return new Date(askedAt.getTime() + STILL_TRADING_EXPIRY_DAYS * DAY_MS);
}

/** `PUT /api/settings/stillTrading`: the period, in whole months. */
export const stillTradingPeriodSchema = z.object({
  months: z
    .number({ error: MESSAGES.stillTradingMonthsRange })
    .int({ error: MESSAGES.stillTradingMonthsRange })
    .min(STILL_TRADING_MIN_MONTHS, { error: MESSAGES.stillTradingMonthsRange })
    .max(STILL_TRADING_MAX_MONTHS, { error: MESSAGES.stillTradingMonthsRange }),
});
export type StillTradingPeriodInput = z.infer<typeof stillTradingPeriodSchema>;

/** The period as administrators see it: who last changed it and when (null: never, the default holds). */
export const stillTradingSettingSchema = z.object({
  months: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
}).meta({ id: 'StillTradingSetting' });
export type StillTradingSetting = z.infer<typeof stillTradingSettingSchema>;

/** The signed token of the e-mailed link; its shape is checked by the server, which alone can read it. */
const tokenSchema = z
  .string({ error: MESSAGES.stillTradingLinkInvalid })
  .min(1, { error: MESSAGES.stillTradingLinkInvalid })
  .max(200, { error: MESSAGES.stillTradingLinkInvalid });

/** `GET /api/trades/stillTrading?token=`: what the e-mailed link asks about. */
export const stillTradingLinkQuerySchema = z.object({
  token: tokenSchema.describe('The signed token from the e-mailed still-trading link, 1 to 200 characters'),
});
/** `POST /api/trades/stillTrading`: the owner's "Yes, still trading" from the e-mailed link. */
export const stillTradingLinkConfirmationSchema = z.object({ token: tokenSchema });
export type StillTradingLinkConfirmation = z.infer<typeof stillTradingLinkConfirmationSchema>;

/** The business the link asks about, as the page names it. */
export const stillTradingQuestionSchema = z.object({
  tradeName: z.string(),
  askedAt: z.string(),
  /** The business left the directory for want of an answer; "Yes" puts it back. */
  expired: z.boolean(),
});
export type StillTradingQuestion = z.infer<typeof stillTradingQuestionSchema>;

/** `PATCH /api/trades/stillTrading/own`: the owner says yes from their dashboard. */
export const ownStillTradingConfirmationSchema = z.object({ tradeId: z.uuid({ error: MESSAGES.tradeIdRequired }) });
export type OwnStillTradingConfirmation = z.infer<typeof ownStillTradingConfirmationSchema>;

/** After a yes: the business's name and whether it is in the directory now. */
export const stillTradingConfirmedSchema = z.object({
  tradeName: z.string(),
  listed: z.boolean(),
  /** It had left the directory for want of an answer, and this yes put it back. */
  listedAgain: z.boolean(),
}).meta({ id: 'StillTradingConfirmed' });
export type StillTradingConfirmed = z.infer<typeof stillTradingConfirmedSchema>;

/** The owner's dashboard: the question open now, if any. */
export const ownStillTradingSchema = z.object({
  /** When the question was sent; null when none is open. */
  askedAt: z.string().nullable(),
  /** When the business leaves the directory without an answer; null when no question is open. */
  expiresOn: z.string().nullable(),
  /** It left the directory for want of an answer. */
  expiredForNoAnswer: z.boolean(),
});
export type OwnStillTrading = z.infer<typeof ownStillTradingSchema>;
