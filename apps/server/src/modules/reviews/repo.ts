import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inboxKeyOf } from '../../db/inbox-key';
import { auditLog, blockedSenders, churchMembers, enquiries, reviewNotices, reviews, trades, users } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** An enquiry as the reviews' rules read it: its sender, whether it was answered, and its business with its owner. */
export interface ReviewedEnquiry {
  id: string;
  senderUserId: string | null;
  senderName: string;
  senderEmail: string;
  senderEmailKey: string;
  delivery: string;
  firstAnsweredAt: Date | null;
  tradeId: string;
  tradeName: string;
  tradeListed: boolean;
  tradeChurchId: string;
  tradeOwnerId: string;
  /** Every address the business's owner reaches or reached (`ownerAddresses`). */
  ownerEmails: string[];
}

/** An enquiry claimed by the invitation job, with what its mail says. */
export interface InvitedEnquiry {
  id: string;
  tradeId: string;
  tradeName: string;
  senderUserId: string | null;
  senderName: string;
  senderEmail: string;
  senderEmailKey: string;
  linkVersion: number;
}

/** A page's window: `limit` rows after `offset`. */
export interface Window {
  offset: number;
  limit: number;
}

const published = eq(reviews.status, 'PUBLISHED');

/** The earlier login e-mails of the account `userId`, as the audit entries of the change `action` keep them. */
function earlierLoginEmails(userId: SQL, action: string, email: SQL): SQL {
  return sql`select ${email} from ${auditLog}
    where ${auditLog.subjectType} = 'USER' and ${auditLog.subjectId} = ${userId}::text and ${auditLog.action} = ${action}`;
}

/**
 * The addresses the owner of the business of the query's `trades` row reaches, or reached, one `email` a row: the
 * login e-mail, the business's public one, and the earlier login e-mails, which the audit log keeps for good: the
 * owner's own change (users/service.ts `confirmEmailChange`, its `from`) and an administrator's (user-admin/service.ts
 * `updateMasterUser`, its `before`, which names the e-mail only when it changed).
 */
const ownerAddresses = sql`
  select ${users.email} as email from ${users} where ${users.id} = ${trades.ownerId}
  union all select ${trades.publicEmail}
  union all ${earlierLoginEmails(sql`${trades.ownerId}`, 'user.emailChange', sql`${auditLog.after} ->> 'from'`)}
  union all ${earlierLoginEmails(sql`${trades.ownerId}`, 'user.update', sql`${auditLog.before} ->> 'email'`)}`;

/**
 * A review by the sender of the enquiry `enquiry`: of that enquiry, or of another of theirs to the same business
 * (the same address, or the same account). One per person and business; the unique indexes hold it too.
 */
function bySenderOf(enquiry: { id: SQL | string; tradeId: SQL | string; senderEmailKey: SQL | string; senderUserId: SQL | string | null }): SQL {
  const sameUser = enquiry.senderUserId === null ? sql`false` : sql`${reviews.reviewerUserId} = ${enquiry.senderUserId}`;
  return sql`${reviews.tradeId} = ${enquiry.tradeId} and (${reviews.enquiryId} = ${enquiry.id} or ${reviews.reviewerEmailKey} = ${enquiry.senderEmailKey} or ${sameUser})`;
}

export function createReviewRepo(db: Database) {
  return {
    async enquiry(id: string): Promise<ReviewedEnquiry | undefined> {
      const [row] = await db
        .select({
          id: enquiries.id,
          senderUserId: enquiries.senderUserId,
          senderName: enquiries.senderName,
          senderEmail: enquiries.senderEmail,
          senderEmailKey: enquiries.senderEmailKey,
          delivery: enquiries.delivery,
          firstAnsweredAt: enquiries.firstAnsweredAt,
          tradeId: trades.id,
          tradeName: trades.name,
          tradeListed: trades.listed,
          tradeChurchId: trades.churchId,
          tradeOwnerId: trades.ownerId,
          ownerEmails: sql<string[]>`array(select address.email from (${ownerAddresses}) as address where address.email is not null)`,
        })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(eq(enquiries.id, id));
      return row;
    },

    /** The review the enquiry's sender wrote of its business, if any. */
    async bySender(enquiry: ReviewedEnquiry): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(bySenderOf(enquiry))
        .limit(1);
      return row;
    },

    async find(id: string, forUpdate = false): Promise<ReviewRow | undefined> {
      const query = db.select().from(reviews).where(eq(reviews.id, id));
      const [row] = await (forUpdate ? query.for('update') : query);
      return row;
    },

    /** The review with its business's owner and name, for the owner's answer. */
    async withTrade(id: string) {
      const [row] = await db
        .select({ review: reviews, ownerId: trades.ownerId, tradeName: trades.name, senderEmail: enquiries.senderEmail, senderName: enquiries.senderName })
        .from(reviews)
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .innerJoin(enquiries, eq(enquiries.id, reviews.enquiryId))
        .where(eq(reviews.id, id));
      return row;
    },

    async isBlocked(emailKey: string): Promise<boolean> {
      const [row] = await db.select({ emailKey: blockedSenders.emailKey }).from(blockedSenders).where(eq(blockedSenders.emailKey, emailKey));
      return row !== undefined;
    },

    async accountCreatedAt(userId: string): Promise<Date | undefined> {
      const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      return row?.createdAt;
    },

    /** Whether the account is a priest or moderator of the church, or owns a business attached to it. */
    async belongsToChurch(userId: string, churchId: string): Promise<boolean> {
      const [member] = await db
        .select({ userId: churchMembers.userId })
        .from(churchMembers)
        .where(and(eq(churchMembers.userId, userId), eq(churchMembers.churchId, churchId)))
        .limit(1);
      if (member) return true;
      const [owned] = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(eq(trades.ownerId, userId), eq(trades.churchId, churchId)))
        .limit(1);
      return owned !== undefined;
    },

    /** The business's reviews written since `since`. */
    async writtenSince(tradeId: string, since: Date): Promise<number> {
      const [row] = await db.select({ written: count() }).from(reviews).where(and(eq(reviews.tradeId, tradeId), gt(reviews.createdAt, since)));
      return row?.written ?? 0;
    },

    /** The business's reviews from the network since `since`. */
    async fromNetworkSince(tradeId: string, network: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ written: count() })
        .from(reviews)
        .where(and(eq(reviews.tradeId, tradeId), eq(reviews.reviewerNetwork, network), gt(reviews.createdAt, since)));
      return row?.written ?? 0;
    },

    /** Reviews of any business with the text (by its hash) since `since`. */
    async withTextSince(textHash: string, since: Date): Promise<number> {
      const [row] = await db.select({ written: count() }).from(reviews).where(and(eq(reviews.textHash, textHash), gt(reviews.createdAt, since)));
      return row?.written ?? 0;
    },

    /** The new review; undefined when one of the person's exists already (a unique index refused it). */
    async insert(review: NewReview): Promise<ReviewRow | undefined> {
      const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
      return row;
    },

    async update(id: string, changes: Partial<NewReview>): Promise<ReviewRow | undefined> {
      const [row] = await db.update(reviews).set(changes).where(eq(reviews.id, id)).returning();
      return row;
    },

    /** The owner's one answer to a published review: false when it was answered meanwhile, or is published no more. */
    async answer(id: string, body: string, at: Date): Promise<boolean> {
      const answered = await db
        .update(reviews)
        .set({ ownerAnswer: body, ownerAnsweredAt: at })
        .where(and(eq(reviews.id, id), published, isNull(reviews.ownerAnswer)))
        .returning({ id: reviews.id });
      return answered.length === 1;
    },

    /** A business of the directory, listed or not; undefined for an unknown id. */
    async trade(id: string) {
      const [row] = await db
        .select({ id: trades.id, listed: trades.listed, reviewCount: trades.reviewCount, reviewStarsTotal: trades.reviewStarsTotal })
        .from(trades)
        .where(eq(trades.id, id));
      return row;
    },

    /** The business the user owns (one at most). */
    async ownTrade(userId: string): Promise<{ id: string } | undefined> {
      const [row] = await db.select({ id: trades.id }).from(trades).where(eq(trades.ownerId, userId)).limit(1);
      return row;
    },

    /** A page of the business's published reviews of `stars` (all when absent), newest first, and how many there are. */
    async publishedPage(tradeId: string, stars: number | undefined, window: Window): Promise<{ rows: ReviewRow[]; total: number }> {
      const where = and(eq(reviews.tradeId, tradeId), published, stars === undefined ? undefined : eq(reviews.stars, stars));
      const [rows, [total]] = await Promise.all([
        db.select().from(reviews).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(window.limit).offset(window.offset),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The business's published reviews per number of stars, and its reviews waiting for a moderator. */
    async counts(tradeId: string): Promise<{ perStars: { stars: number; reviews: number }[]; waiting: number }> {
      const [perStars, [held]] = await Promise.all([
        db
          .select({ stars: reviews.stars, reviews: count() })
          .from(reviews)
          .where(and(eq(reviews.tradeId, tradeId), published))
          .groupBy(reviews.stars),
        db.select({ waiting: count() }).from(reviews).where(and(eq(reviews.tradeId, tradeId), eq(reviews.status, 'HELD'))),
      ]);
      return { perStars, waiting: held?.waiting ?? 0 };
    },

    /** Every removed review's date and reason, newest first. */
    removalNotes(tradeId: string) {
      return db
        .select({ removedAt: reviews.removedAt, reason: reviews.removedReason, createdAt: reviews.createdAt })
        .from(reviews)
        .where(and(eq(reviews.tradeId, tradeId), eq(reviews.status, 'REMOVED')))
        .orderBy(desc(sql`coalesce(${reviews.removedAt}, ${reviews.createdAt})`), desc(reviews.id));
    },

    /** The business's notice showing at `now`, the latest set. */
    async notice(tradeId: string, now: Date) {
      const [row] = await db
        .select({ startedAt: reviewNotices.startedAt, endsAt: reviewNotices.endsAt, reason: reviewNotices.reason })
        .from(reviewNotices)
        .where(and(eq(reviewNotices.tradeId, tradeId), gt(reviewNotices.endsAt, now), lte(reviewNotices.startedAt, now)))
        .orderBy(desc(reviewNotices.startedAt))
        .limit(1);
      return row;
    },

    /**
     * Claims up to `limit` enquiries whose sender is due an invitation: delivered, first answered on or before
     * `answeredBy`, not invited yet, their business listed, their sender neither its owner (by account, or by the
     * inbox of any of the owner's addresses) nor blocked, nor already its reviewer or invited through another
     * enquiry. Marks them invited, and answers them with their business.
     * An enquiry another process holds is skipped and the rule is checked again on the locked row, so each is
     * claimed, and mailed, by one run only.
     *
     * A sender whose conversation link was stopped gets the link's current version, which was never mailed:
     * its stop is lifted as the owner's next answer lifts it, so the old link stays dead. A sender without an account
     * whose conversation's last message is `linkLapseCutoff` or older is not asked: their link has lapsed.
     */
    async claimInvitations(now: Date, answeredBy: Date, linkLapseCutoff: Date, limit: number): Promise<InvitedEnquiry[]> {
      const due = and(
        eq(enquiries.delivery, 'DELIVERED'),
        isNotNull(enquiries.firstAnsweredAt),
        lte(enquiries.firstAnsweredAt, answeredBy),
        isNull(enquiries.reviewInvitedAt),
        or(isNotNull(enquiries.senderUserId), gt(enquiries.lastMessageAt, linkLapseCutoff)),
        sql`exists (
          select 1 from ${trades}
          where ${trades.id} = ${enquiries.tradeId} and ${trades.listed}
            and ${trades.ownerId} is distinct from ${enquiries.senderUserId}
            and not exists (
              select 1 from (${ownerAddresses}) as address where ${inboxKeyOf(sql`address.email`)} = ${enquiries.senderEmailKey}
            )
        )`,
        sql`not exists (select 1 from ${blockedSenders} where ${blockedSenders.emailKey} = ${enquiries.senderEmailKey})`,
        sql`not exists (
          select 1 from ${enquiries} as sibling
          where sibling.trade_id = ${enquiries.tradeId} and sibling.sender_email_key = ${enquiries.senderEmailKey}
            and sibling.review_invited_at is not null
        )`,
        sql`not exists (select 1 from ${reviews} where ${bySenderOf({
          id: sql`${enquiries.id}`,
          tradeId: sql`${enquiries.tradeId}`,
          senderEmailKey: sql`${enquiries.senderEmailKey}`,
          senderUserId: sql`${enquiries.senderUserId}`,
        })})`,
      );
      // A CTE, evaluated once: as an `IN (subquery)` the LIMIT would not hold (still-trading/repo.ts).
      const batch = db
        .$with('batch')
        .as(
          db
            .select({ id: enquiries.id })
            .from(enquiries)
            .where(due)
            .orderBy(enquiries.firstAnsweredAt, enquiries.id)
            .limit(limit)
            .for('update', { of: enquiries, skipLocked: true }),
        );
      const claimed = await db
        .with(batch)
        .update(enquiries)
        .set({
          reviewInvitedAt: now,
          linkRevokedAt: sql`case when ${enquiries.senderUserId} is null then null else ${enquiries.linkRevokedAt} end`,
        })
        .where(and(inArray(enquiries.id, db.select({ id: batch.id }).from(batch)), due))
        .returning({ id: enquiries.id });
      if (claimed.length === 0) return [];
      return db
        .select({
          id: enquiries.id,
          tradeId: trades.id,
          tradeName: trades.name,
          senderUserId: enquiries.senderUserId,
          senderName: enquiries.senderName,
          senderEmail: enquiries.senderEmail,
          senderEmailKey: enquiries.senderEmailKey,
          linkVersion: enquiries.linkVersion,
        })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(inArray(enquiries.id, claimed.map((row) => row.id)))
        .orderBy(enquiries.firstAnsweredAt, enquiries.id);
    },
  };
}

export type ReviewRepo = ReturnType<typeof createReviewRepo>;
