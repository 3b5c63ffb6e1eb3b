import { z } from 'zod';
import { EMAIL_MIN_LENGTH } from './constants';
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
  .regex(z.regexes.email, { error: MESSAGES.invalidEmail });
