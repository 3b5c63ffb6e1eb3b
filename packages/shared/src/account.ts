import { z } from 'zod';
import { BIO_MIN_LENGTH, PERSON_NAME_MIN_LENGTH, PHONE_MIN_LENGTH } from './constants';
import { emailSchema, requiredString } from './fields';
import { MESSAGES } from './messages';

/** The current password, asked again before what could hand the account to someone else. */
export const currentPasswordSchema = requiredString(1, MESSAGES.currentPasswordRequired);

export const accountProfileSchema = z.object({
  firstName: requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.firstNameRequired),
  lastName: requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.lastNameRequired),
  email: emailSchema,
  bio: requiredString(BIO_MIN_LENGTH, MESSAGES.bioRequired),
  phone: requiredString(PHONE_MIN_LENGTH, MESSAGES.phoneRequired),
  /** Needed only when `email` is another address: the new one takes effect once a link mailed to it is clicked. */
  password: currentPasswordSchema.optional(),
});
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;
