import { z } from 'zod';
import {
  LINK_KEY_MAX_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QR_CODE_LENGTH,
  USER_ID_MIN_LENGTH,
} from './constants';
import { emailSchema, firstNameSchema, idString, lastNameSchema, requiredString } from './fields';
import { honeypotSchema } from './honeypot';
import { MESSAGES } from './messages';

/** A password the account has already: SPEC §5's minimum, and a maximum no new password exceeds. */
function passwordSchema(requiredMessage: string) {
  return requiredString(PASSWORD_MIN_LENGTH, requiredMessage).max(PASSWORD_MAX_LENGTH, {
    error: MESSAGES.passwordTooLong,
  });
}

/**
 * A password being chosen: under SPEC §5's minimum its 'required' message, then at least
 * NEW_PASSWORD_MIN_LENGTH. Whether it is easy to guess is the server's to say (users/password-strength.ts),
 * as that needs the person's names and the dictionaries.
 */
export function newPasswordSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, { error: requiredMessage, abort: true })
    .min(NEW_PASSWORD_MIN_LENGTH, { error: MESSAGES.newPasswordTooShort, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });
}

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema(MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const QR_CODE_FIELDS = ['qrCode1', 'qrCode2', 'qrCode3', 'qrCode4', 'qrCode5', 'qrCode6'] as const;
export type QrCodeField = (typeof QR_CODE_FIELDS)[number];

export function joinQrCode(values: Readonly<Record<QrCodeField, string>>): string {
  return QR_CODE_FIELDS.map((field) => values[field]).join('');
}

const qrCodeBox = requiredString(1, MESSAGES.qrCodeRequired).max(1, { error: MESSAGES.qrCodeOneCharacter });

/** `qrCode` is what the form sends besides the six boxes; a server should trust `joinQrCode` of the boxes. */
export const twoStepSchema = z.object({
  qrCode1: qrCodeBox,
  qrCode2: qrCodeBox,
  qrCode3: qrCodeBox,
  qrCode4: qrCodeBox,
  qrCode5: qrCodeBox,
  qrCode6: qrCodeBox,
  userId: idString(USER_ID_MIN_LENGTH, MESSAGES.userIdRequired),
  qrCode: z.string().max(QR_CODE_LENGTH, { error: MESSAGES.totpCodeSixDigits }).optional(),
});
export type TwoStepInput = z.infer<typeof twoStepSchema>;

export const registerSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema(MESSAGES.passwordRequired),
  ...honeypotSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const resetRequestSchema = z.object({
  email: emailSchema,
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

const newPasswordFields = {
  newPassword: newPasswordSchema(MESSAGES.newPasswordRequired),
  confirmNewPassword: passwordSchema(MESSAGES.confirmPasswordRequired),
};

function newPasswordsMatch(value: { newPassword: string; confirmNewPassword: string }): boolean {
  return value.newPassword === value.confirmNewPassword;
}

// On the confirm field so the form shows it under the box the user typed last.
const mismatch = { error: MESSAGES.passwordsDoNotMatch, path: ['confirmNewPassword'] };

const passwordResetFields = {
  ...newPasswordFields,
  userId: idString(USER_ID_MIN_LENGTH, MESSAGES.resetUserIdRequired),
};

export const passwordResetSchema = z.object(passwordResetFields).refine(newPasswordsMatch, mismatch);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** The reset as the server receives it: the form's fields plus the e-mailed key; no key is an invalid link. */
export const passwordResetWithKeySchema = z
  .object({
    ...passwordResetFields,
    key: requiredString(1, MESSAGES.invalidLink).max(LINK_KEY_MAX_LENGTH, { error: MESSAGES.invalidLink }),
  })
  .refine(newPasswordsMatch, mismatch);
export type PasswordResetWithKeyInput = z.infer<typeof passwordResetWithKeySchema>;

export const passwordChangeSchema = z
  .object({
    password: passwordSchema(MESSAGES.currentPasswordRequired),
    ...newPasswordFields,
  })
  .refine(newPasswordsMatch, mismatch);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
