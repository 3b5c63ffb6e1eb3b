import { z } from 'zod';
import { MESSAGES } from './messages';
import { REAL_STATES } from './states';

/**
 * What a visitor may rely on about a business, each proved a different way: its ABN is active and registered to
 * it (the Australian Business Register says so), a church knows the person running it (its moderator or priest
 * says so, for 12 months), its licence was checked against the state's register (a moderator says so). A
 * business shows "Verified" when at least one of them holds now.
 */

/** The published ABN check: weights per digit, after taking 1 from the first, and the modulus the sum divides by. */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;
const ABN_MODULUS = 89;

/** The ABN as its 11 digits, whatever spaces the owner typed between them. */
export function normaliseAbn(typed: string): string {
  return typed.replace(/\s+/g, '');
}

/** Whether 11 digits pass the ABN check (https://abr.business.gov.au/Help/AbnFormat). */
export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const digits = [...abn].map(Number);
  digits[0] = (digits[0] ?? 0) - 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (ABN_WEIGHTS[index] ?? 0), 0);
  return sum % ABN_MODULUS === 0;
}

export { formatAbn } from './abn-format';

/** `abn` in the Profile payload: its 11 digits (spaces allowed), '' or null to remove it, absent to keep it. */
export const abnSchema = z
  .union([z.string(), z.null()], { error: MESSAGES.abnInvalid })
  .transform((typed) => (typed === null ? '' : normaliseAbn(typed)))
  .refine((abn) => abn === '' || isValidAbn(abn), { error: MESSAGES.abnInvalid })
  .transform((abn) => (abn === '' ? null : abn));

/**
 * What the register last said of a business's ABN. CHECKSUM_ONLY: the site asks no register (no ABR_GUID), so
 * only the digits were checked. UNCHECKED: waiting for the register (just entered, or it could not be reached).
 * ACTIVE: active and registered to this business. MISMATCH: active, but registered to another name.
 * CANCELLED: no longer active. NOT_FOUND: the register knows no such ABN.
 */
export const ABN_STATUSES = ['CHECKSUM_ONLY', 'UNCHECKED', 'ACTIVE', 'MISMATCH', 'CANCELLED', 'NOT_FOUND'] as const;
export type AbnStatus = (typeof ABN_STATUSES)[number];

/**
 * What the owner's pages show of their ABN: what the register last said (`checkedAt`: when it said so, null
 * while nobody asked it) and the name it registers the ABN to. The ABN itself is never in a public answer here.
 */
export const abnCheckSchema = z.object({
  status: z.enum(ABN_STATUSES),
  checkedAt: z.string().nullable(),
  registeredName: z.string().nullable(),
});
export type AbnCheck = z.infer<typeof abnCheckSchema>;

/** How often the register is asked again about an ABN it called active. */
export const ABN_RECHECK_DAYS = 90;
/** How long a church's word that it knows a business lasts. */
export const VOUCH_MONTHS = 12;

/** What the owner states about a licence; a moderator later marks it checked. */
export const LICENCE_NUMBER_MAX_LENGTH = 40;
export const LICENCE_KIND_MAX_LENGTH = 80;
export const licenceSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.licenceNumberRequired })
    .max(LICENCE_NUMBER_MAX_LENGTH, { error: MESSAGES.licenceNumberTooLong }),
  state: z.enum(REAL_STATES, { error: MESSAGES.chooseLicenceState }),
  kind: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.licenceKindRequired })
    .max(LICENCE_KIND_MAX_LENGTH, { error: MESSAGES.licenceKindTooLong }),
});
export type Licence = z.infer<typeof licenceSchema>;

/**
 * The badges a visitor sees on a card and a business page, each null when it does not hold now. They name the
 * church and the role of whoever checked, never a person unless the voucher chose to be named.
 */
export const tradeBadgesSchema = z.object({
  /** The register said the ABN is active and registered to this business, on `checkedAt`. */
  abn: z.object({ abn: z.string(), checkedAt: z.string() }).nullable(),
  /** "Known to <church>": its moderator or priest said so on `vouchedAt`; it lapses on `until`. */
  church: z
    .object({
      churchName: z.string(),
      vouchedAt: z.string(),
      until: z.string(),
      voucherRole: z.enum(['PRIEST', 'MODERATOR']),
      /** Only when the voucher chose to be named. */
      voucherName: z.string().nullable(),
    })
    .nullable(),
  /** "Licence checked": a moderator found it on the state's public register on `checkedAt`. */
  licence: z
    .object({ number: z.string(), state: z.enum(REAL_STATES), kind: z.string(), checkedAt: z.string() })
    .nullable(),
}).meta({ id: 'TradeBadges' });
export type TradeBadges = z.infer<typeof tradeBadgesSchema>;

/** Whether any badge holds: what the "Verified only" filter keeps. */
export function isVerified(badges: TradeBadges): boolean {
  return badges.abn !== null || badges.church !== null || badges.licence !== null;
}
