import { z } from 'zod';
import { pageSchema, pagingSchema } from './trade-search';

/**
 * Where a mail of the outbox stands: waiting for its first try or its next one (QUEUED), accepted by the mail
 * server (SENT), or given up after its last try (FAILED), until an administrator sends it again.
 */
export const MAIL_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const FAILED_MAIL_PAGE_SIZE = 20;

/** `GET /api/mails/failed`: the mails given up on, the latest first. */
export const failedMailQuerySchema = z.object(pagingSchema(FAILED_MAIL_PAGE_SIZE));
export type FailedMailQuery = z.infer<typeof failedMailQuerySchema>;
export type FailedMailParams = z.input<typeof failedMailQuerySchema>;

/** A mail that was not delivered, as an administrator sees it: never its body, whose links carry one-time keys. */
export const failedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  lastError: z.string(),
  tries: z.number().int(),
  queuedAt: z.string(),
  failedAt: z.string(),
}).meta({ id: 'FailedMail' });
export type FailedMail = z.infer<typeof failedMailSchema>;
export const failedMailPageSchema = pageSchema(failedMailSchema).meta({ id: 'FailedMailPage' });
export type FailedMailPage = z.infer<typeof failedMailPageSchema>;

export const failedMailIdSchema = z.object({ id: z.uuid().describe("The failed mail's id (a UUID)") });
