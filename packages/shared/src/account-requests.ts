import { z } from 'zod';
import { USER_ID_MIN_LENGTH } from './constants';
import { requiredString } from './fields';
import { MESSAGES } from './messages';

/** `GET /user/verify/account?key=` and `GET /user/verify/password?key=`: the key of the e-mailed link. */
export const linkKeyQuerySchema = z.object({ key: requiredString(1, MESSAGES.invalidLink) });
export type LinkKeyQuery = z.infer<typeof linkKeyQuerySchema>;

/** The multipart form of `PATCH /user/photo`: these text fields, and the image in the field `file`. */
export const photoFieldsSchema = z.object({ userId: requiredString(USER_ID_MIN_LENGTH, MESSAGES.userIdRequired) });
export type PhotoFields = z.infer<typeof photoFieldsSchema>;

export const IMAGE_FILE_FIELD = 'file';
