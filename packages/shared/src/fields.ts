import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  ID_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_MIN_LENGTH,
} from './constants';
import { MESSAGES } from './messages';

/** A string of at least `minLength` characters; a missing or non-string value gets the same message. */
export function requiredString(minLength: number, message: string) {
  return z.string({ error: message }).min(minLength, { error: message });
}

/**
 * The e-mail field of every form. `abort` stops a too-short value at 'Email is required'; the format is a
 * chained regex check rather than `z.email()` so that it runs after the length check on the same string.
 */
export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .min(EMAIL_MIN_LENGTH, { error: MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true })
  .regex(z.regexes.email, { error: MESSAGES.invalidEmail });

/** An e-mail an administrator types to find an account: any text of an e-mail's length, matched as typed. */
export const emailLookupSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(EMAIL_MIN_LENGTH, { error: MESSAGES.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong });

/** An id a form or a link carries as text: `message` when it is shorter than `minLength`. */
export function idString(minLength: number, message: string) {
  return requiredString(minLength, message).max(ID_MAX_LENGTH, { error: MESSAGES.idTooLong });
}

/** A person's first and last names, as registration and the account profile take them. */
export const firstNameSchema = requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.firstNameRequired).max(
  PERSON_NAME_MAX_LENGTH,
  { error: MESSAGES.firstNameTooLong },
);
export const lastNameSchema = requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.lastNameRequired).max(
  PERSON_NAME_MAX_LENGTH,
  { error: MESSAGES.lastNameTooLong },
);
