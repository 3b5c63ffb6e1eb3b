import { z } from 'zod';
import { LINK_KEY_MAX_LENGTH, USER_ID_MIN_LENGTH } from './constants';
import { idString, requiredString } from './fields';
import { MESSAGES } from './messages';

/** `GET /user/verify/account?key=` and `GET /user/verify/password?key=`: the key of the e-mailed link. */
export const linkKeyQuerySchema = z.object({
  key: requiredString(1, MESSAGES.invalidLink)
    .max(LINK_KEY_MAX_LENGTH, { error: MESSAGES.invalidLink })
    .describe(`The one-time key from the e-mailed link, 1 to ${LINK_KEY_MAX_LENGTH} characters`),
});
export type LinkKeyQuery = z.infer<typeof linkKeyQuerySchema>;

/** `POST /user/verify/login`: the key of the "it's me" link mailed when logging in to the account is paused. */
export const loginPauseKeySchema = z.object({ key: linkKeyQuerySchema.shape.key });
export type LoginPauseKey = z.infer<typeof loginPauseKeySchema>;

/** The multipart form of `PATCH /user/photo`: these text fields, and the image in the field `file`. */
export const photoFieldsSchema = z.object({ userId: idString(USER_ID_MIN_LENGTH, MESSAGES.userIdRequired) });
export type PhotoFields = z.infer<typeof photoFieldsSchema>;

export const IMAGE_FILE_FIELD = 'file';
