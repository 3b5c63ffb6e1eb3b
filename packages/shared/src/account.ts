import { z } from 'zod';
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH, PASSWORD_MAX_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, QR_CODE_LENGTH } from './constants';
import { emailSchema, firstNameSchema, lastNameSchema, requiredString } from './fields';
import { MESSAGES } from './messages';

/** How phone numbers are written: "0400 123 456", "+61 (2) 9876-5432". */
const PHONE_CHARACTERS = /^[0-9 +()-]*$/;

/** The current password, asked again before what could hand the account to someone else. */
export const currentPasswordSchema = requiredString(1, MESSAGES.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, {
  error: MESSAGES.passwordTooLong,
});

export const bioSchema = requiredString(BIO_MIN_LENGTH, MESSAGES.bioRequired).max(BIO_MAX_LENGTH, {
  error: MESSAGES.bioTooLong,
});

export const phoneSchema = requiredString(PHONE_MIN_LENGTH, MESSAGES.phoneRequired)
  .max(PHONE_MAX_LENGTH, { error: MESSAGES.phoneTooLong, abort: true })
  .regex(PHONE_CHARACTERS, { error: MESSAGES.phoneCharacters });

export const accountProfileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  bio: bioSchema,
  phone: phoneSchema,
  /** Needed only when `email` is another address: the new one takes effect once a link mailed to it is clicked. */
  password: currentPasswordSchema.optional(),
});
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;

/**
 * The person proves again that they are who the session says (`POST /user/deletion`, `POST /user/dataExport`):
 * the password, and a code from the authenticator app when the account has two-step on.
 */
export const identityConfirmationSchema = z.object({
  password: currentPasswordSchema,
  code: z
    .string()
    .regex(new RegExp(`^\\d{${QR_CODE_LENGTH}}$`), { error: MESSAGES.totpCodeSixDigits })
    .optional(),
});
export type IdentityConfirmation = z.infer<typeof identityConfirmationSchema>;
