import type { DuplicateMatch, ModerationStatus } from '@churchtrades/shared/moderation';
import type { RealState } from '@churchtrades/shared/states';
import { and, asc, count, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { nameKey, phoneKey, websiteKey } from '../../db/duplicate-keys';
import { inboxKeyOf } from '../../db/inbox-key';
import { escapeLike, rowsOf } from '../../db/raw-sql';
import { addresses, categories, churches, churchMembers, trades, users } from '../../db/schema';

type ChurchRole = (typeof churchMembers.$inferSelect)['churchRole'];

/** The churches a caller reaches: every one, those of a state, and those named. */
export interface ChurchScope {
  everywhere: boolean;
  state: RealState | null;
  churchIds: string[];
}

/** Which businesses a listing takes; `waiting` means pending, or approved and changed since. */
export interface ModerationFilter {
  scope: ChurchScope;
  churchId?: string;
  stateType?: RealState;
  status?: ModerationStatus | 'WAITING';
  name?: string;
  /** Only those with a still-trading question unanswered, not yet expired. */
  aboutToExpire?: boolean;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/** What a decision writes: the new status and reason, by whom, and the flag of a change looked at cleared. */
export interface DecisionFields {
  moderationStatus: ModerationStatus;
  moderationReason: string | null;
  moderatedBy: string;
}

/** The state a decision applies to; it is written only if the business still stands so, at the same church. */
export interface DecidedState {
  churchId: string;
  moderationStatus: ModerationStatus;
  changedSinceApproval: boolean;
}

export interface DuplicateRow {
  tradeId: string;
  id: string;
  name: string;
  churchName: string;
  matchedOn: DuplicateMatch[];
}

/** The possible duplicates of a page the caller may see, and how many others each business has beyond their reach. */
export interface Duplicates {
  shown: DuplicateRow[];
  /** By business id; a business without hidden duplicates is not in it. */
  hiddenCounts: Map<string, number>;
}

const mainCategory = alias(categories, 'main_category');
const subCategory = alias(categories, 'sub_category');
const moderator = alias(users, 'moderator');
// In raw SQL an alias renders as its name alone: `${trades} ${otherTrade}` reads "trades" "other_trade".
const otherTrade = alias(trades, 'other_trade');
const otherOwner = alias(users, 'other_owner');

const moderationColumns = {
  id: trades.id,
  ownerId: trades.ownerId,
  churchId: trades.churchId,
  name: trades.name,
  brief: trades.brief,
  service: trades.service,
  tags: trades.tags,
  website: trades.website,
  logoUri: trades.logoUri,
  image: trades.image,
  atClient: trades.atClient,
  atBusiness: trades.atBusiness,
  online: trades.online,
  enabled: trades.enabled,
  locked: trades.locked,
  expired: trades.expired,
  listed: trades.listed,
  moderationStatus: trades.moderationStatus,
  moderationReason: trades.moderationReason,
  changedSinceApproval: trades.changedSinceApproval,
  submittedAt: trades.submittedAt,
  moderatedAt: trades.moderatedAt,
  tradingCheckSentAt: trades.tradingCheckSentAt,
  church: { name: churches.name, stateType: churches.stateType },
  mainCategory: mainCategory.name,
  subCategory: subCategory.name,
  owner: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone },
  address: { fullAddress: addresses.fullAddress, showStreetAddress: addresses.showStreetAddress },
  moderatedByName: sql<string | null>`${moderator.firstName} || ' ' || ${moderator.lastName}`,
};

const WAITING = or(
  eq(trades.moderationStatus, 'PENDING'),
  and(eq(trades.moderationStatus, 'APPROVED'), eq(trades.changedSinceApproval, true)),
)!;

/** Asked whether it still trades, no answer yet, and still in the directory: it expires 60 days after the question. */
const ABOUT_TO_EXPIRE = and(isNotNull(trades.tradingCheckSentAt), eq(trades.expired, false), eq(trades.moderationStatus, 'APPROVED'))!;

function withinScope({ everywhere, state, churchIds }: ChurchScope): SQL | undefined {
  if (everywhere) return undefined;
  const reached = [
    state === null ? undefined : eq(churches.stateType, state),
    churchIds.length === 0 ? undefined : inArray(trades.churchId, churchIds),
  ].filter((condition) => condition !== undefined);
  return reached.length === 0 ? sql`false` : or(...reached);
}

/**
 * Whether the caller may see another business named as a possible duplicate: one of a church they reach, or one
 * the public directory lists anyway. A pending or rejected business elsewhere is not theirs to see.
 */
function duplicateVisibleTo({ everywhere, state, churchIds }: ChurchScope): SQL {
  if (everywhere) return sql`true`;
  const reached = [
    sql`${otherTrade.listed}`,
    state === null ? undefined : sql`${churches.stateType} = ${state}`,
    churchIds.length === 0 ? undefined : inArray(otherTrade.churchId, churchIds),
  ].filter((condition) => condition !== undefined);
  return sql`(${sql.join(reached, sql` or `)})`;
}

function conditionsOf(filter: ModerationFilter): SQL | undefined {
  return and(
    withinScope(filter.scope),
    filter.churchId === undefined ? undefined : eq(trades.churchId, filter.churchId),
    filter.stateType === undefined ? undefined : eq(churches.stateType, filter.stateType),
    filter.status === undefined ? undefined : filter.status === 'WAITING' ? WAITING : eq(trades.moderationStatus, filter.status),
    filter.name ? ilike(trades.name, `%${escapeLike(filter.name)}%`) : undefined,
    filter.aboutToExpire ? ABOUT_TO_EXPIRE : undefined,
  );
}

export function createModerationRepo(db: Database) {
  function tradesWithChurch() {
    return db.select({ id: trades.id }).from(trades).innerJoin(churches, eq(churches.id, trades.churchId));
  }

  async function pageOfIds(
    filter: ModerationFilter,
    window: PageWindow,
    order: SQL[],
  ): Promise<{ ids: string[]; total: number }> {
    const where = conditionsOf(filter);
    const [rows, totals] = await Promise.all([
      tradesWithChurch().where(where).orderBy(...order).limit(window.limit).offset(window.offset),
      db.select({ total: count() }).from(trades).innerJoin(churches, eq(churches.id, trades.churchId)).where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: totals[0]?.total ?? 0 };
  }

  return {
    /** The churches the user serves in these roles (church_members). */
    async churchesServed(userId: string, roles: ChurchRole[]): Promise<string[]> {
      const rows = await db
        .selectDistinct({ churchId: churchMembers.churchId })
        .from(churchMembers)
        .where(and(eq(churchMembers.userId, userId), inArray(churchMembers.churchRole, roles)));
      return rows.map((row) => row.churchId);
    },

    /** Whether an administrator has confirmed the user (accounts that need no confirmation are confirmed). */
    async confirmed(userId: string): Promise<boolean> {
      const [row] = await db.select({ moderated: users.moderated }).from(users).where(eq(users.id, userId));
      return row?.moderated ?? false;
    },

    async governedState(userId: string): Promise<RealState | null> {
      const [row] = await db.select({ state: users.governedState }).from(users).where(eq(users.id, userId));
      return row?.state ?? null;
    },

    /** A page of the waiting businesses, the longest waiting first. */
    queuePage: (filter: ModerationFilter, window: PageWindow) =>
      pageOfIds({ ...filter, status: 'WAITING' }, window, [asc(trades.submittedAt), asc(trades.id)]),

    /** A page of the businesses in any status, by name. */
    namePage: (filter: ModerationFilter, window: PageWindow) =>
      pageOfIds(filter, window, [asc(trades.name), asc(trades.id)]),

    /** How many businesses wait at each church within the filter, by church name; churches with none left out. */
    async waitingPerChurch(filter: ModerationFilter) {
      return db
        .select({
          churchId: churches.id,
          name: churches.name,
          stateType: churches.stateType,
          pending: sql<number>`(count(*) filter (where ${trades.moderationStatus} = 'PENDING'))::int`,
          changed: sql<number>`(count(*) filter (where ${trades.moderationStatus} = 'APPROVED'))::int`,
        })
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(conditionsOf({ ...filter, status: 'WAITING' }))
        .groupBy(churches.id)
        .orderBy(asc(churches.name), asc(churches.id));
    },

    /** The businesses with everything their owner entered, in no particular order. */
    async findAll(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select(moderationColumns)
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .innerJoin(users, eq(users.id, trades.ownerId))
        .leftJoin(mainCategory, eq(mainCategory.id, trades.mainCategoryId))
        .leftJoin(subCategory, eq(subCategory.id, trades.categoryId))
        .leftJoin(addresses, eq(addresses.entityId, trades.id))
        .leftJoin(moderator, eq(moderator.id, trades.moderatedBy))
        .where(inArray(trades.id, ids));
    },

    /** Writes a decision, only if the business still stands as it was decided on; false otherwise. */
    async decide(id: string, fields: DecisionFields, was: DecidedState): Promise<boolean> {
      const rows = await db
        .update(trades)
        .set({ ...fields, changedSinceApproval: false, moderatedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(trades.id, id),
            eq(trades.churchId, was.churchId),
            eq(trades.moderationStatus, was.moderationStatus),
            eq(trades.changedSinceApproval, was.changedSinceApproval),
          ),
        )
        .returning({ id: trades.id });
      return rows.length > 0;
    },

    /**
     * Other businesses that share a name, an owner's phone or e-mail, or a website with each of these, at most
     * `limit` per business of those the caller may see (`scope`), those sharing most first, then by name; the
     * others only counted. The page's keys are computed once, and each kind looks its matches up by the index on
     * that key (db/duplicate-keys.ts): the cost grows with the page and its matches, not with the number of
     * businesses.
     */
    async duplicates(ids: string[], limit: number, scope: ChurchScope): Promise<Duplicates> {
      if (ids.length === 0) return { shown: [], hiddenCounts: new Map() };
      const result = await db.execute(sql`
        with page_keys as (
          select ${trades.id} as trade_id,
            ${nameKey(trades.name)} as name_key,
            ${websiteKey(trades.website)} as website_key,
            ${phoneKey(users.phone)} as phone_key,
            ${inboxKeyOf(users.email)} as email_key
          from ${trades}
          join ${users} on ${users.id} = ${trades.ownerId}
          where ${inArray(trades.id, ids)}
        ),
        matches as (
          select p.trade_id, ${otherTrade.id} as id, 'NAME' as kind
          from page_keys p
          join ${trades} ${otherTrade} on ${nameKey(otherTrade.name)} = p.name_key
          union all
          select p.trade_id, ${otherTrade.id}, 'WEBSITE'
          from page_keys p
          join ${trades} ${otherTrade} on ${websiteKey(otherTrade.website)} = p.website_key
          union all
          select p.trade_id, ${otherTrade.id}, 'PHONE'
          from page_keys p
          join ${users} ${otherOwner} on ${phoneKey(otherOwner.phone)} = p.phone_key
          join ${trades} ${otherTrade} on ${otherTrade.ownerId} = ${otherOwner.id}
          union all
          select p.trade_id, ${otherTrade.id}, 'EMAIL'
          from page_keys p
          join ${users} ${otherOwner} on ${inboxKeyOf(otherOwner.email)} = p.email_key
          join ${trades} ${otherTrade} on ${otherTrade.ownerId} = ${otherOwner.id}
        ),
        -- One row per business and match: a business has one owner, so each kind matches it at most once.
        matched as (
          select trade_id, id, array_agg(kind order by kind) as matched_on
          from matches
          where id <> trade_id
          group by trade_id, id
        ),
        ranked as (
          select m.trade_id, ${otherTrade.id} as id, ${otherTrade.name} as name, ${churches.name} as church_name,
            m.matched_on, ${duplicateVisibleTo(scope)} as visible,
            row_number() over (
              partition by m.trade_id, ${duplicateVisibleTo(scope)}
              order by cardinality(m.matched_on) desc, ${otherTrade.name}, ${otherTrade.id}
            ) as place
          from matched m
          join ${trades} ${otherTrade} on ${otherTrade.id} = m.id
          join ${churches} on ${churches.id} = ${otherTrade.churchId}
        ),
        counted as (
          select ranked.*, (count(*) filter (where not visible) over (partition by trade_id))::int as hidden_count
          from ranked
        )
        -- The first hidden row of a business carries only its count: nothing of it leaves this query.
        select trade_id as "tradeId", id, name, church_name as "churchName", matched_on as "matchedOn", visible,
          hidden_count as "hiddenCount"
        from counted where (visible and place <= ${limit}) or (not visible and place = 1)
        order by trade_id, visible desc, place`);
      const rows = rowsOf<DuplicateRow & { visible: boolean; hiddenCount: number }>(result);
      return {
        shown: rows
          .filter((row) => row.visible)
          .map(({ tradeId, id, name, churchName, matchedOn }) => ({ tradeId, id, name, churchName, matchedOn })),
        hiddenCounts: new Map(rows.filter((row) => row.hiddenCount > 0).map((row) => [row.tradeId, row.hiddenCount])),
      };
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
export type ModerationRow = Awaited<ReturnType<ModerationRepo['findAll']>>[number];
