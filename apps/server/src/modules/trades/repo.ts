import { REVIEWS_SHOWN_FROM, type TradeRating } from '@churchtrades/shared/rating';
import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import type { TradeCard, TradeDetail } from '@churchtrades/shared/trade-search';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { addresses, categories, churches, directoryVersion, trades, tradeVouches, users } from '../../db/schema';

/** The directory's filters; each one absent means "any". */
export interface DirectoryFilter {
  stateType?: RealState;
  churchId?: string;
  mainCategoryId?: number;
  categoryId?: number;
  /** Only businesses verified at this instant: at least one badge holds then (see `trades.verified_until`). */
  verifiedAt?: Date;
  /** Only businesses showing a rating of at least this many stars (shared/rating.ts `meetsMinRating`). */
  minRating?: number;
}

/**
 * Which listed businesses a query takes: all of them; those matching a text-search query (`tsquery` is
 * `to_tsquery` text), optionally only those whose name matches (`name`) or only the others (`rest`); or
 * those whose name is like a text (pg_trgm word similarity).
 */
export type DirectoryMatch =
  | { kind: 'all' }
  | { kind: 'text'; tsquery: string; part?: 'name' | 'rest' }
  | { kind: 'similar-name'; text: string };

export interface PageWindow {
  offset: number;
  limit: number;
}

/** Ids in the order asked, and whether they are all there are (no more rows beyond them). */
export interface IdRun {
  ids: string[];
  complete: boolean;
}

/** A row of the name order, to resume a walk just after it. */
export interface WalkPosition {
  name: string;
  id: string;
}

/**
 * How a name-ordered walk ended: it `found` all the matches it needed; it `ended` with the rows; or its
 * budget was spent after `walked` rows, with the matches so far and where to go on from.
 */
export type Walk =
  | { kind: 'found'; ids: string[] }
  | { kind: 'ended'; ids: string[] }
  | { kind: 'budget-spent'; ids: string[]; walked: number; next: WalkPosition };

/** A place on the earth, in degrees: a visitor asking for "Near me". */
export interface Position {
  latitude: number;
  longitude: number;
}

/** A business and how far its pin is from the visitor, in kilometres. */
export interface Distance {
  id: string;
  km: number;
}

/** A card as the directory's queries read it: its badges are added for the page's rows alone (`badgeFacts`). */
export type CardRow = Omit<TradeCard, 'badges'>;

/** The card and public details of a business, before its badges and social media links are added. */
export type ListedTrade = Omit<TradeDetail, 'socialMedias' | 'badges' | 'replyTime'>;

/** What a business's badges are made from (trades/badges.ts), as stored. */
export interface BadgeFacts {
  id: string;
  abn: string | null;
  abnStatus: string | null;
  abnCheckedAt: Date | null;
  licenceNumber: string | null;
  licenceState: string | null;
  licenceKind: string | null;
  licenceCheckedAt: Date | null;
  /** The current vouch: the latest neither withdrawn nor lapsed at the instant asked about. */
  vouch: {
    churchName: string;
    vouchedAt: Date;
    expiresAt: Date;
    voucherRole: string;
    voucherName: string | null;
  } | null;
}

/** The earth's mean radius (IUGG), the sphere of the great-circle distances. */
const EARTH_RADIUS_KM = 6371.0088;

function tsquery(text: string): SQL {
  return sql`to_tsquery('english', ${text})`;
}

/** Listed (see `trades.listed`) and within the filters: the part every directory query shares. */
function listedWithin(filter: DirectoryFilter): SQL {
  return and(
    // The bare column, not `= $1`: the directory's partial indexes are `where listed`, and a parameter
    // cannot be proved to imply that predicate.
    sql`${trades.listed}`,
    filter.stateType === undefined ? undefined : eq(trades.stateType, filter.stateType),
    filter.churchId === undefined ? undefined : eq(trades.churchId, filter.churchId),
    withinCategory(filter),
    // Strict `>`: PostgreSQL proves it implies the `verified_until is not null` of the verified businesses'
    // index (migration 0023), whatever the instant.
    filter.verifiedAt === undefined ? undefined : sql`${trades.verifiedUntil} > ${filter.verifiedAt.toISOString()}::timestamptz`,
    filter.minRating === undefined ? undefined : ratedAtLeast(filter.minRating),
  )!;
}

/**
 * shared/rating.ts `meetsMinRating`, in whole numbers as there. The threshold of a shown rating is a literal, not
 * a parameter, so that PostgreSQL proves the rated businesses' index (migration 0028, `where listed and
 * review_count >= 3`) serves the query: they are a few in a hundred.
 */
function ratedAtLeast(minRating: number): SQL {
  const shown = sql`${trades.reviewCount} >= ${sql.raw(String(REVIEWS_SHOWN_FROM))}`;
  return sql`${shown} and 20 * ${trades.reviewStarsTotal} >= ${20 * minRating - 1}::int * ${trades.reviewCount}`;
}

/**
 * A sub category implies its main category: with both chosen, the trade's main category is not compared
 * again, but the sub category must belong to the main one. Asking for both would have PostgreSQL multiply
 * their selectivities as if independent and expect a fraction of the businesses there are.
 */
function withinCategory({ mainCategoryId, categoryId }: DirectoryFilter): SQL | undefined {
  if (categoryId === undefined) {
    return mainCategoryId === undefined ? undefined : eq(trades.mainCategoryId, mainCategoryId);
  }
  if (mainCategoryId === undefined) return eq(trades.categoryId, categoryId);
  const subCategoryOfMain = sql`exists (select 1 from ${categories} where ${categories.id} = ${categoryId} and ${categories.parentId} = ${mainCategoryId})`;
  return and(eq(trades.categoryId, categoryId), subCategoryOfMain);
}

function matching(match: DirectoryMatch): SQL | undefined {
  switch (match.kind) {
    case 'all':
      return undefined;
    case 'text': {
      const query = tsquery(match.tsquery);
      const nameMatches = sql`${trades.nameVector} @@ ${query}`;
      if (match.part === 'name') return nameMatches;
      const matches = sql`${trades.searchVector} @@ ${query}`;
      return match.part === 'rest' ? sql`${matches} and not (${nameMatches})` : matches;
    }
    case 'similar-name':
      // word_similarity(text, name) at or above pg_trgm.word_similarity_threshold; the trigram index serves it.
      return sql`${match.text} <% ${trades.name}`;
  }
}

function where(filter: DirectoryFilter, match: DirectoryMatch): SQL {
  return and(listedWithin(filter), matching(match))!;
}

const byName = [asc(trades.name), asc(trades.id)];

/** The business has a map pin: it is not online-only and its address has coordinates (see `trades.pin_latitude`). */
const pinned = isNotNull(trades.pinLatitude);

/** Each state as an SQL literal, made from the list of states and never from a request. */
const STATE_LITERALS = Object.fromEntries(REAL_STATES.map((state) => [state, sql.raw(`'${state}'`)])) as Record<RealState, SQL>;

/**
 * The filter's state once more, as a literal: PostgreSQL can then walk that state's own pins' index
 * (`trades_listed_pin_<state>_idx`, migration 0014) rather than every pin nearest first, which it cannot prove a
 * parameter lets it do.
 */
function stateOfPins({ stateType }: DirectoryFilter): SQL | undefined {
  return stateType === undefined ? undefined : sql`${trades.stateType} = ${STATE_LITERALS[stateType]}`;
}

/** The business's pin as the pins' GiST index holds it (`trades_listed_pin_idx`): point(longitude, latitude). */
const pinPoint = sql`point(${trades.pinLongitude}, ${trades.pinLatitude})`;

/** Kilometres along the earth's surface from the business's pin to `origin` (haversine); null without a pin. */
function distanceFrom(origin: Position): SQL<number> {
  const latitude = sql`${origin.latitude}::float8`;
  const longitude = sql`${origin.longitude}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${trades.pinLatitude} - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(${trades.pinLatitude}))
      * power(sin(radians(${trades.pinLongitude} - ${longitude}) / 2), 2)))))`;
}

/**
 * The pins within `radiusKm` of `origin`, through the box around that circle that the pins' GiST index serves
 * (bounding coordinates as in J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using
 * Bounding Coordinates"), or every pin when that box would reach a pole or the antimeridian.
 */
function withinRadius(origin: Position, radiusKm: number): SQL {
  const withinDistance = sql`${distanceFrom(origin)} <= ${radiusKm}::float8`;
  // A hair wider than the circle: a pin on it must not fall outside through rounding.
  const angle = (radiusKm * (1 + 1e-9) + 1e-9) / EARTH_RADIUS_KM;
  const latitude = radians(origin.latitude);
  const south = latitude - angle;
  const north = latitude + angle;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2) return withinDistance;
  const spread = Math.asin(Math.sin(angle) / Math.cos(latitude));
  const west = radians(origin.longitude) - spread;
  const east = radians(origin.longitude) + spread;
  if (west <= -Math.PI || east >= Math.PI) return withinDistance;
  const box = sql`box(point(${degrees(west)}::float8, ${degrees(south)}::float8), point(${degrees(east)}::float8, ${degrees(north)}::float8))`;
  return sql`${pinPoint} <@ ${box} and ${withinDistance}`;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The address as the public sees it: whole, or "Suburb STATE postcode" when its owner keeps the street to
 * themselves (a tradesperson working from home).
 */
const publicAddress = sql`case when ${addresses.showStreetAddress} then ${addresses.fullAddress}
  else nullif(concat_ws(' ', ${addresses.suburb}, ${addresses.stateType}::text, ${addresses.postcode}), '') end`;

// Church, address and category names as scalar subqueries rather than joins: each is one index lookup per
// card either way, and a query of seven joined tables costs PostgreSQL more to plan than to run.
const cardColumns = {
  id: trades.id,
  name: trades.name,
  brief: trades.brief,
  logoUri: trades.logoUri,
  website: trades.website,
  // The business's public e-mail, under SPEC §3's key: the owner's login e-mail is never public.
  ownerEmail: trades.publicEmail,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  ownerPhone: users.phone,
  fullAddress: sql<string | null>`(select ${publicAddress} from ${addresses} where ${addresses.entityId} = ${trades.id})`,
  stateType: trades.stateType,
  churchName: sql<string>`(select ${churches.name} from ${churches} where ${churches.id} = ${trades.churchId})`,
  mainCategory: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${trades.mainCategoryId})`,
  subCategory: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${trades.categoryId})`,
  online: trades.online,
  // shared/rating.ts `ratingOf`, in SQL so that a page's cards need no second statement.
  rating: sql<TradeRating | null>`case when ${trades.reviewCount} >= ${sql.raw(String(REVIEWS_SHOWN_FROM))} then json_build_object('average', round(${trades.reviewStarsTotal}::numeric / ${trades.reviewCount}, 1), 'count', ${trades.reviewCount}) end`,
};

const detailColumns = {
  ...cardColumns,
  image: trades.image,
  service: trades.service,
  tags: trades.tags,
  churchId: trades.churchId,
  mainCategoryId: trades.mainCategoryId,
  categoryId: trades.categoryId,
  atClient: trades.atClient,
  atBusiness: trades.atBusiness,
  businessKind: trades.businessKind,
  latitude: trades.pinLatitude,
  longitude: trades.pinLongitude,
};

export function createTradeRepo(db: Database) {
  /** The number of matches, counting no further than `cap + 1`: exact up to `cap`, "more" above it. */
  async function countUpTo(filter: DirectoryFilter, match: DirectoryMatch, cap: number): Promise<number> {
    const capped = db
      .select({ one: sql`1`.as('one') })
      .from(trades)
      .where(where(filter, match))
      .limit(cap + 1)
      .as('capped');
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
    return Number(row?.total ?? 0);
  }

  return {
    /** The cards of these businesses, in the order of the ids. */
    async cards(ids: string[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(cardColumns)
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(inArray(trades.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async findListed(id: string): Promise<ListedTrade | undefined> {
      const [row] = await db
        .select(detailColumns)
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(and(eq(trades.id, id), sql`${trades.listed}`));
      return row;
    },

    /**
     * What the badges of these businesses are made from, as they stand at `at`: one statement for a page's rows,
     * never part of the search's own queries, which stay as tuned.
     */
    async badgeFacts(ids: string[], at: Date): Promise<BadgeFacts[]> {
      if (ids.length === 0) return [];
      const current = db
        .selectDistinctOn([tradeVouches.tradeId], {
          tradeId: tradeVouches.tradeId,
          churchName: churches.name,
          vouchedAt: tradeVouches.vouchedAt,
          expiresAt: tradeVouches.expiresAt,
          voucherRole: tradeVouches.voucherRole,
          voucherName: sql<string | null>`case when ${tradeVouches.voucherNamed} then ${users.firstName} || ' ' || ${users.lastName} end`.as(
            'voucher_name',
          ),
        })
        .from(tradeVouches)
        .innerJoin(churches, eq(churches.id, tradeVouches.churchId))
        .leftJoin(users, eq(users.id, tradeVouches.voucherId))
        .where(
          and(
            inArray(tradeVouches.tradeId, ids),
            isNull(tradeVouches.withdrawnAt),
            gt(tradeVouches.expiresAt, at),
          ),
        )
        .orderBy(tradeVouches.tradeId, desc(tradeVouches.vouchedAt))
        .as('current_vouch');
      const rows = await db
        .select({
          id: trades.id,
          abn: trades.abn,
          abnStatus: trades.abnStatus,
          abnCheckedAt: trades.abnCheckedAt,
          licenceNumber: trades.licenceNumber,
          licenceState: trades.licenceState,
          licenceKind: trades.licenceKind,
          licenceCheckedAt: trades.licenceCheckedAt,
          churchName: current.churchName,
          vouchedAt: current.vouchedAt,
          expiresAt: current.expiresAt,
          voucherRole: current.voucherRole,
          voucherName: current.voucherName,
        })
        .from(trades)
        .leftJoin(current, eq(current.tradeId, trades.id))
        .where(inArray(trades.id, ids));
      return rows.map(({ churchName, vouchedAt, expiresAt, voucherRole, voucherName, ...trade }) => ({
        ...trade,
        vouch:
          churchName === null || vouchedAt === null || expiresAt === null || voucherRole === null
            ? null
            : { churchName, vouchedAt, expiresAt, voucherRole, voucherName },
      }));
    },

    /** The number that grows with every write of businesses or categories (db/schema.ts `directoryVersion`). */
    async directoryVersion(): Promise<number> {
      const [row] = await db.select({ version: directoryVersion.version }).from(directoryVersion);
      return row?.version ?? 0;
    },

    /**
     * `data` of the map's answer (shared/map.ts `mapPointsSchema`) as JSON text: the rows of the first `limit`
     * pinned matches by name, the main categories' names and whether there were more. PostgreSQL joins the rows
     * kept as JSON (`trades.map_point`), read from the map's index: 5,000 of them are some 450 kB, which
     * JSON.stringify would take 5-15 ms of the app's one thread to write and json_agg 30 ms of PostgreSQL's.
     * One more match than the limit is read to tell whether there were more.
     */
    async mapPointsJson(filter: DirectoryFilter, match: DirectoryMatch, limit: number): Promise<string> {
      const first = db
        .select({ point: sql`${trades.mapPoint}`.as('point') })
        .from(trades)
        .where(and(where(filter, match), pinned))
        .orderBy(...byName)
        .limit(limit + 1);
      const mainCategoryNames = sql`(select coalesce(json_object_agg(${categories.id}, ${categories.name}), '{}')::text
        from ${categories} where ${categories.parentId} is null)`;
      // No join above the sorted subquery, so the aggregate takes the rows in its order.
      const result = await db.execute(sql`
        select coalesce(string_agg(first.point, ',') filter (where first.position <= ${limit}), '') as points,
               count(*) > ${limit} as truncated,
               ${mainCategoryNames} as categories
        from (select point, row_number() over () as position from (${first}) as sorted) as first`);
      const [row] = rowsOf(result);
      return `{"points":[${String(row?.points ?? '')}],"categories":${String(row?.categories ?? '{}')},"truncated":${row?.truncated === true}}`;
    },

    /**
     * Up to `need` pinned matches nearest `origin` on a flat map of degrees, where a degree of longitude counts
     * as much as one of latitude: the order the pins' GiST index walks, reading no others. Sorted by their
     * distance on the earth, then name and id.
     */
    async nearbyPinned(filter: DirectoryFilter, match: DirectoryMatch, origin: Position, need: number): Promise<Distance[]> {
      const nearby = db
        .select({ id: trades.id, name: trades.name, km: sql<number>`${distanceFrom(origin)}`.as('km') })
        .from(trades)
        .where(and(where(filter, match), pinned, stateOfPins(filter)))
        .orderBy(sql`${pinPoint} <-> point(${origin.longitude}::float8, ${origin.latitude}::float8)`)
        .limit(need)
        .as('nearby');
      const rows = await db
        .select({ id: nearby.id, km: nearby.km })
        .from(nearby)
        .orderBy(nearby.km, nearby.name, nearby.id);
      return rows.map((row) => ({ id: row.id, km: Number(row.km) }));
    },

    /** Up to `need` pinned matches within `radiusKm` of `origin`, nearest first on the earth, then by name and id. */
    async nearestPinned(
      filter: DirectoryFilter,
      match: DirectoryMatch,
      origin: Position,
      need: number,
      radiusKm: number,
    ): Promise<Distance[]> {
      const distance = distanceFrom(origin);
      const rows = await db
        .select({ id: trades.id, km: distance })
        .from(trades)
        .where(and(where(filter, match), pinned, stateOfPins(filter), withinRadius(origin, radiusKm)))
        .orderBy(distance, ...byName)
        .limit(need);
      return rows.map((row) => ({ id: row.id, km: Number(row.km) }));
    },

    /** A page of the matches without a pin (online-only, or no coordinates), by name: "Near me" lists them last. */
    async unpinnedIdsByName(filter: DirectoryFilter, match: DirectoryMatch, window: PageWindow): Promise<string[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(where(filter, match), isNull(trades.pinLatitude)))
        .orderBy(...byName)
        .limit(window.limit)
        .offset(window.offset);
      return rows.map((row) => row.id);
    },

    /**
     * PostgreSQL's estimate of how many businesses match, from its statistics, without running the query:
     * well under a millisecond, where counting a large match exactly reads every matching row.
     */
    async estimate(filter: DirectoryFilter, match: DirectoryMatch): Promise<number> {
      const query = db.select({ id: trades.id }).from(trades).where(where(filter, match));
      const result = await db.execute(sql`explain (format json) ${query}`);
      return planRows(result);
    },

    countUpTo,

    /**
     * A page of cards in name order, then id, from the index of the filter alone (skipping entries rather
     * than rows), and with `countCap` the number of businesses within the filter up to `countCap + 1`:
     * one statement, where the page, its cards and the count would otherwise be three.
     */
    async cardsByName(
      filter: DirectoryFilter,
      window: PageWindow,
      countCap?: number,
    ): Promise<{ cards: CardRow[]; counted?: number }> {
      const page = db
        .select({ id: trades.id })
        .from(trades)
        .where(listedWithin(filter))
        .orderBy(...byName)
        .limit(window.limit)
        .offset(window.offset);
      // Built only when asked for: composing SQL is most of this route's own CPU.
      const counted =
        countCap === undefined
          ? sql<null>`null`
          : sql<number>`(select count(*)::int from (${db
              .select({ one: sql`1` })
              .from(trades)
              .where(listedWithin(filter))
              .limit(countCap + 1)}) as capped)`;
      const rows = await db
        .select({ ...cardColumns, counted })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(inArray(trades.id, page))
        .orderBy(...byName);
      const cards = rows.map(({ counted: _counted, ...card }) => card);
      if (countCap === undefined) return { cards };
      // A page beyond the last has no row to carry the count.
      const total = rows[0]?.counted ?? (await countUpTo(filter, { kind: 'all' }, countCap));
      return { cards, counted: Number(total) };
    },

    /**
     * A page of a text search ranked by ts_rank, then name and id, with the number of matches; only when
     * there are at most `cap` (ranking reads every match): else `undefined`, having read no more than
     * `cap + 1` of them.
     */
    async rankedIds(
      filter: DirectoryFilter,
      tsqueryText: string,
      window: PageWindow,
      cap: number,
    ): Promise<{ ids: string[]; total: number } | undefined> {
      const query = tsquery(tsqueryText);
      const candidates = db
        .select({
          id: trades.id,
          name: trades.name,
          rank: sql<number>`ts_rank(${trades.searchVector}, ${query})`.as('rank'),
        })
        .from(trades)
        .where(where(filter, { kind: 'text', tsquery: tsqueryText }))
        .limit(cap + 1)
        .as('candidates');
      const rows = await db
        .select({ id: candidates.id, total: sql<number>`(count(*) over ())::int` })
        .from(candidates)
        .orderBy(sql`${candidates.rank} desc`, asc(candidates.name), asc(candidates.id))
        .limit(window.limit)
        .offset(window.offset);
      const total = rows[0]?.total ?? (await countUpTo(filter, { kind: 'text', tsquery: tsqueryText }, cap));
      if (total > cap) return undefined;
      return { ids: rows.map((row) => row.id), total: Number(total) };
    },

    /**
     * Up to `need` matches in name order, walking the name-ordered index of the filter from just after
     * `after` (or the start) and checking each row, but giving up after `budget` rows: a walk is fast when
     * matches are dense and hopeless when they are rare, and PostgreSQL's estimate of which is the case can
     * be far out for words that go together (or never do).
     */
    async walkIdsByName(
      filter: DirectoryFilter,
      match: DirectoryMatch,
      need: number,
      budget: number,
      after?: WalkPosition,
    ): Promise<Walk> {
      const condition = matching(match) ?? sql`true`;
      const start = after === undefined ? undefined : sql`(${trades.name}, ${trades.id}) > (${after.name}, ${after.id})`;
      const walk = db
        .select({
          id: trades.id,
          name: trades.name,
          hit: sql<boolean>`${condition}`.as('hit'),
          walked: sql<number>`row_number() over (order by ${trades.name}, ${trades.id})`.as('walked'),
        })
        .from(trades)
        .where(and(listedWithin(filter), start))
        .orderBy(...byName)
        .as('walk');
      // PostgreSQL (15+) stops the window at `walked > budget`; the row at the budget's end is kept as the
      // place to resume from. No ORDER BY outside, which would make PostgreSQL read the whole window before
      // answering: the walk's own position puts the rows back in order.
      const rows = await db
        .select({ id: walk.id, name: walk.name, hit: walk.hit, walked: walk.walked })
        .from(walk)
        .where(sql`${walk.walked} <= ${budget} and (${walk.hit} or ${walk.walked} = ${budget})`)
        .limit(need + 1);
      rows.sort((a, b) => Number(a.walked) - Number(b.walked));
      const ids = rows.filter((row) => row.hit).map((row) => row.id);
      if (ids.length >= need) return { kind: 'found', ids: ids.slice(0, need) };
      const last = rows.find((row) => Number(row.walked) === budget);
      if (!last) return { kind: 'ended', ids };
      return { kind: 'budget-spent', ids, walked: budget, next: { name: last.name, id: last.id } };
    },

    /**
     * The first `need` matches in name order, collected from the text-search indexes and sorted: for matches
     * known to be rare. Materialized first, so that PostgreSQL cannot walk a name-ordered index instead, which
     * its estimate (the reason the walk was tried) would have it do.
     */
    async collectIdsByName(filter: DirectoryFilter, match: DirectoryMatch, need: number): Promise<IdRun> {
      const matches = db.select({ id: trades.id, name: trades.name }).from(trades).where(where(filter, match));
      const result = await db.execute(sql`
        with matches as materialized (${matches})
        select id from matches order by name, id limit ${need + 1}`);
      const ids = rowsOf(result).map((row) => String(row.id));
      return { ids: ids.slice(0, need), complete: ids.length <= need };
    },

    /** A page of names like the text, the most alike first, then name and id, with the number of them. */
    async similarNameIds(
      filter: DirectoryFilter,
      text: string,
      window: PageWindow,
      cap: number,
    ): Promise<{ ids: string[]; total: number }> {
      const similarity = sql`word_similarity(${text}, ${trades.name})`;
      const rows = await db
        .select({ id: trades.id, total: sql<number>`(count(*) over ())::int` })
        .from(trades)
        .where(where(filter, { kind: 'similar-name', text }))
        .orderBy(sql`${similarity} desc`, ...byName)
        .limit(window.limit)
        .offset(window.offset);
      const total = rows[0]?.total ?? (await countUpTo(filter, { kind: 'similar-name', text }, cap));
      return { ids: rows.map((row) => row.id), total: Number(total) };
    },

    /** Every word of the categories' names and tags, lower case, once each: what typos are corrected to. */
    async categoryVocabulary(): Promise<string[]> {
      const rows = await db.select({ name: categories.name, tags: categories.tags }).from(categories);
      const words = rows.flatMap((row) => `${row.name} ${row.tags}`.toLowerCase().split(/[^\p{L}\p{N}]+/u));
      return [...new Set(words.filter((word) => word.length > 1))];
    },
  };
}

function planRows(result: unknown): number {
  const [row] = rowsOf(result);
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

export type TradeRepo = ReturnType<typeof createTradeRepo>;
