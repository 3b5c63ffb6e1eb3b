import { z } from 'zod';
import { MESSAGES } from './messages';
import { REAL_STATES } from './states';
import { licenceSchema } from './verification';

/**
 * What the people of a business's church check about it, as the moderation screen shows and records it: that
 * they know the person running it (a vouch, VOUCH_MONTHS long), and that its stated licence is on the state's
 * public register.
 */

/** How long before a vouch lapses its voucher is asked to renew it. */
export const VOUCH_RENEWAL_NOTICE_DAYS = 30;
export const VOUCH_WITHDRAWAL_REASON_MAX_LENGTH = 500;

/** `POST /api/moderation/trades/:id/vouch`: a vouch, or its renewal; `named` lets the badge name the voucher. */
export const vouchInputSchema = z.object({ named: z.boolean({ error: MESSAGES.chooseVouchNamed }) });
export type VouchInput = z.infer<typeof vouchInputSchema>;

/** `DELETE /api/moderation/trades/:id/vouch`: the reason stays with the withdrawn vouch. */
export const vouchWithdrawalSchema = z.object({
  reason: z
    .string({ error: MESSAGES.withdrawalReasonRequired })
    .trim()
    .min(1, { error: MESSAGES.withdrawalReasonRequired })
    .max(VOUCH_WITHDRAWAL_REASON_MAX_LENGTH, { error: MESSAGES.withdrawalReasonTooLong }),
});
export type VouchWithdrawalInput = z.infer<typeof vouchWithdrawalSchema>;
export type VouchWithdrawalFormValues = z.input<typeof vouchWithdrawalSchema>;

export const VOUCHER_ROLES = ['PRIEST', 'MODERATOR'] as const;
export type VoucherRole = (typeof VOUCHER_ROLES)[number];

/** The vouch that holds now, as moderators see it: they learn who vouched even when the badge does not say. */
export const currentVouchSchema = z.object({
  churchName: z.string(),
  vouchedAt: z.string(),
  until: z.string(),
  voucherRole: z.enum(VOUCHER_ROLES),
  /** Null when the voucher's account is gone. */
  voucherName: z.string().nullable(),
  /** Whether the badge names the voucher. */
  named: z.boolean(),
  /** When the voucher was asked to renew it; null before. */
  renewalAskedAt: z.string().nullable(),
}).meta({ id: 'Vouch' });
export type CurrentVouch = z.infer<typeof currentVouchSchema>;

/** The licence its owner states; `checkedAt` null while it is "stated by the owner" only. */
export const checkedLicenceSchema = z.object({
  number: z.string(),
  state: z.enum(REAL_STATES),
  kind: z.string(),
  checkedAt: z.string().nullable(),
  checkedByName: z.string().nullable(),
});
export type CheckedLicence = z.infer<typeof checkedLicenceSchema>;

/** `data.checks` of the routes under `/api/moderation/trades/:id/`: what holds, and what the caller may do. */
export const tradeChecksSchema = z.object({
  vouch: currentVouchSchema.nullable(),
  licence: checkedLicenceSchema.nullable(),
  /** A moderator or the priest of the business's church, confirmed, and not its owner. */
  mayVouch: z.boolean(),
  /** The current vouch's voucher, or whoever moderates the church. */
  mayWithdraw: z.boolean(),
  /** Whoever moderates the church, not its owner, when a licence is stated. */
  mayCheckLicence: z.boolean(),
}).meta({ id: 'TradeChecks' });
export type TradeChecks = z.infer<typeof tradeChecksSchema>;

/**
 * The Profile form's licence fields: all three empty is no licence (null), else the licence the owner states,
 * each field's message at its place.
 */
export const licenceFormSchema = z
  .object({ number: z.string(), state: z.string(), kind: z.string() })
  .transform((typed, context) => {
    if (typed.number.trim() === '' && typed.state === '' && typed.kind.trim() === '') return null;
    const parsed = licenceSchema.safeParse(typed);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
export type LicenceFormValues = z.input<typeof licenceFormSchema>;
