import { z } from 'zod';
import { type IdentityConfirmation, identityConfirmationSchema } from './account';
import { MESSAGES } from './messages';

/** How long an archive of a person's data is kept, and its e-mailed link works (once). */
export const DATA_EXPORT_LINK_HOURS = 24;

/**
 * Where an archive stands: asked for (the job builds it), ready (its link mailed), downloaded (the link used up,
 * the file gone) or expired (not downloaded in time, the file gone).
 */
export const DATA_EXPORT_STATUSES = ['REQUESTED', 'READY', 'DOWNLOADED', 'EXPIRED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** `POST /user/dataExport`: the password again, and the two-step code when it is on. */
export const dataExportRequestSchema = identityConfirmationSchema;
export type DataExportRequest = IdentityConfirmation;

/** One archive as its owner sees it; times are ISO 8601, null until they happen. */
export const dataExportViewSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the link works: 24 hours after the archive was ready. */
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
}).meta({ id: 'DataExport' });
export type DataExportView = z.infer<typeof dataExportViewSchema>;

/** `data` of `POST` and `GET /user/dataExport`: the newest archive of the account, or null before the first. */
export const dataExportAnswerSchema = z.object({ dataExport: dataExportViewSchema.nullable() });
export type DataExportAnswer = z.infer<typeof dataExportAnswerSchema>;

/** `GET /user/dataExport/{key}`: the key of the e-mailed link, as `newToken` makes it (32 bytes in base64url). */
export const dataExportKeyParamsSchema = z.object({
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.dataExportLinkInvalid })
    .describe('The one-time key from the e-mailed link, 43 characters of base64url'),
});
export type DataExportKeyParams = z.infer<typeof dataExportKeyParamsSchema>;
