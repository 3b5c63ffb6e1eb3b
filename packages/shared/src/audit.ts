import { z } from 'zod';
import { MESSAGES } from './messages';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const AUDIT_PAGE_SIZE = 25;

/** What a privileged change was made to. */
export const AUDIT_SUBJECTS = ['TRADE', 'CHURCH', 'CATEGORY', 'USER', 'MAIL', 'SETTING', 'SENDER', 'REVIEW'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/**
 * Each kind of privileged change, named `<subject>.<what>`: the audit page offers them as a filter and the
 * server writes no other.
 */
export const AUDIT_ACTIONS = [
  'trade.approve',
  'trade.reject',
  'trade.unlist',
  'trade.relist',
  'trade.lock',
  'trade.expire',
  'trade.ownerPasswordReset',
  'church.register',
  'church.update',
  'church.logo',
  'church.image',
  'church.enable',
  'church.moderate',
  'church.memberAdd',
  'church.memberRemove',
  'category.create',
  'category.update',
  'category.delete',
  'category.reorder',
  'user.role',
  'user.flag',
  'user.create',
  'user.update',
  'user.photo',
  'user.confirm',
  'user.passwordReset',
  // Security events of an account (DESIGN "Sessions and security"): the account is the subject.
  'user.loginFailed',
  'user.lockedOut',
  'user.twoStepLockedOut',
  'user.loginPauseLetIn',
  'user.verify',
  'user.passwordResetByLink',
  'user.passwordChange',
  'user.emailChangeRequest',
  'user.emailChange',
  'user.emailChangeUndo',
  'user.twoStepOn',
  'user.twoStepOff',
  // The archive of the account's data: asked for, and downloaded.
  'user.dataExportRequest',
  'user.dataExportDownload',
  // "Delete my account": asked for, undone by the mailed link, and done by the job.
  'user.deletionRequest',
  'user.deletionUndo',
  'user.delete',
  'trade.editForOwner',
  'trade.priestDetach',
  'trade.vouch',
  'trade.vouchWithdraw',
  'trade.licenceCheck',
  'trade.licenceUncheck',
  'mail.resend',
  'setting.change',
  // An enquiries' sender address blocked across the directory, or let through again: the address is the subject.
  'sender.block',
  'sender.unblock',
  // A review's moderation (the review is the subject), and the fake-review notice of a business (the business).
  'review.remove',
  'review.keep',
  'review.hold',
  'trade.reviewNotice',
  'trade.reviewNoticeLift',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who an entry names as its actor when no account made the change: the operator's command line (`npm run admin`). */
export const SYSTEM_ACTOR = 'system';

/** Who an entry names as its actor when a visitor who is not logged in caused it (a failed login): their network. */
export function visitorActor(network: string): string {
  return `visitor from ${network}`;
}

const isoDate = z
  .union([z.literal(''), z.iso.date({ error: MESSAGES.dateInvalid })], { error: MESSAGES.dateInvalid })
  .optional()
  .transform((date) => date || undefined);

/** `GET /api/audit`: newest first; `from` and `to` are whole days, both included. */
export const auditQuerySchema = z.object({
  ...pagingSchema(AUDIT_PAGE_SIZE),
  actor: typedTextSchema(100).describe("Part of the actor's e-mail, any case; text beyond 100 characters is cut, empty or absent means anyone"),
  action: z
    .union([z.literal(''), z.enum(AUDIT_ACTIONS)], { error: MESSAGES.chooseAuditAction })
    .optional()
    .transform((action) => action || undefined)
    .describe("Only entries of this action; '' or absence mean any"),
  subjectType: z
    .union([z.literal(''), z.enum(AUDIT_SUBJECTS)], { error: MESSAGES.chooseAuditSubject })
    .optional()
    .transform((subject) => subject || undefined)
    .describe("Only entries about this kind of subject; '' or absence mean any"),
  subjectId: typedTextSchema(100).describe("Only entries about the subject of exactly this id; empty or absent means any"),
  from: isoDate.describe("The first day of entries, as YYYY-MM-DD, included; '' or absence mean no limit"),
  to: isoDate.describe("The last day of entries, as YYYY-MM-DD, included; '' or absence mean no limit"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditParams = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subjectType: z.enum(AUDIT_SUBJECTS),
  subjectId: z.string(),
  subjectName: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
}).meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema).meta({ id: 'AuditPage' });
