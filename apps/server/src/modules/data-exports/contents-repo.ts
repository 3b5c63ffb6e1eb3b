import { and, asc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  addresses,
  auditLog,
  blockedSenders,
  churches,
  churchMembers,
  enquiries,
  enquiryMessages,
  enquirySpamReports,
  loginNetworks,
  oneTimeKeys,
  outboxMails,
  reviewReports,
  reviews,
  sessions,
  socialMedia,
  trades,
  tradeVouches,
  users,
} from '../../db/schema';

/** Whose data an archive holds: the account, and the key its address has in enquiries and reviews. */
export interface Person {
  userId: string;
  emailKey: string;
}

// The business's every column but the two search vectors, which only repeat its words for the search index.
const { searchVector: _searchVector, nameVector: _nameVector, ...tradeColumns } = getTableColumns(trades);

/**
 * What the database holds about one person, read for the archive of their data (contents.ts says which file
 * each goes into). Secrets are never selected: no password hash, TOTP secret, session token or key hash.
 */
export function createDataExportContentsRepo(db: Database) {
  /** An enquiry as its sender or the business sees it, without the checks' hashes and link versions. */
  const enquiryColumns = {
    id: enquiries.id,
    tradeId: enquiries.tradeId,
    businessName: trades.name,
    senderName: enquiries.senderName,
    senderEmail: enquiries.senderEmail,
    senderPhone: enquiries.senderPhone,
    senderSuburb: enquiries.senderSuburb,
    createdAt: enquiries.createdAt,
    deliveredAt: enquiries.deliveredAt,
    readAt: enquiries.readAt,
    firstAnsweredAt: enquiries.firstAnsweredAt,
    lastMessageAt: enquiries.lastMessageAt,
  };

  return {
    async account(userId: string) {
      const [account] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          bio: users.bio,
          photo: users.imageUrl,
          role: users.role,
          governedState: users.governedState,
          twoStepOn: users.mfa,
          enabled: users.enabled,
          emailVerifiedAt: users.emailVerifiedAt,
          accountNonExpired: users.accountNonExpired,
          accountNonLocked: users.accountNonLocked,
          credentialsNonExpired: users.credentialsNonExpired,
          confirmedByAdministrator: users.moderated,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return account;
    },

    async churchRoles(userId: string) {
      return db
        .select({ churchId: churchMembers.churchId, churchName: churches.name, role: churchMembers.churchRole, since: churchMembers.createdAt })
        .from(churchMembers)
        .innerJoin(churches, eq(churches.id, churchMembers.churchId))
        .where(eq(churchMembers.userId, userId))
        .orderBy(asc(churchMembers.createdAt));
    },

    async sessions(userId: string) {
      return db
        .select({
          stage: sessions.stage,
          userAgent: sessions.userAgent,
          network: sessions.network,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt));
    },

    /** The networks the account logged in from lately: what holds a review written from its owner's network. */
    async loginNetworks(userId: string) {
      return db
        .select({ network: loginNetworks.network, lastLoginAt: loginNetworks.lastLoginAt })
        .from(loginNetworks)
        .where(eq(loginNetworks.userId, userId))
        .orderBy(asc(loginNetworks.lastLoginAt));
    },

    async businesses(userId: string) {
      return db
        .select({ ...tradeColumns, churchName: churches.name })
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(eq(trades.ownerId, userId))
        .orderBy(asc(trades.createdAt));
    },

    async addresses(tradeIds: string[]) {
      if (tradeIds.length === 0) return [];
      return db.select().from(addresses).where(inArray(addresses.entityId, tradeIds)).orderBy(asc(addresses.createdAt));
    },

    async socialMedia(tradeIds: string[]) {
      if (tradeIds.length === 0) return [];
      return db.select().from(socialMedia).where(inArray(socialMedia.entityId, tradeIds)).orderBy(asc(socialMedia.createdAt));
    },

    /** Enquiries the person sent, from their account or from their address, however they stand. */
    async enquiriesSent({ userId, emailKey }: Person) {
      return db
        .select({ ...enquiryColumns, senderNetwork: enquiries.senderNetwork, delivery: enquiries.delivery })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(or(eq(enquiries.senderUserId, userId), eq(enquiries.senderEmailKey, emailKey)))
        .orderBy(asc(enquiries.createdAt));
    },

    /** Enquiries the person's businesses received: those delivered to them, as their inbox shows them. */
    async enquiriesReceived(tradeIds: string[]) {
      if (tradeIds.length === 0) return [];
      return db
        .select({ ...enquiryColumns, folder: enquiries.folder })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(and(inArray(enquiries.tradeId, tradeIds), eq(enquiries.delivery, 'DELIVERED')))
        .orderBy(asc(enquiries.createdAt));
    },

    async messagesOf(enquiryIds: string[]) {
      if (enquiryIds.length === 0) return [];
      return db
        .select({ enquiryId: enquiryMessages.enquiryId, author: enquiryMessages.author, body: enquiryMessages.body, createdAt: enquiryMessages.createdAt })
        .from(enquiryMessages)
        .where(inArray(enquiryMessages.enquiryId, enquiryIds))
        .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
    },

    /** Reviews the person wrote, from their account or their address; the moderators' marks stay theirs. */
    async reviewsWritten({ userId, emailKey }: Person) {
      return db
        .select({
          id: reviews.id,
          tradeId: reviews.tradeId,
          businessName: trades.name,
          enquiryId: reviews.enquiryId,
          reviewerName: reviews.reviewerName,
          reviewerNetwork: reviews.reviewerNetwork,
          relation: reviews.relation,
          sameChurch: reviews.sameChurch,
          stars: reviews.stars,
          body: reviews.body,
          workSuburb: reviews.workSuburb,
          workMonth: reviews.workMonth,
          status: reviews.status,
          holdReasons: reviews.holdReasons,
          createdAt: reviews.createdAt,
          editedAt: reviews.editedAt,
          ownerAnswer: reviews.ownerAnswer,
          ownerAnsweredAt: reviews.ownerAnsweredAt,
          removedAt: reviews.removedAt,
          removedReason: reviews.removedReason,
        })
        .from(reviews)
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .where(or(eq(reviews.reviewerUserId, userId), eq(reviews.reviewerEmailKey, emailKey)))
        .orderBy(asc(reviews.createdAt));
    },

    /** Reviews of the person's businesses as the business page shows them: not those held for a moderator. */
    async reviewsReceived(tradeIds: string[]) {
      if (tradeIds.length === 0) return [];
      return db
        .select({
          id: reviews.id,
          tradeId: reviews.tradeId,
          businessName: trades.name,
          reviewerName: reviews.reviewerName,
          relation: reviews.relation,
          stars: reviews.stars,
          body: reviews.body,
          workSuburb: reviews.workSuburb,
          workMonth: reviews.workMonth,
          status: reviews.status,
          createdAt: reviews.createdAt,
          editedAt: reviews.editedAt,
          ownerAnswer: reviews.ownerAnswer,
          ownerAnsweredAt: reviews.ownerAnsweredAt,
          removedAt: reviews.removedAt,
          removedReason: reviews.removedReason,
        })
        .from(reviews)
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .where(and(inArray(reviews.tradeId, tradeIds), ne(reviews.status, 'HELD')))
        .orderBy(asc(reviews.createdAt));
    },

    async reviewReportsMade(userId: string) {
      return db
        .select({
          reviewId: reviewReports.reviewId,
          businessName: trades.name,
          reason: reviewReports.reason,
          reporterNetwork: reviewReports.reporterNetwork,
          reportedAt: reviewReports.reportedAt,
          decision: reviewReports.decision,
          decidedAt: reviewReports.decidedAt,
        })
        .from(reviewReports)
        .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
        .innerJoin(trades, eq(trades.id, reviews.tradeId))
        .where(eq(reviewReports.reporterUserId, userId))
        .orderBy(asc(reviewReports.reportedAt));
    },

    async spamReportsMade(userId: string) {
      return db
        .select({
          enquiryId: enquirySpamReports.enquiryId,
          reason: enquirySpamReports.reason,
          reportedAt: enquirySpamReports.reportedAt,
          decision: enquirySpamReports.decision,
          decidedAt: enquirySpamReports.decidedAt,
        })
        .from(enquirySpamReports)
        .where(eq(enquirySpamReports.reportedBy, userId))
        .orderBy(asc(enquirySpamReports.reportedAt));
    },

    /** Vouches the person gave as a priest or moderator, and those their businesses received. */
    async vouches(userId: string, tradeIds: string[]) {
      const given = eq(tradeVouches.voucherId, userId);
      const received = tradeIds.length === 0 ? sql`false` : inArray(tradeVouches.tradeId, tradeIds);
      return db
        .select({
          given: sql<boolean>`${given}`,
          tradeId: tradeVouches.tradeId,
          businessName: trades.name,
          churchName: churches.name,
          voucherRole: tradeVouches.voucherRole,
          voucherNamed: tradeVouches.voucherNamed,
          vouchedAt: tradeVouches.vouchedAt,
          expiresAt: tradeVouches.expiresAt,
          renewalAskedAt: tradeVouches.renewalAskedAt,
          withdrawnAt: tradeVouches.withdrawnAt,
          withdrawnReason: tradeVouches.withdrawnReason,
        })
        .from(tradeVouches)
        .innerJoin(trades, eq(trades.id, tradeVouches.tradeId))
        .innerJoin(churches, eq(churches.id, tradeVouches.churchId))
        .where(or(given, received))
        .orderBy(asc(tradeVouches.vouchedAt));
    },

    /**
     * Audit entries of what the person did and of what was done to their account or businesses. Who else acted
     * is told as "by you" or not: the address of a moderator or administrator is theirs, not this person's.
     */
    async auditEntries(userId: string, tradeIds: string[]) {
      const aboutBusinesses =
        tradeIds.length === 0 ? sql`false` : and(eq(auditLog.subjectType, 'TRADE'), inArray(auditLog.subjectId, tradeIds));
      return db
        .select({
          action: auditLog.action,
          byYou: sql<boolean>`coalesce(${auditLog.actorId} = ${userId}, false)`,
          // A visitor's network or the operator's command line; null for another account.
          actor: sql<string | null>`case when ${auditLog.actorId} is null then ${auditLog.actorEmail} end`,
          subjectType: auditLog.subjectType,
          subjectId: auditLog.subjectId,
          subjectName: auditLog.subjectName,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(
          or(eq(auditLog.actorId, userId), and(eq(auditLog.subjectType, 'USER'), eq(auditLog.subjectId, userId)), aboutBusinesses),
        )
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    },

    /** The account's e-mailed links (verification, reset, e-mail change): what they were for and when, never a key. */
    async emailedLinks(userId: string) {
      return db
        .select({
          purpose: oneTimeKeys.purpose,
          email: oneTimeKeys.email,
          createdAt: oneTimeKeys.createdAt,
          expiresAt: oneTimeKeys.expiresAt,
          usedAt: oneTimeKeys.usedAt,
        })
        .from(oneTimeKeys)
        .where(eq(oneTimeKeys.userId, userId))
        .orderBy(asc(oneTimeKeys.createdAt));
    },

    /** Senders the person blocked as a moderator, and their own address if it is blocked. */
    async blockedSenders({ userId, emailKey }: Person) {
      return db
        .select({
          emailKey: blockedSenders.emailKey,
          reason: blockedSenders.reason,
          blockedAt: blockedSenders.blockedAt,
          blockedByYou: sql<boolean>`coalesce(${blockedSenders.blockedBy} = ${userId}, false)`,
        })
        .from(blockedSenders)
        .where(or(eq(blockedSenders.blockedBy, userId), eq(blockedSenders.emailKey, emailKey)))
        .orderBy(asc(blockedSenders.blockedAt));
    },

    /** Mails to the address, as the outbox keeps them: subject and times (bodies go once a mail is sent). */
    async mails(emailKey: string) {
      return db
        .select({
          subject: outboxMails.subject,
          state: outboxMails.state,
          queuedAt: outboxMails.createdAt,
          sentAt: outboxMails.sentAt,
          failedAt: outboxMails.failedAt,
        })
        .from(outboxMails)
        .where(eq(sql`lower(btrim(${outboxMails.recipient}))`, emailKey))
        .orderBy(asc(outboxMails.createdAt));
    },
  };
}

export type DataExportContentsRepo = ReturnType<typeof createDataExportContentsRepo>;
