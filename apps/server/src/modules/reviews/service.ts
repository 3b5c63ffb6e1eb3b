import { inboxKey } from '@churchtrades/shared/inbox-key';
import { MESSAGES } from '@churchtrades/shared/messages';
import { ratingOf, STARS } from '@churchtrades/shared/rating';
import {
  type EditReviewInput,
  type OwnReview,
  type PublicReview,
  REVIEW_AFTER_ANSWER_DAYS,
  REVIEW_CHECKS,
  REVIEW_EDIT_DAYS,
  REVIEWER_HOLD_REASONS,
  type ReviewEligibility,
  type ReviewEligibilityQuery,
  type ReviewFlag,
  type ReviewHoldReason,
  type ReviewerHoldReason,
  reviewerDisplayName,
  type TradeReviews,
  type TradeReviewsQuery,
  type WriteReviewInput,
} from '@churchtrades/shared/reviews';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import { textHashOf } from '../enquiries/service';
import type { MailSender } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';
import { requireMayMakeChanges } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { isBurst, manipulationFlags, wordHoldReasons } from './checks';
import { ownerAnsweredReviewMail } from './mails';
import type { ReviewedEnquiry, ReviewRepo, ReviewRow } from './repo';

export interface ReviewServiceDependencies {
  repo: ReviewRepo;
  /** The enquiry a conversation link opens while it holds (enquiries/service.ts `enquiryOfLink`). */
  enquiryOfLink: (token: string) => Promise<string>;
  /** Whether the account logged in from the network since then (sessions/service.ts `loggedInFrom`). */
  loggedInFrom: (userId: string, network: string, since: Date) => Promise<boolean>;
  rateLimits: RateLimiter;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
}

/** Who writes, and from where: a logged-in user, or anyone with their conversation's link. */
export interface ReviewerContext {
  user: SignedInUser | undefined;
  address: string;
}

/** Which enquiry's sender the caller is: a logged-in sender names it, anyone else brings its link's token. */
export type ReviewerProof = ReviewEligibilityQuery;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Writes one network may make an hour, refused ones included: a script cannot hammer the form. */
export const REVIEW_WRITES_PER_NETWORK: RateLimitRule = {
  name: 'review-network-hour',
  limit: 10,
  windowMs: HOUR_MS,
  decision: 'REVIEW_LIMITS',
};

/** The checks of the words, which an edit runs again; a BURST or OWNER_NETWORK hold stays whatever the words. */
const WORD_HOLD_REASONS: readonly ReviewHoldReason[] = ['LINK', 'CONTACT_DETAILS', 'PROFANITY'];

function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

function isToldToReviewer(reason: string): reason is ReviewerHoldReason {
  return (REVIEWER_HOLD_REASONS as readonly string[]).includes(reason);
}

/** The review as its reviewer reads it: a hold they are not told of shows only as waiting for a moderator. */
export function ownReviewOf(row: ReviewRow): OwnReview {
  return {
    id: row.id,
    tradeId: row.tradeId,
    stars: row.stars,
    body: row.body,
    relation: row.relation,
    workSuburb: row.workSuburb,
    workMonth: row.workMonth,
    status: row.status,
    holdReasons: row.holdReasons.filter(isToldToReviewer),
    writtenAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    editableUntil: daysAfter(row.createdAt, REVIEW_EDIT_DAYS).toISOString(),
    ownerAnswer: row.ownerAnswer,
    removedReason: row.removedReason,
  };
}

export function publicReviewOf(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    reviewerName: row.reviewerName,
    stars: row.stars,
    body: row.body,
    relation: row.relation,
    sameChurch: row.sameChurch,
    workSuburb: row.workSuburb,
    workMonth: row.workMonth,
    writtenAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    ownerAnswer: row.ownerAnswer,
    ownerAnsweredAt: row.ownerAnsweredAt?.toISOString() ?? null,
  };
}

/**
 * The owner writes as the sender: the same account, or the enquiry sent to the inbox of one of the owner's
 * addresses (login e-mail, earlier ones, the business's public one) under any sub-address or spelling of it: the
 * owner under another account gives themselves away by their inbox. The invitations' claim asks the same in SQL
 * (repo.ts `claimInvitations`).
 */
function isOwnBusiness(enquiry: ReviewedEnquiry): boolean {
  if (enquiry.senderUserId !== null && enquiry.senderUserId === enquiry.tradeOwnerId) return true;
  return enquiry.ownerEmails.map(inboxKey).includes(enquiry.senderEmailKey);
}

/** Why the eligibility refuses a review, as the write answers it. */
const REFUSALS = {
  OWN_BUSINESS: () => new AppError('FORBIDDEN', MESSAGES.reviewOwnBusiness),
  REVIEWED: () => new AppError('CONFLICT', MESSAGES.reviewAlreadyWritten),
  NOT_ANSWERED: () => new AppError('FORBIDDEN', MESSAGES.reviewNotAnswered),
  TOO_SOON: () => new AppError('FORBIDDEN', MESSAGES.reviewTooSoon),
} as const;

/**
 * Reviews (issue "Reviews that can be trusted"): who may review (the sender of an enquiry the business
 * answered at least 7 days earlier, once, never its owner), writing with the automatic checks and the signs of
 * manipulation, the reviewer's edit within 30 days, the public list, and the owner's one answer.
 */
export function createReviewService(deps: ReviewServiceDependencies) {
  const { repo, enquiryOfLink, loggedInFrom, rateLimits, mail, sender, clock, transactions } = deps;
  /** The enquiry whose sender the caller proves to be; anyone else's enquiry is simply not found. */
  async function provedEnquiry(user: SignedInUser | undefined, proof: ReviewerProof): Promise<ReviewedEnquiry> {
    const enquiry = await (proof.token !== undefined ? enquiryOfLinkToken(proof.token) : ownEnquiry(user, proof.enquiryId));
    if (!enquiry.tradeListed) throw new AppError('NOT_FOUND', MESSAGES.enquiryBusinessUnavailable);
    return enquiry;
  }

  async function enquiryOfLinkToken(token: string): Promise<ReviewedEnquiry> {
    const enquiry = await repo.enquiry(await enquiryOfLink(token));
    if (!enquiry) throw new AppError('NOT_FOUND', MESSAGES.enquiryLinkInvalid);
    return enquiry;
  }

  async function ownEnquiry(user: SignedInUser | undefined, enquiryId: string | undefined): Promise<ReviewedEnquiry> {
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.notLoggedIn);
    const enquiry = enquiryId === undefined ? undefined : await repo.enquiry(enquiryId);
    if (!enquiry || enquiry.senderUserId !== user.userId) throw new AppError('NOT_FOUND', MESSAGES.enquiryNotFound);
    return enquiry;
  }

  async function eligibilityOf(enquiry: ReviewedEnquiry): Promise<ReviewEligibility> {
    const about = { tradeId: enquiry.tradeId, tradeName: enquiry.tradeName, eligibleFrom: null, review: null };
    if (isOwnBusiness(enquiry)) return { ...about, state: 'OWN_BUSINESS' };
    const review = await repo.bySender(enquiry);
    if (review) return { ...about, state: 'REVIEWED', review: ownReviewOf(review) };
    if (enquiry.delivery !== 'DELIVERED' || enquiry.firstAnsweredAt === null) return { ...about, state: 'NOT_ANSWERED' };
    const eligibleFrom = daysAfter(enquiry.firstAnsweredAt, REVIEW_AFTER_ANSWER_DAYS);
    if (clock() < eligibleFrom) return { ...about, state: 'TOO_SOON', eligibleFrom: eligibleFrom.toISOString() };
    return { ...about, state: 'ELIGIBLE' };
  }

  /** "Same church": the reviewer says so, or their account serves the business's church or has a business there. */
  async function sameChurch(enquiry: ReviewedEnquiry, relation: WriteReviewInput['relation']): Promise<boolean> {
    if (relation === 'SAME_CHURCH') return true;
    return enquiry.senderUserId !== null && repo.belongsToChurch(enquiry.senderUserId, enquiry.tradeChurchId);
  }

  async function flagsOf(enquiry: ReviewedEnquiry, network: string, textHash: string, now: Date): Promise<ReviewFlag[]> {
    const createdAt = enquiry.senderUserId === null ? undefined : await repo.accountCreatedAt(enquiry.senderUserId);
    return manipulationFlags({
      sameNetworkReviews: await repo.fromNetworkSince(enquiry.tradeId, network, daysAfter(now, -REVIEW_CHECKS.networkDays)),
      accountAgeDays: createdAt === undefined ? null : (now.getTime() - createdAt.getTime()) / DAY_MS,
      sameTextReviews: await repo.withTextSince(textHash, daysAfter(now, -REVIEW_CHECKS.sameTextDays)),
    });
  }

  /**
   * What holds a new review for a moderator: its words, a burst of reviews of the business, and a network its
   * owner logged in from within `ownerNetworkDays` (someone at the owner's home or workplace, or the owner).
   */
  async function holdReasonsOf(enquiry: ReviewedEnquiry, input: WriteReviewInput, network: string, now: Date): Promise<ReviewHoldReason[]> {
    const holdReasons = wordHoldReasons(input.body, input.workSuburb ?? '');
    const recent = await repo.writtenSince(enquiry.tradeId, new Date(now.getTime() - REVIEW_CHECKS.burstHours * HOUR_MS));
    if (isBurst(recent + 1)) holdReasons.push('BURST');
    if (await loggedInFrom(enquiry.tradeOwnerId, network, daysAfter(now, -REVIEW_CHECKS.ownerNetworkDays))) holdReasons.push('OWNER_NETWORK');
    return holdReasons;
  }

  /** The review's reviewer: the account that wrote it, or whoever holds the link of its enquiry. */
  async function assertReviewer(context: ReviewerContext, review: ReviewRow, token: string | undefined): Promise<void> {
    if (token !== undefined) {
      if ((await enquiryOfLink(token)) !== review.enquiryId) throw new AppError('FORBIDDEN', MESSAGES.reviewNotYours);
      return;
    }
    if (!context.user || review.reviewerUserId !== context.user.userId) throw new AppError('FORBIDDEN', MESSAGES.reviewNotYours);
  }

  /**
   * After an edit: held by what the new words hold and by a BURST hold, which no edit lifts; published when
   * nothing holds it and it was held only by its words. A moderator's hold (of the church, while it lasts, or
   * any hold without an automatic reason) stays.
   */
  function afterEdit(review: ReviewRow, wordReasons: ReviewHoldReason[], now: Date): Pick<ReviewRow, 'status' | 'holdReasons'> {
    const kept = review.holdReasons.filter((reason) => !WORD_HOLD_REASONS.includes(reason as ReviewHoldReason));
    const holdReasons = [...kept, ...wordReasons];
    const churchHolds = review.churchHoldUntil !== null && review.churchHoldUntil > now;
    const heldByWordsOnly = review.status === 'HELD' && review.holdReasons.length > 0 && kept.length === 0 && !churchHolds;
    const mayShow = review.status === 'PUBLISHED' || heldByWordsOnly;
    return { status: mayShow && holdReasons.length === 0 ? 'PUBLISHED' : 'HELD', holdReasons };
  }

  return {
    /** Whether, and from when, the caller may review the business their enquiry went to. */
    async eligibility(context: ReviewerContext, proof: ReviewerProof): Promise<ReviewEligibility> {
      return eligibilityOf(await provedEnquiry(context.user, proof));
    },

    /**
     * The sender's one review of the business, published at once unless an automatic check holds it; the signs
     * of manipulation are flagged for moderators. Two writes at once: the unique indexes let one through.
     */
    async write(context: ReviewerContext, input: WriteReviewInput): Promise<OwnReview> {
      const network = networkOf(context.address);
      await rateLimits.attempt(REVIEW_WRITES_PER_NETWORK, network);
      const enquiry = await provedEnquiry(context.user, input);
      const { state } = await eligibilityOf(enquiry);
      if (state !== 'ELIGIBLE') throw REFUSALS[state]();
      if (await repo.isBlocked(enquiry.senderEmailKey)) throw new AppError('FORBIDDEN', MESSAGES.enquirySenderBlocked);
      const textHash = textHashOf(input.body);
      const church = await sameChurch(enquiry, input.relation);
      const row = await transactions.run(async () => {
        const now = clock();
        const holdReasons = await holdReasonsOf(enquiry, input, network, now);
        return repo.insert({
          tradeId: enquiry.tradeId,
          enquiryId: enquiry.id,
          reviewerUserId: enquiry.senderUserId,
          reviewerEmailKey: enquiry.senderEmailKey,
          reviewerName: reviewerDisplayName(enquiry.senderName),
          reviewerNetwork: network,
          relation: input.relation,
          sameChurch: church,
          stars: input.stars,
          body: input.body,
          textHash,
          workSuburb: input.workSuburb || null,
          workMonth: input.workMonth ?? null,
          status: holdReasons.length > 0 ? 'HELD' : 'PUBLISHED',
          holdReasons,
          flags: await flagsOf(enquiry, network, textHash, now),
          createdAt: now,
        });
      });
      if (!row) throw new AppError('CONFLICT', MESSAGES.reviewAlreadyWritten);
      return ownReviewOf(row);
    },

    /** What the reviewer is told once it is written: shown, or waiting for a moderator. */
    writtenMessage: (review: OwnReview): string => (review.status === 'HELD' ? MESSAGES.reviewHeld : MESSAGES.reviewPublished),

    /** The reviewer's edit within 30 days of writing: marked as edited, its words checked again. */
    async edit(context: ReviewerContext, id: string, input: EditReviewInput): Promise<OwnReview> {
      const review = await repo.find(id);
      if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviewNotFound);
      await assertReviewer(context, review, input.token);
      if (review.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
      const edited = await transactions.run(async () => {
        const now = clock();
        const locked = await repo.find(id, true);
        if (!locked || locked.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
        if (now > daysAfter(locked.createdAt, REVIEW_EDIT_DAYS)) throw new AppError('FORBIDDEN', MESSAGES.reviewEditClosed);
        const enquiry = await repo.enquiry(locked.enquiryId);
        return repo.update(id, {
          relation: input.relation,
          sameChurch: enquiry ? await sameChurch(enquiry, input.relation) : input.relation === 'SAME_CHURCH',
          stars: input.stars,
          body: input.body,
          textHash: textHashOf(input.body),
          workSuburb: input.workSuburb || null,
          workMonth: input.workMonth ?? null,
          editedAt: now,
          ...afterEdit(locked, wordHoldReasons(input.body, input.workSuburb ?? ''), now),
        });
      });
      if (!edited) throw new AppError('NOT_FOUND', MESSAGES.reviewNotFound);
      return ownReviewOf(edited);
    },

    /**
     * A listed business's reviews as every visitor sees them: the rating (from 3 reviews), the published ones,
     * newest first, those waiting counted, every removal's note, and the notice of fake reviews while it shows.
     * The rating is read from the business's totals, which the `reviews_keep_trade_totals` trigger keeps
     * (db/README.md): no write of a review here touches them.
     */
    async tradeReviews(tradeId: string, query: TradeReviewsQuery): Promise<TradeReviews> {
      const trade = isUuid(tradeId) ? await repo.trade(tradeId) : undefined;
      if (!trade?.listed) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
      const window = { offset: query.page * query.size, limit: query.size };
      const [page, counts, removed, notice] = await Promise.all([
        repo.publishedPage(tradeId, query.stars, window),
        repo.counts(tradeId),
        repo.removalNotes(tradeId),
        repo.notice(tradeId, clock()),
      ]);
      const starCounts = Object.fromEntries(STARS.map((stars) => [String(stars), 0]));
      for (const { stars, reviews } of counts.perStars) starCounts[String(stars)] = reviews;
      return {
        rating: ratingOf(trade.reviewCount, trade.reviewStarsTotal),
        starCounts,
        waitingCount: counts.waiting,
        reviews: pageOf(page.rows.map(publicReviewOf), page.total, query),
        removalNotes: removed.map((note) => ({ removedAt: (note.removedAt ?? note.createdAt).toISOString(), reason: note.reason ?? '' })),
        notice: notice ? { startedAt: notice.startedAt.toISOString(), endsAt: notice.endsAt.toISOString(), reason: notice.reason } : null,
      };
    },

    /** The published reviews of the caller's business, newest first; none for a caller without one. */
    async received(user: SignedInUser, query: { page: number; size: number }): Promise<Page<PublicReview>> {
      const trade = await repo.ownTrade(user.userId);
      if (!trade) return pageOf([], 0, query);
      const { rows, total } = await repo.publishedPage(trade.id, undefined, { offset: query.page * query.size, limit: query.size });
      return pageOf(rows.map(publicReviewOf), total, query);
    },

    /**
     * The owner's one public answer to a published review of their business, mailed to the reviewer with the
     * link to the business page in the same transaction.
     */
    async answer(user: SignedInUser, id: string, body: string): Promise<PublicReview> {
      requireMayMakeChanges(user);
      const found = await repo.withTrade(id);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.reviewNotFound);
      if (found.ownerId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.notYourTradesReview);
      const { review } = found;
      if (review.status === 'REMOVED') throw new AppError('CONFLICT', MESSAGES.reviewAlreadyRemoved);
      if (review.status !== 'PUBLISHED') throw new AppError('CONFLICT', MESSAGES.reviewNotPublished);
      await transactions.run(async () => {
        if (!(await repo.answer(id, body, clock()))) throw new AppError('CONFLICT', MESSAGES.ownerAnswerGiven);
        const to = { email: found.senderEmail, firstName: found.senderName };
        await mail.queue(ownerAnsweredReviewMail(sender, to, { tradeId: review.tradeId, tradeName: found.tradeName, answer: body }));
      });
      const answered = await repo.find(id);
      return publicReviewOf(answered!);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
