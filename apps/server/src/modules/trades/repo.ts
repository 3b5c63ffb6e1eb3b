import type { RealState } from '@churchtrades/shared/states';
import type { TradeCard, TradeDetail } from '@churchtrades/shared/trade-search';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { addresses, categories, churches, trades, users } from '../../db/schema';

/** The directory's filters; each one absent means "any". */
export interface DirectoryFilter {
  stateType?: RealState;
  churchId?: string;
  mainCategoryId?: number;
  categoryId?: number;
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
    filter.mainCategoryId === undefined ? undefined : eq(trades.mainCategoryId, filter.mainCategoryId),
    filter.categoryId === undefined ? undefined : eq(trades.categoryId, filter.categoryId),
  )!;
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

// Church, address and category names as scalar subqueries rather than joins: each is one index lookup per
// card either way, and a query of seven joined tables costs PostgreSQL more to plan than to run.
const cardColumns = {
  id: trades.id,
  name: trades.name,
  brief: trades.brief,
  logoUri: trades.logoUri,
  website: trades.website,
  ownerEmail: users.email,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  ownerPhone: users.phone,
  fullAddress: sql<string | null>`(select ${addresses.fullAddress} from ${addresses} where ${addresses.entityId} = ${trades.id})`,
  stateType: trades.stateType,
  churchName: sql<string>`(select ${churches.name} from ${churches} where ${churches.id} = ${trades.churchId})`,
  mainCategory: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${trades.mainCategoryId})`,
  subCategory: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${trades.categoryId})`,
  online: trades.online,
};

const detailColumns = {
  ...cardColumns,
  service: trades.service,
  tags: trades.tags,
  churchId: trades.churchId,
  mainCategoryId: trades.mainCategoryId,
  categoryId: trades.categoryId,
  atClient: trades.atClient,
  atBusiness: trades.atBusiness,
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
    async cards(ids: string[]): Promise<TradeCard[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(cardColumns)
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(inArray(trades.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async findListed(id: string): Promise<TradeDetail | undefined> {
      const [row] = await db
        .select(detailColumns)
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(and(eq(trades.id, id), sql`${trades.listed}`));
      return row;
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

    /** A page in name order, then id: from the index of the filter alone, skipping entries rather than rows. */
    async idsByName(filter: DirectoryFilter, match: DirectoryMatch, window: PageWindow): Promise<string[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(trades)
        .where(where(filter, match))
        .orderBy(...byName)
        .limit(window.limit)
        .offset(window.offset);
      return rows.map((row) => row.id);
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
     * The first `need` matches in name order, walking the name-ordered index of the filter and checking each
     * row, but giving up after `budget` rows: a walk is fast when matches are dense and hopeless when they are
     * rare, and PostgreSQL's estimate of which is the case can be far out for words that go together (or
     * never do). `undefined` when the budget ran out first.
     */
    async walkIdsByName(
      filter: DirectoryFilter,
      match: DirectoryMatch,
      need: number,
      budget: number,
    ): Promise<IdRun | undefined> {
      const condition = matching(match) ?? sql`true`;
      const walk = db
        .select({
          id: trades.id,
          hit: sql<boolean>`${condition}`.as('hit'),
          walked: sql<number>`row_number() over (order by ${trades.name}, ${trades.id})`.as('walked'),
        })
        .from(trades)
        .where(listedWithin(filter))
        .orderBy(...byName)
        .as('walk');
      // PostgreSQL (15+) stops the window at `walked > budget`; the row at the budget's end is kept as a marker.
      // No ORDER BY outside, which would make PostgreSQL read the whole window before answering: the walk's
      // own position puts the rows back in order.
      const rows = await db
        .select({ id: walk.id, hit: walk.hit, walked: walk.walked })
        .from(walk)
        .where(sql`${walk.walked} <= ${budget} and (${walk.hit} or ${walk.walked} = ${budget})`)
        .limit(need + 1);
      rows.sort((a, b) => Number(a.walked) - Number(b.walked));
      const hits = rows.filter((row) => row.hit).map((row) => row.id);
      if (hits.length >= need) return { ids: hits.slice(0, need), complete: false };
      if (rows.some((row) => Number(row.walked) === budget)) return undefined;
      return { ids: hits, complete: true };
    },

    /**
     * The first `need` matches in name order, collected from the text-search indexes and sorted: for matches
     * known to be rare. The planner is told not to walk a name-ordered index instead, which its estimate
     * (the reason the walk was tried) would have it do.
     */
    async collectIdsByName(filter: DirectoryFilter, match: DirectoryMatch, need: number): Promise<IdRun> {
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx
          .select({ id: trades.id })
          .from(trades)
          .where(where(filter, match))
          .orderBy(...byName)
          .limit(need + 1);
      });
      const ids = rows.map((row) => row.id);
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

    /**
     * For each typed word, the closest word of the categories' names and tags by trigram similarity, when
     * one is at least `minSimilarity` alike ("electrcian" → "electrician"). The vocabulary is a few hundred
     * words however many businesses there are, so this stays cheap where comparing every business is not.
     */
    async closestCategoryWords(words: string[], minSimilarity: number): Promise<Map<string, string>> {
      if (words.length === 0) return new Map();
      const result = await db.execute(sql`
        with vocabulary as materialized (
          select distinct word
          from ${categories}, regexp_split_to_table(lower(${categories.name} || ' ' || ${categories.tags}), '[^[:alnum:]]+') as word
          where length(word) > 1
        )
        select typed.word as typed, closest.word as closest
        from unnest(string_to_array(${words.join(' ')}, ' ')) as typed(word)
        cross join lateral (
          select vocabulary.word from vocabulary
          where similarity(vocabulary.word, typed.word) >= ${minSimilarity}
          order by similarity(vocabulary.word, typed.word) desc, vocabulary.word
          limit 1
        ) as closest`);
      return new Map(rowsOf(result).map((row) => [String(row.typed), String(row.closest)]));
    },
  };
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  // node-postgres and PGlite both answer raw queries with `{ rows }`.
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function planRows(result: unknown): number {
  const [row] = rowsOf(result);
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

export type TradeRepo = ReturnType<typeof createTradeRepo>;
