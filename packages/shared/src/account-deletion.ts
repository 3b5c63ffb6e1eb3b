import { z } from 'zod';
import { currentPasswordSchema, type IdentityConfirmation, identityConfirmationSchema } from './account';
import { MESSAGES } from './messages';

/** How long a deletion waits, its undo link working, before the job deletes the account for good. */
export const ACCOUNT_DELETION_DAYS = 14;

/** Who a deleted person's review is shown as: the text stays, the name goes. */
export const FORMER_CUSTOMER = 'Former customer';
/** Who a deleted person is in the conversations of their enquiries, which the businesses keep. */
export const FORMER_USER = 'Former user';

/** Whether an enquiry's sender deleted their account: the conversation stays, with no address left to answer to. */
export function senderLeft(enquiry: { senderEmail: string }): boolean {
  return enquiry.senderEmail === '';
}

/** `POST /user/deletion`. */
export const accountDeletionRequestSchema = identityConfirmationSchema;
export type AccountDeletionRequest = IdentityConfirmation;

/** The account's own switches (`PATCH /user/toggle…`) close it only with the password given again. */
export const ownAccountClosureSchema = z.object({ password: currentPasswordSchema });
export type OwnAccountClosureInput = z.infer<typeof ownAccountClosureSchema>;

/** `data` of `POST /user/deletion`: when the account was closed, and when the job deletes it. */
export const accountDeletionSchema = z.object({ requestedAt: z.string(), deletesAt: z.string() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** `POST /user/deletion/undo`: the key of the e-mailed undo link, as `newToken` makes it (32 bytes in base64url). */
export const accountDeletionUndoSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.invalidLink }),
});
export type AccountDeletionUndo = z.infer<typeof accountDeletionUndoSchema>;
