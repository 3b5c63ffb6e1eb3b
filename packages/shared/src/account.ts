import { z } from 'zod';
import { BIO_MIN_LENGTH, PERSON_NAME_MIN_LENGTH, PHONE_MIN_LENGTH } from './constants';
import { emailSchema, requiredString } from './fields';
import { MESSAGES } from './messages';

export const accountProfileSchema = z.object({
  firstName: requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.firstNameRequired),
  lastName: requiredString(PERSON_NAME_MIN_LENGTH, MESSAGES.lastNameRequired),
  email: emailSchema,
  bio: requiredString(BIO_MIN_LENGTH, MESSAGES.bioRequired),
  phone: requiredString(PHONE_MIN_LENGTH, MESSAGES.phoneRequired),
});
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;
