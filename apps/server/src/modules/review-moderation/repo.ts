import type { ReviewReportDecision } from '@churchtrades/shared/reviews';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { churches, churchMembers, enquiries, reviewNotices, reviewReports, reviews, trades, users } from '../../db/schema';

/** The moderators' list shows at most this many reviews. */
export const MODERATED_REVIEWS_SHOWN = 200;

type ChurchRole = (typeof churchMembers.$inferSelect)['churchRole'];

/** A review with its business, as a decision on it reads it. */
export interface DecidedReview {
  id: string;
  status: (typeof reviews.$inferSelect)['status'];
  tradeId: string;
  tradeName: string;
  churchId: string;
  ownerId: string;
  reviewerUserId: string | null;
  stars: number;
  holdReasons: string[];
  churchHeldAt: Date | null;
  churchHoldUntil: Date | null;
  checkedAt: Date | null;
}

/** A review waiting for moderators, with its business and church. */
export interface ModeratedReviewRow extends DecidedReview {
  churchName: string;
  reviewerName: string;
  body: string;
  relation: (typeof reviews.$inferSelect)['relation'];
  sameChurch: boolean;
  flags: string[];
  createdAt: Date;
  editedAt: Date | null;
}

export interface OpenReportRow {
  id: string;
  reviewId: string;
  reason: string;
  reportedAt: Date;
  timesReported: number;
}

/** Who reports: their network, and a logged-in reporter's address key. */
export interface Reporter {
  network: string;
  emailKey: string | null;
}

const hasOpenReport = sql<boolean>`exists (
  select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.decision} is null
)`;

const flaggedUnchecked = sql<boolean>`(cardinality(${reviews.flags}) > 0 and ${reviews.checkedAt} is null)`;

/**
 * Since when the review waits for a moderator: its oldest open report, its hold (the automatic checks' from when
 * it was written or edited, the church's from when it was placed), or its unweighed flags from when it was
 * written; the earliest of them.
 */
const waitingSince = sql`least(
  (select min(${reviewReports.reportedAt}) from ${reviewReports}
    where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.decision} is null),
  case when ${reviews.status} = 'HELD' and cardinality(${reviews.holdReasons}) > 0 then coalesce(${reviews.editedAt}, ${reviews.createdAt}) end,
  case when ${reviews.status} = 'HELD' then ${reviews.churchHeldAt} end,
  case when ${flaggedUnchecked} then ${reviews.createdAt} end
)`;

const decidedColumns = {
  id: reviews.id,
  status: reviews.status,
  tradeId: trades.id,
  tradeName: trades.name,
  churchId: trades.churchId,
  ownerId: trades.ownerId,
  reviewerUserId: reviews.reviewerUserId,
  stars: reviews.stars,
  holdReasons: reviews.holdReasons,
  churchHeldAt: reviews.churchHeldAt,
  churchHoldUntil: reviews.churchHoldUntil,
  checkedAt: reviews.checkedAt,
};

export function createReviewModerationRepo(db: Database) {
  return {
    /** A review with its business, for a report or a decision. */
    async review(id: string): Promise<DecidedReview | undefined> {
      const [row] = await db
        .select(decidedColumns)
        .from(reviews)
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .where(eq(reviews.id, id));
      return row;
    },

    /** The account's login address, for a logged-in reporter. */
    async accountEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** Locks the review until the transaction ends, so that two reports of it from one reporter cannot both open one. */
    async lockForReport(reviewId: string): Promise<void> {
      await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
    },

    /** The review's oldest open report from the reporter's network or address, if any. */
    async openReportFrom(reviewId: string, reporter: Reporter): Promise<string | undefined> {
      const sameReporter =
        reporter.emailKey === null
          ? eq(reviewReports.reporterNetwork, reporter.network)
          : or(eq(reviewReports.reporterNetwork, reporter.network), eq(reviewReports.reporterEmailKey, reporter.emailKey));
      const [row] = await db
        .select({ id: reviewReports.id })
        .from(reviewReports)
        .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.decision), sameReporter))
        .orderBy(asc(reviewReports.reportedAt), asc(reviewReports.id))
        .limit(1);
      return row?.id;
    },

    /** Counts one more making of the open report. */
    async repeatReport(id: string): Promise<void> {
      await db
        .update(reviewReports)
        .set({ timesReported: sql`${reviewReports.timesReported} + 1` })
        .where(eq(reviewReports.id, id));
    },

    async insertReport(row: { reviewId: string; reporterUserId: string | null; reporter: Reporter; reason: string; at: Date }): Promise<void> {
      await db.insert(reviewReports).values({
        reviewId: row.reviewId,
        reporterUserId: row.reporterUserId,
        reporterNetwork: row.reporter.network,
        reporterEmailKey: row.reporter.emailKey,
        reason: row.reason,
        reportedAt: row.at,
      });
    },

    /**
     * Reviews with open reports, held reviews and reviews with flags nobody weighed yet, across the directory,
     * those waiting longest first: the list is worked from the top, so with its cap nothing waits for ever behind
     * newer arrivals.
     */
    async waiting(): Promise<ModeratedReviewRow[]> {
      return db
        .select({
          ...decidedColumns,
          churchName: churches.name,
          reviewerName: reviews.reviewerName,
          body: reviews.body,
          relation: reviews.relation,
          sameChurch: reviews.sameChurch,
          flags: reviews.flags,
          createdAt: reviews.createdAt,
          editedAt: reviews.editedAt,
        })
        .from(reviews)
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(and(ne(reviews.status, 'REMOVED'), sql`(${hasOpenReport} or ${reviews.status} = 'HELD' or ${flaggedUnchecked})`))
        .orderBy(asc(waitingSince), asc(reviews.id))
        .limit(MODERATED_REVIEWS_SHOWN);
    },

    /** The open reports of the reviews, oldest first. */
    openReports(reviewIds: string[]): Promise<OpenReportRow[]> {
      if (reviewIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: reviewReports.id,
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          reportedAt: reviewReports.reportedAt,
          timesReported: reviewReports.timesReported,
        })
        .from(reviewReports)
        .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.decision)))
        .orderBy(asc(reviewReports.reportedAt), asc(reviewReports.id));
    },

    /** The end of each business's notice showing at `now`, by business. */
    async noticesShowing(tradeIds: string[], now: Date): Promise<Map<string, Date>> {
      if (tradeIds.length === 0) return new Map();
      const rows = await db
        .select({ tradeId: reviewNotices.tradeId, endsAt: sql<Date>`max(${reviewNotices.endsAt})`.mapWith(reviewNotices.endsAt) })
        .from(reviewNotices)
        .where(and(inArray(reviewNotices.tradeId, tradeIds), gt(reviewNotices.endsAt, now)))
        .groupBy(reviewNotices.tradeId);
      return new Map(rows.map((row) => [row.tradeId, row.endsAt]));
    },

    /** The churches the user serves, and as what. */
    async churchesServed(userId: string): Promise<{ churchId: string; churchRole: ChurchRole }[]> {
      return db.select({ churchId: churchMembers.churchId, churchRole: churchMembers.churchRole }).from(churchMembers).where(eq(churchMembers.userId, userId));
    },

    /** Removes the review unless it was removed already: false then. */
    async remove(id: string, removal: { reason: string; by: string; at: Date }): Promise<boolean> {
      const removed = await db
        .update(reviews)
        .set({
          status: 'REMOVED',
          removedAt: removal.at,
          removedReason: removal.reason,
          removedBy: removal.by,
          churchHoldUntil: null,
          checkedAt: removal.at,
          checkedBy: removal.by,
        })
        .where(and(eq(reviews.id, id), ne(reviews.status, 'REMOVED')))
        .returning({ id: reviews.id });
      return removed.length > 0;
    },

    /** Publishes the review, its holds lifted and its flags weighed, unless it was removed meanwhile: false then. */
    async keep(id: string, keeping: { by: string; at: Date }): Promise<boolean> {
      const kept = await db
        .update(reviews)
        .set({ status: 'PUBLISHED', holdReasons: [], churchHoldUntil: null, checkedAt: keeping.at, checkedBy: keeping.by })
        .where(and(eq(reviews.id, id), ne(reviews.status, 'REMOVED')))
        .returning({ id: reviews.id });
      return kept.length > 0;
    },

    /** The church's one hold of the review, unless it was held or removed meanwhile: false then. */
    async holdForChurch(id: string, hold: { by: string; at: Date; until: Date }): Promise<boolean> {
      const held = await db
        .update(reviews)
        .set({ status: 'HELD', churchHeldAt: hold.at, churchHeldBy: hold.by, churchHoldUntil: hold.until })
        .where(and(eq(reviews.id, id), isNull(reviews.churchHeldAt), ne(reviews.status, 'REMOVED')))
        .returning({ id: reviews.id });
      return held.length > 0;
    },

    /** Decides the review's open reports. */
    async decideReports(reviewId: string, decision: ReviewReportDecision, by: string, at: Date): Promise<void> {
      await db
        .update(reviewReports)
        .set({ decision, decidedBy: by, decidedAt: at })
        .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.decision)));
    },

    /**
     * Ends the church's holds lapsed by `now`: each review shows again unless an automatic check still holds it.
     * The reviews' trigger counts the published ones on their business again (db/README.md).
     */
    async lapseChurchHolds(now: Date): Promise<number> {
      const lapsed = await db
        .update(reviews)
        .set({
          churchHoldUntil: null,
          status: sql`case when cardinality(${reviews.holdReasons}) = 0 then 'PUBLISHED' else ${reviews.status} end`,
        })
        .where(and(eq(reviews.status, 'HELD'), lte(reviews.churchHoldUntil, now)))
        .returning({ id: reviews.id });
      return lapsed.length;
    },

    /** Who gets the mail about a removal: the address of the enquiry the review came from. */
    async reviewer(reviewId: string) {
      const [row] = await db
        .select({ email: enquiries.senderEmail, name: enquiries.senderName, confirmedAt: enquiries.senderConfirmedAt })
        .from(reviews)
        .innerJoin(enquiries, eq(enquiries.id, reviews.enquiryId))
        .where(eq(reviews.id, reviewId));
      return row;
    },

    /** The business and its owner's account, its row locked until the transaction ends so that two notices cannot start together. */
    async tradeForNotice(tradeId: string) {
      const [row] = await db
        .select({
          id: trades.id,
          name: trades.name,
          churchId: trades.churchId,
          ownerId: trades.ownerId,
          ownerEmail: users.email,
          ownerFirstName: users.firstName,
          ownerEmailVerifiedAt: users.emailVerifiedAt,
        })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(eq(trades.id, tradeId))
        .for('update', { of: trades });
      return row;
    },

    async insertNotice(row: { tradeId: string; reason: string; startedAt: Date; endsAt: Date; setBy: string }): Promise<void> {
      await db.insert(reviewNotices).values(row);
    },

    /** Ends the business's notices showing at `now`, kept as history: their reasons and who set them. */
    async endNotices(tradeId: string, now: Date): Promise<{ reason: string; endsAt: Date }[]> {
      const ended = await db
        .update(reviewNotices)
        .set({ endsAt: now })
        .where(and(eq(reviewNotices.tradeId, tradeId), gt(reviewNotices.endsAt, now)))
        .returning({ reason: reviewNotices.reason, endsAt: reviewNotices.endsAt });
      return ended;
    },
  };
}

export type ReviewModerationRepo = ReturnType<typeof createReviewModerationRepo>;
