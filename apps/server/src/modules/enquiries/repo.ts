import type { EnquiryAuthor, EnquiryDelivery } from '@churchtrades/shared/enquiries';
import { and, asc, count, countDistinct, eq, gt, inArray, isNotNull, isNull, lte, min, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversationMessages } from './conversation-messages';
import {
  blockedSenders,
  enquiries,
  enquiryConfirmations,
  enquiryDailyCounts,
  enquiryMessages,
  spentProofsOfWork,
  trades,
  users,
} from '../../db/schema';

export type NewEnquiry = typeof enquiries.$inferInsert;

/** A business as a send needs it: whether it is in the directory, and who owns it. */
export interface EnquiredTrade {
  id: string;
  name: string;
  listed: boolean;
  ownerId: string;
}

/** A delivered enquiry with what its owner's mail says. */
export interface DeliveredEnquiry {
  id: string;
  tradeName: string;
  senderName: string;
  senderEmail: string;
  senderPhone: string | null;
  senderSuburb: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerEmailVerifiedAt: Date | null;
}

const deliveredColumns = {
  id: enquiries.id,
  tradeName: trades.name,
  senderName: enquiries.senderName,
  senderEmail: enquiries.senderEmail,
  senderPhone: enquiries.senderPhone,
  senderSuburb: enquiries.senderSuburb,
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerEmailVerifiedAt: users.emailVerifiedAt,
};

/** The day of `at` on the east coast's calendar, as the daily counts are kept. */
export function sydneyDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);
}

export function createEnquiryRepo(db: Database) {
  async function withOwners(ids: string[]): Promise<DeliveredEnquiry[]> {
    if (ids.length === 0) return [];
    return db
      .select(deliveredColumns)
      .from(enquiries)
      .innerJoin(trades, eq(trades.id, enquiries.tradeId))
      .innerJoin(users, eq(users.id, trades.ownerId))
      .where(inArray(enquiries.id, ids))
      .orderBy(asc(trades.name));
  }

  return {
    /** Records a proof of work as spent: false when it was spent already. */
    async spendProof(signature: string, expiresAt: Date): Promise<boolean> {
      const spent = await db
        .insert(spentProofsOfWork)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: spentProofsOfWork.signature });
      return spent.length === 1;
    },

    async isBlocked(emailKey: string): Promise<boolean> {
      const [row] = await db.select({ emailKey: blockedSenders.emailKey }).from(blockedSenders).where(eq(blockedSenders.emailKey, emailKey));
      return row !== undefined;
    },

    /** The sender's account: its address, and whether its owner proved it. */
    async account(userId: string) {
      const [row] = await db.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
      return row;
    },

    tradesOf(ids: string[]): Promise<EnquiredTrade[]> {
      return db
        .select({ id: trades.id, name: trades.name, listed: trades.listed, ownerId: trades.ownerId })
        .from(trades)
        .where(inArray(trades.id, ids));
    },

    /** How many enquiries each business got since `since`, and the first of them, for the ones that got any. */
    receivedSince(tradeIds: string[], since: Date) {
      return db
        .select({ tradeId: enquiries.tradeId, received: count(), first: min(enquiries.createdAt) })
        .from(enquiries)
        .where(and(inArray(enquiries.tradeId, tradeIds), gt(enquiries.createdAt, since), ne(enquiries.delivery, 'DROPPED')))
        .groupBy(enquiries.tradeId);
    },

    /** The businesses that got the text (by its hash) since `since`, this send's included. */
    async businessesSentText(textHash: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ businesses: countDistinct(enquiries.tradeId) })
        .from(enquiries)
        .where(and(eq(enquiries.textHash, textHash), gt(enquiries.createdAt, since), ne(enquiries.delivery, 'DROPPED')));
      return row?.businesses ?? 0;
    },

    /** The send's enquiries, each with the visitor's first message. */
    async insertSend(rows: NewEnquiry[], message: string, at: Date): Promise<string[]> {
      const inserted = await db.insert(enquiries).values(rows).returning({ id: enquiries.id });
      await db.insert(enquiryMessages).values(inserted.map(({ id }) => ({ enquiryId: id, author: 'VISITOR' as const, body: message, createdAt: at })));
      return inserted.map(({ id }) => id);
    },

    async insertConfirmation(keyHash: string, sendId: string, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.insert(enquiryConfirmations).values({ keyHash, sendId, createdAt, expiresAt });
    },

    async findConfirmation(keyHash: string) {
      const [row] = await db.select().from(enquiryConfirmations).where(eq(enquiryConfirmations.keyHash, keyHash));
      return row;
    },

    /** Uses the key once, while it holds: false when another request used it first or it expired. */
    async useConfirmation(keyHash: string, now: Date): Promise<boolean> {
      const used = await db
        .update(enquiryConfirmations)
        .set({ usedAt: now })
        .where(and(eq(enquiryConfirmations.keyHash, keyHash), isNull(enquiryConfirmations.usedAt), gt(enquiryConfirmations.expiresAt, now)))
        .returning({ keyHash: enquiryConfirmations.keyHash });
      return used.length === 1;
    },

    /** The send's enquiries that stand as `delivery`, with their business. */
    sendEnquiries(sendId: string, delivery: EnquiryDelivery) {
      return db
        .select({
          id: enquiries.id,
          tradeId: enquiries.tradeId,
          tradeName: trades.name,
          listed: trades.listed,
          senderEmailKey: enquiries.senderEmailKey,
          textHash: enquiries.textHash,
        })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(and(eq(enquiries.sendId, sendId), eq(enquiries.delivery, delivery)))
        .orderBy(asc(trades.name));
    },

    /** Moves enquiries that stand as `from` on: false for those another request moved first. */
    async move(ids: string[], from: EnquiryDelivery[], to: EnquiryDelivery, changes: Partial<NewEnquiry> = {}): Promise<string[]> {
      if (ids.length === 0) return [];
      const moved = await db
        .update(enquiries)
        .set({ delivery: to, ...changes })
        .where(and(inArray(enquiries.id, ids), inArray(enquiries.delivery, from)))
        .returning({ id: enquiries.id });
      return moved.map(({ id }) => id);
    },

    /** Delivers the enquiries still waiting (unconfirmed or held) and answers them with their owners. */
    async deliver(ids: string[], now: Date): Promise<DeliveredEnquiry[]> {
      if (ids.length === 0) return [];
      const delivered = await db
        .update(enquiries)
        .set({
          delivery: 'DELIVERED',
          deliveredAt: now,
          senderConfirmedAt: sql`coalesce(${enquiries.senderConfirmedAt}, ${now.toISOString()}::timestamptz)`,
          lastMessageAt: now,
        })
        .where(and(inArray(enquiries.id, ids), inArray(enquiries.delivery, ['UNCONFIRMED', 'HELD'])))
        .returning({ id: enquiries.id, tradeId: enquiries.tradeId });
      for (const { tradeId } of delivered) {
        await db
          .insert(enquiryDailyCounts)
          .values({ tradeId, day: sydneyDay(now), received: 1 })
          .onConflictDoUpdate({
            target: [enquiryDailyCounts.tradeId, enquiryDailyCounts.day],
            set: { received: sql`${enquiryDailyCounts.received} + 1` },
          });
      }
      return withOwners(delivered.map(({ id }) => id));
    },

    withOwners,

    /** One enquiry, with its business's name and standing. */
    async find(id: string) {
      const [row] = await db
        .select({
          id: enquiries.id,
          tradeId: enquiries.tradeId,
          tradeName: trades.name,
          listed: trades.listed,
          senderName: enquiries.senderName,
          senderEmailKey: enquiries.senderEmailKey,
          delivery: enquiries.delivery,
          folder: enquiries.folder,
          linkVersion: enquiries.linkVersion,
          linkRevokedAt: enquiries.linkRevokedAt,
          lastMessageAt: enquiries.lastMessageAt,
        })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .where(eq(enquiries.id, id));
      return row;
    },

    messagesOf: (enquiryId: string) => conversationMessages(db, enquiryId),

    async addMessage(enquiryId: string, author: EnquiryAuthor, body: string, at: Date): Promise<void> {
      await db.insert(enquiryMessages).values({ enquiryId, author, body, createdAt: at });
    },

    /**
     * The visitor wrote back through the link of `version`: unread, and back among the new ones unless filed as
     * spam. False when the link was revoked meanwhile.
     */
    async visitorWrote(enquiryId: string, version: number, at: Date): Promise<boolean> {
      const changed = await db
        .update(enquiries)
        .set({
          readAt: null,
          lastMessageAt: at,
          folder: sql`case when ${enquiries.folder} = 'SPAM' then ${enquiries.folder} else 'NEW' end`,
        })
        .where(and(eq(enquiries.id, enquiryId), eq(enquiries.linkVersion, version), isNull(enquiries.linkRevokedAt)))
        .returning({ id: enquiries.id });
      return changed.length === 1;
    },

    /** Stops the link of `version`: false when it was stopped already. */
    async revokeLink(enquiryId: string, version: number, at: Date): Promise<boolean> {
      const revoked = await db
        .update(enquiries)
        .set({ linkVersion: sql`${enquiries.linkVersion} + 1`, linkRevokedAt: at })
        .where(and(eq(enquiries.id, enquiryId), eq(enquiries.linkVersion, version), isNull(enquiries.linkRevokedAt)))
        .returning({ id: enquiries.id });
      return revoked.length === 1;
    },

    /**
     * Housekeeping: spent proofs whose challenge expired, enquiries never confirmed in time (dropped), and
     * confirmation keys used or expired more than `keysKeptMs` ago.
     */
    async sweep(now: Date, keysKeptMs: number): Promise<void> {
      await db.delete(spentProofsOfWork).where(lte(spentProofsOfWork.expiresAt, now));
      const lapsed = db
        .select({ sendId: enquiryConfirmations.sendId })
        .from(enquiryConfirmations)
        .where(and(isNull(enquiryConfirmations.usedAt), lte(enquiryConfirmations.expiresAt, now)));
      await db
        .update(enquiries)
        .set({ delivery: 'DROPPED' })
        .where(and(eq(enquiries.delivery, 'UNCONFIRMED'), inArray(enquiries.sendId, lapsed)));
      const keptSince = new Date(now.getTime() - keysKeptMs);
      await db
        .delete(enquiryConfirmations)
        .where(
          or(
            and(isNotNull(enquiryConfirmations.usedAt), lte(enquiryConfirmations.usedAt, keptSince)),
            lte(enquiryConfirmations.expiresAt, keptSince),
          ),
        );
    },

  };
}

export type EnquiryRepo = ReturnType<typeof createEnquiryRepo>;
