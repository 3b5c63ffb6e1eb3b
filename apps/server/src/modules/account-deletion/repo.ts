import { FORMER_CUSTOMER, FORMER_USER } from '@churchtrades/shared/account-deletion';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import { and, asc, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { auditLog, dataExports, enquiries, outboxMails, reviewReports, reviews, trades, users } from '../../db/schema';

export type PendingAccount = typeof users.$inferSelect & { deletionDueAt: Date };

/** What the deletion leaves on disk for the job to remove once the rows are gone. */
export interface AccountFiles {
  /** The photo, and the logos and cover pictures of the businesses: upload URLs. */
  images: (string | null)[];
  /** The data archives, by their request's id. */
  archives: string[];
}

/** A deleted person in the rows that outlive them: their address in no column, a key no address has. */
const goneKey = (id: AnyPgColumn): SQL => sql`'deleted:' || ${id}`;

/** Accounts waiting to be deleted, and the deletion itself. */
export function createAccountDeletionRepo(db: Database) {
  return {
    /** Closes the account until `dueAt`; undefined when a deletion is pending already. */
    async markPending(userId: string, requestedAt: Date, dueAt: Date): Promise<PendingAccount | undefined> {
      const [row] = await db
        .update(users)
        .set({ deletionRequestedAt: requestedAt, deletionDueAt: dueAt })
        .where(and(eq(users.id, userId), isNull(users.deletionDueAt)))
        .returning();
      return row as PendingAccount | undefined;
    },

    /** Keeps the account: open again, its business back in the directory; undefined when it was not waiting. */
    async clearPending(userId: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .update(users)
        .set({ deletionRequestedAt: null, deletionDueAt: null })
        .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt)))
        .returning({ id: users.id, email: users.email });
      return row;
    },

    /** The ids of up to `limit` accounts whose wait is over, the longest due first. */
    async findDue(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(lte(users.deletionDueAt, now))
        .orderBy(asc(users.deletionDueAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * The account, locked for its deletion, if it is still due: a process deleting it already holds the lock and
     * this one skips it, and an account kept meanwhile is not due.
     */
    async lockDue(userId: string, now: Date): Promise<PendingAccount | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), lte(users.deletionDueAt, now)))
        .for('update', { skipLocked: true });
      return row as PendingAccount | undefined;
    },

    async filesOf(userId: string): Promise<AccountFiles> {
      const [account] = await db.select({ photo: users.imageUrl }).from(users).where(eq(users.id, userId));
      const pictures = await db.select({ logo: trades.logoUri, image: trades.image }).from(trades).where(eq(trades.ownerId, userId));
      const archives = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, userId));
      return {
        images: [account?.photo ?? null, ...pictures.flatMap((picture) => [picture.logo, picture.image])],
        archives: archives.map((archive) => archive.id),
      };
    },

    /**
     * What others rely on stays without the person: the reviews they wrote, as FORMER_CUSTOMER (held for a
     * moderator when under an open report, so no one can escape a report by leaving); the conversations of the
     * enquiries they sent, as FORMER_USER, their link stopped; their reports, without their address; the audit
     * log, with a hash where their address was. Matched by account and by inbox, as the data export matches them.
     */
    async anonymise(account: PendingAccount, addressHash: string, now: Date): Promise<void> {
      const emailKey = inboxKey(account.email);
      const openReport = sql`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.decision} is null)`;
      const heldNow = sql`${reviews.status} = 'PUBLISHED' and ${openReport}`;
      await db
        .update(reviews)
        .set({
          reviewerName: FORMER_CUSTOMER,
          reviewerEmailKey: goneKey(reviews.id),
          status: sql`case when ${heldNow} then 'HELD'::review_status else ${reviews.status} end`,
          holdReasons: sql`case when ${heldNow} then array_append(${reviews.holdReasons}, 'REVIEWER_LEFT') else ${reviews.holdReasons} end`,
        })
        .where(or(eq(reviews.reviewerUserId, account.id), eq(reviews.reviewerEmailKey, emailKey)));
      await db
        .update(enquiries)
        .set({
          senderName: FORMER_USER,
          senderEmail: '',
          senderEmailKey: goneKey(enquiries.id),
          senderPhone: null,
          linkVersion: sql`${enquiries.linkVersion} + 1`,
          linkRevokedAt: now,
        })
        .where(or(eq(enquiries.senderUserId, account.id), eq(enquiries.senderEmailKey, emailKey)));
      await db.update(reviewReports).set({ reporterEmailKey: null }).where(eq(reviewReports.reporterUserId, account.id));
      await db.delete(outboxMails).where(sql`lower(${outboxMails.recipient}) = lower(${account.email})`);
      await this.hashAuditAddress(account, addressHash);
    },

    /** The audit log keeps what happened, with the hash wherever it named the address or the person. */
    async hashAuditAddress(account: PendingAccount, addressHash: string): Promise<void> {
      const address = sql`to_json(${account.email}::text)::text`;
      const hash = sql`to_json(${addressHash}::text)::text`;
      const aboutThem = or(
        eq(auditLog.actorId, account.id),
        and(eq(auditLog.subjectType, 'USER'), eq(auditLog.subjectId, account.id)),
        sql`lower(${auditLog.actorEmail}) = lower(${account.email})`,
      );
      await db
        .update(auditLog)
        .set({
          actorEmail: sql`case when lower(${auditLog.actorEmail}) = lower(${account.email}) then ${addressHash} else ${auditLog.actorEmail} end`,
          subjectName: sql`case when ${auditLog.subjectType} = 'USER' and ${auditLog.subjectId} = ${account.id} then ${addressHash} else ${auditLog.subjectName} end`,
          before: sql`replace(${auditLog.before}::text, ${address}, ${hash})::jsonb`,
          after: sql`replace(${auditLog.after}::text, ${address}, ${hash})::jsonb`,
        })
        .where(aboutThem);
    },

    /**
     * The account goes, and with it (by the schema's cascades) its business with its addresses and social media,
     * its sessions, keys, login networks, church roles and archives; the rows of others that named it keep the
     * row without the account (set null), vouches with the voucher's role.
     */
    async remove(userId: string): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}

export type AccountDeletionRepo = ReturnType<typeof createAccountDeletionRepo>;
