import { inboxKey } from '@churchtrades/shared/inbox-key';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import {
  CHURCH_HOLD_HOURS,
  type ModeratedReview,
  REVIEW_CHECKS,
  type ReviewFlag,
  type ReviewHoldReason,
  type ReviewNotice,
  type ReviewReportInput,
  REVIEW_NOTICE_DAYS,
} from '@churchtrades/shared/reviews';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError, TooManyRequestsError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { EnquiryService } from '../enquiries/service';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import type { ChurchScope } from '../moderation/repo';
import { networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { reviewNoticeMail, reviewRemovedMail } from './mails';
import type { DecidedReview, ModeratedReviewRow, OpenReportRow, ReviewModerationRepo } from './repo';

export interface ReviewModerationDependencies {
  repo: ReviewModerationRepo;
  audit: AuditTrail;
  rateLimits: RateLimiter;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  /** The churches the caller moderates (moderation module): refused below MODERATOR or unconfirmed. */
  moderatedScope(user: SignedInUser): Promise<ChurchScope>;
  /** The enquiry form's proof of work (enquiries module), which a visitor's report brings too. */
  proofsOfWork: Pick<EnquiryService, 'spendProof'>;
}

/** Who reports, and from where: a logged-in user, or anyone. */
export interface ReporterContext {
  user: SignedInUser | undefined;
  address: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const REPORTS_PER_NETWORK_HOUR: RateLimitRule = {
  name: 'review-report-network-hour',
  limit: REVIEW_CHECKS.reportsPerNetworkPerHour,
  windowMs: HOUR_MS,
  decision: 'REVIEW_LIMITS',
};

/** The caller's ties to one business: what decides whether they may decide on its reviews, or hold them. */
interface Ties {
  /** They serve the business's church, as its moderator or its priest, whatever their role. */
  servesChurch: boolean;
  /** They are among the business's church's moderators. */
  moderatesChurch: boolean;
  ownsBusiness: boolean;
  wroteReview: boolean;
}

/**
 * The conflict-of-interest rule, in this one place. Whoever serves the business's church (a moderator or priest
 * of it, even when they are a governor or an administrator too), owns the business or wrote the review is
 * conflicted and may not decide: another church's moderator, a governor or an administrator does. A moderator of
 * the business's own church may only hold a review, once, for CHURCH_HOLD_HOURS; never one of their own business.
 */
function mayDecide(ties: Ties): boolean {
  return !ties.servesChurch && !ties.ownsBusiness && !ties.wroteReview;
}

function mayHoldAtAll(ties: Ties): boolean {
  return ties.moderatesChurch && !ties.ownsBusiness;
}

function mayHold(ties: Ties, review: Pick<DecidedReview, 'status' | 'churchHeldAt'>): boolean {
  return mayHoldAtAll(ties) && review.churchHeldAt === null && review.status !== 'REMOVED';
}

/** A conflicted caller is told why: their own business, or their church's. */
function refuseConflicted(ties: Ties): never {
  throw new AppError('FORBIDDEN', ties.ownsBusiness ? MESSAGES.reviewOfOwnBusiness : MESSAGES.reviewConflictOfInterest);
}

type Served = Awaited<ReturnType<ReviewModerationRepo['churchesServed']>>;

function tiesOf(user: SignedInUser, served: Served, business: { churchId: string; ownerId: string; reviewerUserId?: string | null }): Ties {
  const roles = served.filter((membership) => membership.churchId === business.churchId).map((membership) => membership.churchRole);
  return {
    servesChurch: roles.length > 0,
    moderatesChurch: roles.includes('MODERATOR'),
    ownsBusiness: business.ownerId === user.userId,
    wroteReview: business.reviewerUserId === user.userId,
  };
}

function moderatedReviewOf(row: ModeratedReviewRow, reports: OpenReportRow[], ties: Ties, noticeUntil: Date | undefined): ModeratedReview {
  return {
    id: row.id,
    tradeId: row.tradeId,
    tradeName: row.tradeName,
    churchName: row.churchName,
    reviewerName: row.reviewerName,
    stars: row.stars,
    body: row.body,
    relation: row.relation,
    sameChurch: row.sameChurch,
    status: row.status,
    holdReasons: row.holdReasons as ReviewHoldReason[],
    flags: row.flags as ReviewFlag[],
    churchHoldUntil: row.churchHoldUntil?.toISOString() ?? null,
    writtenAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    openReports: reports.map((report) => ({
      id: report.id,
      reason: report.reason,
      reportedAt: report.reportedAt.toISOString(),
      timesReported: report.timesReported,
    })),
    mayDecide: mayDecide(ties),
    mayHold: mayHold(ties, row),
    tradeNoticeUntil: noticeUntil?.toISOString() ?? null,
  };
}

/**
 * Reports of reviews, and the moderators' decisions on them without a conflict of interest: anyone reports; any
 * moderator of the directory sees what waits; those without ties to the business remove or keep a review and set
 * the fake-review notice; the business's own church's moderators may only hold a review, for 48 hours.
 */
export function createReviewModerationService(deps: ReviewModerationDependencies) {
  const { repo, audit, rateLimits, mail, sender, clock, transactions, moderatedScope, proofsOfWork } = deps;

  async function assertNetworkMayReport(network: string): Promise<void> {
    try {
      await rateLimits.assertBelowLimit(REPORTS_PER_NETWORK_HOUR, network);
    } catch (error) {
      if (error instanceof TooManyRequestsError) throw new TooManyRequestsError(MESSAGES.reviewReportsTooMany, error.retryAfterSeconds);
      throw error;
    }
  }

  /** A logged-in reporter's login address, as addresses are compared; none for a visitor. */
  async function emailKeyOf(user: SignedInUser | undefined): Promise<string | null> {
    const email = user && (await repo.accountEmail(user.userId));
    return email ? inboxKey(email) : null;
  }

  async function existingReview(id: string): Promise<DecidedReview> {
    const review = await repo.review(id);
    if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviewNotFound);
    return review;
  }

  /** The review and the caller's ties to it, once the caller is known to be a confirmed moderator or above. */
  async function reviewFor(user: SignedInUser, id: string): Promise<{ review: DecidedReview; ties: Ties }> {
    await moderatedScope(user);
    const review = await existingReview(id);
    return { review, ties: tiesOf(user, await repo.churchesServed(user.userId), review) };
  }

  /** The review for a decision: refused to a conflicted caller, and once it is removed. */
  async function reviewToDecide(user: SignedInUser, id: string): Promise<DecidedReview> {
    const { review, ties } = await reviewFor(user, id);
    if (!mayDecide(ties)) refuseConflicted(ties);
    if (review.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
    return review;
  }

  function auditedState(review: Pick<DecidedReview, 'status' | 'holdReasons' | 'churchHoldUntil'>) {
    return { status: review.status, holdReasons: review.holdReasons, churchHoldUntil: review.churchHoldUntil?.toISOString() ?? null };
  }

  return {
    /**
     * Anyone's report, a visitor without a session proving work first; the review stays as it is until a moderator
     * decides. A review holds at most one open report per reporter network and per logged-in reporter's address
     * (its partial unique indexes): a repeat from either adds to that report's count and is answered as a first
     * report is, so that a flood leaves one report to weigh and shows its size. Only a new report counts towards
     * the network's hourly limit, which refuses repeats too once it is reached.
     */
    async report(context: ReporterContext, reviewId: string, input: ReviewReportInput): Promise<void> {
      if (!context.user) await proofsOfWork.spendProof(input.proofOfWork);
      const review = await existingReview(reviewId);
      if (review.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
      const reporter = { network: networkOf(context.address), emailKey: await emailKeyOf(context.user) };
      await assertNetworkMayReport(reporter.network);
      await transactions.run(async () => {
        await repo.lockForReport(reviewId);
        const open = await repo.openReportFrom(reviewId, reporter);
        if (open) return repo.repeatReport(open);
        await repo.insertReport({ reviewId, reporterUserId: context.user?.userId ?? null, reporter, reason: input.reason, at: clock() });
        await rateLimits.countAttempt(REPORTS_PER_NETWORK_HOUR, reporter.network);
      });
    },

    /** What waits for moderators across the directory, with what the caller may do about each. */
    async waiting(user: SignedInUser): Promise<ModeratedReview[]> {
      await moderatedScope(user);
      const rows = await repo.waiting();
      const ids = rows.map((row) => row.id);
      const [reports, notices, served] = await Promise.all([
        repo.openReports(ids),
        repo.noticesShowing([...new Set(rows.map((row) => row.tradeId))], clock()),
        repo.churchesServed(user.userId),
      ]);
      return rows.map((row) =>
        moderatedReviewOf(
          row,
          reports.filter((report) => report.reviewId === row.id),
          tiesOf(user, served, row),
          notices.get(row.tradeId),
        ),
      );
    },

    /**
     * Removed: its note with the date and the public reason shows on the business page, its open reports are
     * decided REMOVED, and its reviewer is told why, together. The trade's totals drop by the reviews' trigger.
     */
    async remove(user: SignedInUser, id: string, reason: string): Promise<void> {
      const review = await reviewToDecide(user, id);
      const now = clock();
      await transactions.run(async () => {
        if (!(await repo.remove(id, { reason, by: user.userId, at: now }))) throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
        await repo.decideReports(id, 'REMOVED', user.userId, now);
        await audit.record(user, {
          action: 'review.remove',
          subjectType: 'REVIEW',
          subjectId: id,
          subjectName: review.tradeName,
          before: auditedState(review),
          after: { status: 'REMOVED', holdReasons: review.holdReasons, churchHoldUntil: null, reason },
        });
        const reviewer = await repo.reviewer(id);
        if (!reviewer) return;
        const to = reviewer.confirmedAt === null ? { email: reviewer.email } : { email: reviewer.email, firstName: reviewer.name };
        await mail.queue(reviewRemovedMail(sender, to, { id: review.tradeId, name: review.tradeName }, reason));
      });
    },

    /** Kept: published, its holds lifted and its flags weighed, its open reports decided KEPT. */
    async keep(user: SignedInUser, id: string): Promise<void> {
      const review = await reviewToDecide(user, id);
      const now = clock();
      await transactions.run(async () => {
        if (!(await repo.keep(id, { by: user.userId, at: now }))) throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
        await repo.decideReports(id, 'KEPT', user.userId, now);
        await audit.record(user, {
          action: 'review.keep',
          subjectType: 'REVIEW',
          subjectId: id,
          subjectName: review.tradeName,
          before: { ...auditedState(review), checked: review.checkedAt !== null },
          after: { status: 'PUBLISHED', holdReasons: [], churchHoldUntil: null, checked: true },
        });
      });
    },

    /** The business's own church holds the review, once, for CHURCH_HOLD_HOURS; the hold's job (job.ts) shows it again after. */
    async hold(user: SignedInUser, id: string): Promise<void> {
      const { review, ties } = await reviewFor(user, id);
      if (ties.ownsBusiness) refuseConflicted(ties);
      if (!mayHoldAtAll(ties)) throw new AppError('FORBIDDEN', MESSAGES.reviewHoldOwnChurchOnly);
      if (review.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
      if (review.churchHeldAt !== null) throw new AppError('CONFLICT', MESSAGES.reviewChurchHoldUsed);
      const now = clock();
      const until = new Date(now.getTime() + CHURCH_HOLD_HOURS * HOUR_MS);
      await transactions.run(async () => {
        if (!(await repo.holdForChurch(id, { by: user.userId, at: now, until }))) {
          throw new AppError('CONFLICT', MESSAGES.reviewChurchHoldUsed);
        }
        await audit.record(user, {
          action: 'review.hold',
          subjectType: 'REVIEW',
          subjectId: id,
          subjectName: review.tradeName,
          before: auditedState(review),
          after: { status: 'HELD', holdReasons: review.holdReasons, churchHoldUntil: until.toISOString() },
        });
      });
    },

    /**
     * The business caught gathering fake reviews shows the public notice for REVIEW_NOTICE_DAYS, one at a time,
     * set by someone without ties to it; its owner is told.
     */
    async setNotice(user: SignedInUser, tradeId: string, reason: string): Promise<ReviewNotice> {
      await moderatedScope(user);
      const served = await repo.churchesServed(user.userId);
      const startedAt = clock();
      const endsAt = new Date(startedAt.getTime() + REVIEW_NOTICE_DAYS * DAY_MS);
      return transactions.run(async () => {
        const trade = await repo.tradeForNotice(tradeId);
        if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
        const ties = tiesOf(user, served, trade);
        if (!mayDecide(ties)) refuseConflicted(ties);
        if ((await repo.noticesShowing([tradeId], startedAt)).has(tradeId)) throw new AppError('CONFLICT', MESSAGES.reviewNoticeActive);
        await repo.insertNotice({ tradeId, reason, startedAt, endsAt, setBy: user.userId });
        await audit.record(user, {
          action: 'trade.reviewNotice',
          subjectType: 'TRADE',
          subjectId: tradeId,
          subjectName: trade.name,
          before: null,
          after: { reason, endsAt: endsAt.toISOString() },
        });
        const owner = { email: trade.ownerEmail, firstName: trade.ownerFirstName, emailVerifiedAt: trade.ownerEmailVerifiedAt };
        await mail.queue(reviewNoticeMail(sender, recipientOf(owner), trade, { reason, endsAt }));
        return { startedAt: startedAt.toISOString(), endsAt: endsAt.toISOString(), reason };
      });
    },

    /** Nobody shortens the notice but an administrator without ties to the business: it ends now, audited. */
    async liftNotice(user: SignedInUser, tradeId: string): Promise<void> {
      requirePermission(user, mayAdministerDirectory, MESSAGES.administratorsOnly);
      const served = await repo.churchesServed(user.userId);
      const now = clock();
      await transactions.run(async () => {
        const trade = await repo.tradeForNotice(tradeId);
        if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
        const ties = tiesOf(user, served, trade);
        if (!mayDecide(ties)) refuseConflicted(ties);
        const [ended] = await repo.endNotices(tradeId, now);
        if (!ended) throw new AppError('NOT_FOUND', MESSAGES.reviewNoticeNotShowing);
        await audit.record(user, {
          action: 'trade.reviewNoticeLift',
          subjectType: 'TRADE',
          subjectId: tradeId,
          subjectName: trade.name,
          before: { reason: ended.reason, showing: true },
          after: { reason: ended.reason, showing: false },
        });
      });
    },
  };
}

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;
