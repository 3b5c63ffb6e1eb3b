import type { SpamReportDecision } from '@churchtrades/shared/enquiries';
import { and, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { blockedSenders, churches, enquiries, enquiryMessages, enquirySpamReports, trades, users } from '../../db/schema';
import type { ChurchScope } from '../moderation/repo';

/** A list of reports and held enquiries shows at most this many of each, newest first. */
export const REVIEWS_SHOWN = 200;
/** "Related": other businesses the same address sent enquiries to within these days. */
export const RELATED_DAYS = 30;

/** A spam report or held enquiry as the moderators' list reads it. */
export interface ReviewRow {
  id: string;
  enquiryId: string;
  tradeId: string;
  tradeName: string;
  churchName: string;
  senderEmail: string;
  message: string;
  reason: string | null;
  at: Date;
  relatedCount: number;
  senderBlocked: boolean;
}

/** The churches of `scope`, on the `churches` row the query joins. */
function withinScope({ everywhere, state, churchIds }: ChurchScope): SQL | undefined {
  if (everywhere) return undefined;
  const reached = [
    state === null ? undefined : eq(churches.stateType, state),
    churchIds.length === 0 ? undefined : inArray(churches.id, churchIds),
  ].filter((condition) => condition !== undefined);
  return reached.length === 0 ? sql`false` : or(...reached);
}

/** The visitor's first message: what was reported or held, and all of the conversation a moderator sees. */
const firstMessage = sql<string>`coalesce((
  select ${enquiryMessages.body} from ${enquiryMessages}
  where ${enquiryMessages.enquiryId} = ${enquiries.id}
  order by ${enquiryMessages.createdAt}, ${enquiryMessages.id} limit 1
), '')`;

function relatedCount(since: Date) {
  return sql<number>`(
    select count(distinct other.trade_id) from ${enquiries} other
    where other.sender_email_key = ${enquiries.senderEmailKey}
      and other.trade_id <> ${enquiries.tradeId}
      and other.created_at >= ${since.toISOString()}::timestamptz
  )`.mapWith(Number);
}

const senderBlocked = sql<boolean>`exists (
  select 1 from ${blockedSenders} where ${blockedSenders.emailKey} = ${enquiries.senderEmailKey}
)`;

export function createEnquiryReportRepo(db: Database) {
  function reviewColumns(since: Date) {
    return {
      enquiryId: enquiries.id,
      tradeId: trades.id,
      tradeName: trades.name,
      churchName: churches.name,
      senderEmail: enquiries.senderEmail,
      message: firstMessage,
      relatedCount: relatedCount(since),
      senderBlocked,
    };
  }

  function blockedList() {
    return db
      .select({
        emailKey: blockedSenders.emailKey,
        reason: blockedSenders.reason,
        blockedAt: blockedSenders.blockedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(blockedSenders)
      .leftJoin(users, eq(users.id, blockedSenders.blockedBy));
  }

  return {
    /** The open spam reports of the churches in `scope`, newest first. */
    openReports(scope: ChurchScope, since: Date): Promise<ReviewRow[]> {
      return db
        .select({ id: enquirySpamReports.id, ...reviewColumns(since), reason: enquirySpamReports.reason, at: enquirySpamReports.reportedAt })
        .from(enquirySpamReports)
        .innerJoin(enquiries, eq(enquiries.id, enquirySpamReports.enquiryId))
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .innerJoin(churches, eq(churches.id, enquirySpamReports.churchId))
        .where(and(isNull(enquirySpamReports.decision), withinScope(scope)))
        .orderBy(desc(enquirySpamReports.reportedAt))
        .limit(REVIEWS_SHOWN);
    },

    /** The held enquiries to businesses of the churches in `scope`, newest first. */
    held(scope: ChurchScope, since: Date): Promise<ReviewRow[]> {
      return db
        .select({ id: enquiries.id, ...reviewColumns(since), reason: sql<string | null>`null`, at: enquiries.createdAt })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(and(eq(enquiries.delivery, 'HELD'), withinScope(scope)))
        .orderBy(desc(enquiries.createdAt))
        .limit(REVIEWS_SHOWN);
    },

    /** A spam report with its enquiry's sender. */
    async report(id: string) {
      const [row] = await db
        .select({
          id: enquirySpamReports.id,
          churchId: enquirySpamReports.churchId,
          churchState: churches.stateType,
          decision: enquirySpamReports.decision,
          senderEmailKey: enquiries.senderEmailKey,
        })
        .from(enquirySpamReports)
        .innerJoin(enquiries, eq(enquiries.id, enquirySpamReports.enquiryId))
        .innerJoin(churches, eq(churches.id, enquirySpamReports.churchId))
        .where(eq(enquirySpamReports.id, id));
      return row;
    },

    /** Whether the churches in `scope` have a spam report of, or an enquiry held from, the address. */
    async senderSeenIn(scope: ChurchScope, emailKey: string): Promise<boolean> {
      const reported = db
        .select({ id: enquirySpamReports.id })
        .from(enquirySpamReports)
        .innerJoin(enquiries, eq(enquiries.id, enquirySpamReports.enquiryId))
        .innerJoin(churches, eq(churches.id, enquirySpamReports.churchId))
        .where(and(eq(enquiries.senderEmailKey, emailKey), withinScope(scope)))
        .limit(1);
      const held = db
        .select({ id: enquiries.id })
        .from(enquiries)
        .innerJoin(trades, eq(trades.id, enquiries.tradeId))
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(and(eq(enquiries.senderEmailKey, emailKey), eq(enquiries.delivery, 'HELD'), withinScope(scope)))
        .limit(1);
      const [fromReports, fromHeld] = await Promise.all([reported, held]);
      return fromReports.length > 0 || fromHeld.length > 0;
    },

    /** Decides an open report: false when it was decided already. */
    async decide(id: string, decision: SpamReportDecision, userId: string, at: Date): Promise<boolean> {
      const decided = await db
        .update(enquirySpamReports)
        .set({ decision, decidedBy: userId, decidedAt: at })
        .where(and(eq(enquirySpamReports.id, id), isNull(enquirySpamReports.decision)))
        .returning({ id: enquirySpamReports.id });
      return decided.length > 0;
    },

    /** Blocks the address, unless it is blocked already: false then, and the first block stands. */
    async block(row: { emailKey: string; reason: string; blockedBy: string; at: Date }): Promise<boolean> {
      const added = await db
        .insert(blockedSenders)
        .values({ emailKey: row.emailKey, reason: row.reason, blockedBy: row.blockedBy, blockedAt: row.at })
        .onConflictDoNothing()
        .returning({ emailKey: blockedSenders.emailKey });
      return added.length > 0;
    },

    /** Drops the address's enquiries that have not reached a business, everywhere. */
    async dropUndelivered(emailKey: string): Promise<void> {
      await db
        .update(enquiries)
        .set({ delivery: 'DROPPED' })
        .where(and(eq(enquiries.senderEmailKey, emailKey), inArray(enquiries.delivery, ['UNCONFIRMED', 'HELD'])));
    },

    async unblock(emailKey: string): Promise<boolean> {
      const removed = await db.delete(blockedSenders).where(eq(blockedSenders.emailKey, emailKey)).returning({ emailKey: blockedSenders.emailKey });
      return removed.length > 0;
    },

    /**
     * Blocked addresses, newest first: every one, or those `userId` blocked and those reported at the churches
     * of `scope`.
     */
    blocked(visibleTo: { scope: ChurchScope; userId: string } | 'everyone') {
      const reportedInScope = (scope: ChurchScope) =>
        exists(
          db
            .select({ id: enquirySpamReports.id })
            .from(enquirySpamReports)
            .innerJoin(enquiries, eq(enquiries.id, enquirySpamReports.enquiryId))
            .innerJoin(churches, eq(churches.id, enquirySpamReports.churchId))
            .where(and(eq(enquiries.senderEmailKey, blockedSenders.emailKey), withinScope(scope))),
        );
      const where = visibleTo === 'everyone' ? undefined : or(eq(blockedSenders.blockedBy, visibleTo.userId), reportedInScope(visibleTo.scope));
      return blockedList().where(where).orderBy(desc(blockedSenders.blockedAt), blockedSenders.emailKey);
    },

    async blockedSender(emailKey: string) {
      const [row] = await blockedList().where(eq(blockedSenders.emailKey, emailKey));
      return row;
    },

    /** Whether the enquiry has a spam report, decided or not. */
    async reported(enquiryId: string): Promise<boolean> {
      const [row] = await db.select({ id: enquirySpamReports.id }).from(enquirySpamReports).where(eq(enquirySpamReports.enquiryId, enquiryId));
      return row !== undefined;
    },
  };
}

export type EnquiryReportRepo = ReturnType<typeof createEnquiryReportRepo>;
