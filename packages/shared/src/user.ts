import { z } from 'zod';
import { currentPasswordSchema } from './account';
import { QR_CODE_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { roleSchema } from './roles';
import type { UserSwitch } from './user-admin';

/**
 * `data.user` of the account calls (login, two-step, profile, lookup by id, update, photo): nothing private.
 * `photo` is the photo's URL (SPEC §3 User), the same as `imageUrl`, which older clients read.
 */
export const userViewSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  imageUrl: z.string().nullable(),
  photo: z.string().nullable(),
  role: roleSchema,
  mfa: z.boolean(),
}).meta({ id: 'User' });
export type UserView = z.infer<typeof userViewSchema>;

/**
 * `data.user` of a login that waits for the two-step code (SPEC §7 "Login ... data.user with userId and mfa"):
 * only what that step needs, nothing of the account before the code is given.
 */
export const twoStepPendingUserSchema = z.object({ userId: z.string(), mfa: z.literal(true) });
export type TwoStepPendingUser = z.infer<typeof twoStepPendingUserSchema>;

/** `data.user` of `POST /user/login`: the user view, or only what the two-step code needs. */
export const loginUserSchema = z.union([userViewSchema, twoStepPendingUserSchema]);
export type LoginUser = z.infer<typeof loginUserSchema>;

/** True when the login waits for the two-step code. */
export function waitsForTwoStep(user: LoginUser): user is TwoStepPendingUser {
  return !('role' in user);
}

/** `data.user` of `GET /user/verify/password`: whose password the key may reset. */
export const resetKeyUserSchema = z.object({ userId: z.string() });

/** What `PATCH /user/mfa/setup` returns: a new secret, pending until `PATCH /user/mfa/confirm`. */
export const mfaSetupSchema = z.object({
  /** `otpauth://totp/...` for authenticator apps. */
  otpauthUri: z.string(),
  /** The same URI as a QR code, a `data:image/png;base64,...` URL. */
  qrCode: z.string(),
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

const totpCode = z
  .string({ error: MESSAGES.qrCodeRequired })
  .regex(new RegExp(`^\\d{${QR_CODE_LENGTH}}$`), { error: MESSAGES.totpCodeSixDigits });

/** `PATCH /user/mfa/confirm`: a code from the pending secret and the current password turn two-step on. */
export const mfaConfirmSchema = z.object({ code: totpCode, password: currentPasswordSchema });
export type MfaConfirmInput = z.infer<typeof mfaConfirmSchema>;

/** `PATCH /user/mfa/cancel`: the current password turns two-step off. */
export const mfaCancelSchema = z.object({ password: currentPasswordSchema });
export type MfaCancelInput = z.infer<typeof mfaCancelSchema>;

/**
 * `GET /api/user/owner?userId=`. The id is read as text and checked by the service once the caller is known to
 * be allowed to ask (DESIGN: 401/403 before 400).
 */
export const ownerQuerySchema = z.object({
  userId: z
    .string({ error: MESSAGES.userIdRequired })
    .max(100, { error: MESSAGES.idTooLong })
    .describe("The id of the user whose 'Business Owner' card is asked for: a UUID (checked once the caller may ask), at most 100 characters"),
});

/**
 * `data.owner` of `GET /api/user/owner`: what the 'Business Owner' card shows, named as the search card names
 * it. `ownerEmail` is the business's public e-mail (DESIGN: never the login e-mail), null without one.
 */
export const ownerContactSchema = z.object({
  userId: z.string(),
  tradeId: z.string().nullable(),
  ownerName: z.string(),
  ownerEmail: z.string().nullable(),
  ownerPhone: z.string().nullable(),
}).meta({ id: 'OwnerContact' });
export type OwnerContact = z.infer<typeof ownerContactSchema>;

/**
 * The account switches a user may turn to their closed side on their own account (SPEC §7 "no body"), by the
 * path that does it; opening them again is an administrator's (`USER_SWITCHES`) or, for the password, a reset.
 */
export const OWN_ACCOUNT_CLOSURES = {
  toggleaccountexpired: 'accountNonExpired',
  toggleaccountlocked: 'accountNonLocked',
  toggleaccountenabled: 'enabled',
  togglecredentialsexpired: 'credentialsNonExpired',
} as const satisfies Record<string, UserSwitch>;
export type OwnAccountClosurePath = keyof typeof OWN_ACCOUNT_CLOSURES;
