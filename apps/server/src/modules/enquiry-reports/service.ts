import {
  type BlockedSender,
  type BlockSenderInput,
  type EnquiryReview,
  type ReceivedEnquiry,
} from '@churchtrades/shared/enquiries';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { ChurchScope } from '../moderation/repo';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { type EnquiryReportRepo, RELATED_DAYS, type ReviewRow } from './repo';

export interface EnquiryReportDependencies {
  repo: EnquiryReportRepo;
  audit: AuditTrail;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  /** The churches the caller moderates (moderation module), refused below MODERATOR or unconfirmed. */
  moderatedScope(user: SignedInUser): Promise<ChurchScope>;
  /** Any enquiry with its conversation (enquiry-inbox module), for an administrator investigating its report. */
  investigated(id: string): Promise<ReceivedEnquiry | undefined>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function reaches(scope: ChurchScope, church: { churchId: string; churchState: string }): boolean {
  return scope.everywhere || scope.state === church.churchState || scope.churchIds.includes(church.churchId);
}

function reviewOf(kind: EnquiryReview['kind'], row: ReviewRow): EnquiryReview {
  return { ...row, kind, at: row.at.toISOString() };
}

/**
 * The spam reports of owners and the enquiries held for sending the same text to many businesses, decided by the
 * moderators of the business's church (a governor's state, administrators everywhere), who may block a sender
 * address across the directory. A moderator sees only the reported or held message; administrators alone read
 * a reported enquiry's whole conversation, and only while it is reported.
 */
export function createEnquiryReportService(deps: EnquiryReportDependencies) {
  const { repo, audit, clock, transactions, moderatedScope } = deps;

  /**
   * Whether the caller may block the address: administrators any; a moderator one reported (by the report given,
   * checked before) or held at a church they moderate.
   */
  async function mayBlock(scope: ChurchScope, input: BlockSenderInput, emailKey: string): Promise<boolean> {
    if (scope.everywhere || input.reportId !== undefined) return true;
    return repo.senderSeenIn(scope, emailKey);
  }

  /** The report `reportId` names, when the caller moderates its church and it is about the address. */
  async function reportToDecide(scope: ChurchScope, reportId: string, emailKey?: string) {
    const report = await repo.report(reportId);
    if (!report) throw new AppError('NOT_FOUND', MESSAGES.spamReportNotFound);
    if (!reaches(scope, report)) throw new AppError('FORBIDDEN', MESSAGES.notYourChurchsEnquiry);
    if (emailKey !== undefined && report.senderEmailKey !== emailKey) {
      throw new AppError('BAD_REQUEST', MESSAGES.reportOfAnotherSender);
    }
    return report;
  }

  return {
    /** Open reports and held enquiries of the churches the caller moderates, newest first. */
    async reviews(user: SignedInUser): Promise<EnquiryReview[]> {
      const scope = await moderatedScope(user);
      const since = new Date(clock().getTime() - RELATED_DAYS * DAY_MS);
      const [reports, held] = await Promise.all([repo.openReports(scope, since), repo.held(scope, since)]);
      return [...reports.map((row) => reviewOf('SPAM_REPORT', row)), ...held.map((row) => reviewOf('HELD', row))].sort(
        (one, other) => other.at.localeCompare(one.at),
      );
    },

    /** The report was not spam: decided DISMISSED, the sender free to write. */
    async dismiss(user: SignedInUser, reportId: string): Promise<void> {
      const scope = await moderatedScope(user);
      await reportToDecide(scope, reportId);
      if (!(await repo.decide(reportId, 'DISMISSED', user.userId, clock()))) {
        throw new AppError('CONFLICT', MESSAGES.spamReportDecided);
      }
    },

    /**
     * No enquiry from the address reaches any business: it joins the block list (once), the report given is
     * decided BLOCKED, and its enquiries not delivered yet are dropped everywhere, in one transaction.
     */
    async block(user: SignedInUser, input: BlockSenderInput): Promise<BlockedSender> {
      const scope = await moderatedScope(user);
      const emailKey = inboxKey(input.email);
      if (input.reportId !== undefined) await reportToDecide(scope, input.reportId, emailKey);
      if (!(await mayBlock(scope, input, emailKey))) throw new AppError('FORBIDDEN', MESSAGES.notYourChurchsEnquiry);
      const now = clock();
      await transactions.run(async () => {
        const added = await repo.block({ emailKey, reason: input.reason, blockedBy: user.userId, at: now });
        if (input.reportId !== undefined) await repo.decide(input.reportId, 'BLOCKED', user.userId, now);
        await repo.dropUndelivered(emailKey);
        if (!added) return;
        await audit.record(user, {
          action: 'sender.block',
          subjectType: 'SENDER',
          subjectId: emailKey,
          subjectName: emailKey,
          before: null,
          after: { reason: input.reason },
        });
      });
      const blocked = await repo.blockedSender(emailKey);
      if (!blocked) throw new AppError('CONFLICT', MESSAGES.senderNotBlocked);
      return blockedSenderOf(blocked);
    },

    /** Blocked addresses: every one for administrators; for moderators those they blocked or their churches reported. */
    async blocked(user: SignedInUser): Promise<BlockedSender[]> {
      const scope = await moderatedScope(user);
      const rows = await repo.blocked(scope.everywhere ? 'everyone' : { scope, userId: user.userId });
      return rows.map(blockedSenderOf);
    },

    /** Enquiries from the address are accepted again; administrators only. */
    async unblock(user: SignedInUser, email: string): Promise<void> {
      requirePermission(user, mayAdministerDirectory, MESSAGES.administratorsOnly);
      const emailKey = inboxKey(email);
      await transactions.run(async () => {
        if (!(await repo.unblock(emailKey))) throw new AppError('NOT_FOUND', MESSAGES.senderNotBlocked);
        await audit.record(user, {
          action: 'sender.unblock',
          subjectType: 'SENDER',
          subjectId: emailKey,
          subjectName: emailKey,
          before: { blocked: true },
          after: null,
        });
      });
    },

    /** A reported enquiry's whole conversation, for administrators investigating the report; refused without one. */
    async investigate(user: SignedInUser, enquiryId: string): Promise<ReceivedEnquiry> {
      requirePermission(user, mayAdministerDirectory, MESSAGES.administratorsOnly);
      // Refused alike whether or not the enquiry exists, so that an id cannot be probed.
      if (!(await repo.reported(enquiryId))) throw new AppError('FORBIDDEN', MESSAGES.enquiryNotReported);
      const enquiry = await deps.investigated(enquiryId);
      if (!enquiry) throw new AppError('NOT_FOUND', MESSAGES.enquiryNotFound);
      return enquiry;
    },
  };
}

function blockedSenderOf(row: { emailKey: string; reason: string; blockedAt: Date; firstName: string | null; lastName: string | null }): BlockedSender {
  const name = row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();
  return { email: row.emailKey, reason: row.reason, blockedAt: row.blockedAt.toISOString(), blockedByName: name };
}

export type EnquiryReportService = ReturnType<typeof createEnquiryReportService>;
