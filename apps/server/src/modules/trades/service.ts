import { MAP_POINTS_LIMIT, type MapPointsQuery } from '@churchtrades/shared/map';
import { MESSAGES } from '@churchtrades/shared/messages';
import { socialMediaUrl } from '@churchtrades/shared/social-media';
import type { TradeCard, TradeDetail, TradePage, TradeSearchQuery } from '@churchtrades/shared/trade-search';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import { roundedCoordinate } from './coordinates';
import { createMapAnswers, type MapAnswer, type MapAnswers } from './map-answers';
import type {
  DirectoryFilter,
  DirectoryMatch,
  Distance,
  IdRun,
  PageWindow,
  Position,
  SocialMediaReference,
  TradeRepo,
  WalkPosition,
} from './repo';
import { parseSearchText, plainText, tsqueryText, type SearchTerms } from './search-text';
import { closestWord } from './trigram-similarity';

/** Where the search changes strategy; the defaults suit a million businesses on two cores. */
export interface TradeSearchLimits {
  /**
   * A search without text is counted exactly up to this many matches (an index-only count of at most
   * that many entries, a few milliseconds); above it the answer carries PostgreSQL's estimate, flagged.
   */
  exactCountLimit: number;
  /**
   * A text search with at most this many matches is ranked with ts_rank (which reads every match) and
   * counted exactly. A larger one lists the businesses whose name matches first, then the others, each
   * in name order, which the indexes serve a page at a time; its total is PostgreSQL's estimate, flagged.
   */
  rankedMatchLimit: number;
  /**
   * Rows a name-ordered walk first checks for each row it must find (at least `walkBudgetMin`, at most
   * `walkBudgetMax`). When they run out, the matches found so far tell how dense the rest are: the walk goes
   * on while that is cheaper than collecting every match from the text-search index.
   */
  walkRowsPerMatch: number;
  walkBudgetMin: number;
  walkBudgetMax: number;
  /** What collecting one match from the table costs, in rows of an index-only walk (measured: about 8). */
  collectCostInWalkedRows: number;
  /** The typo fallback compares names only when at most this many are estimated alike: else it is too vague. */
  similarNameLimit: number;
  /** How alike (pg_trgm similarity, 0..1) a typed word and a category word must be to read one as the other. */
  categoryWordSimilarity: number;
  /**
   * "Near me" is exact while the businesses it lists are within this many kilometres of the visitor. Beyond,
   * they are the nearest on a flat map of degrees (see `TradeRepo.nearbyPinned`), sorted by their distance:
   * exact there would mean measuring the distance of every business to a visitor overseas.
   */
  nearMeExactKm: number;
}

export const DEFAULT_SEARCH_LIMITS: TradeSearchLimits = {
  exactCountLimit: 10_000,
  rankedMatchLimit: 1_000,
  // Walking checks a row in 2-10 microseconds: 3,000 rows is a few milliseconds, and one match in 50
  // rows is dense enough to walk to page 10.
  walkRowsPerMatch: 50,
  walkBudgetMin: 3_000,
  walkBudgetMax: 40_000,
  collectCostInWalkedRows: 8,
  similarNameLimit: 2_000,
  // pg_trgm's own default: a swapped pair of letters ("flroist") already costs half the trigrams.
  categoryWordSimilarity: 0.3,
  // Anywhere in Australia but its remotest parts has businesses much nearer than this.
  nearMeExactKm: 1_000,
};

/**
 * A page, as ids or as cards already read, and the total it belongs to, exact or PostgreSQL's estimate;
 * with "Near me", the distances of the businesses that have one.
 */
type Found = { total: number; exact: boolean; distances?: Distance[] } & ({ ids: string[] } | { cards: TradeCard[] });

const NOTHING: Found = { ids: [], total: 0, exact: true };

/**
 * The category vocabulary is read again after this long: a few hundred words that change only when an
 * administrator edits a category, kept in memory so a typo costs no query to correct.
 */
const CATEGORY_VOCABULARY_SECONDS = 60;

/** A walk whose density keeps misleading it is given up for collecting after this many legs. */
const MAX_WALK_LEGS = 4;

/** The search page's filters as the directory's queries take them. */
function filterOf(query: MapPointsQuery): DirectoryFilter {
  return {
    ...(query.stateType === 'ALL' ? {} : { stateType: query.stateType }),
    ...(query.churchId === undefined ? {} : { churchId: query.churchId }),
    ...(query.mCat === undefined ? {} : { mainCategoryId: query.mCat }),
    ...(query.sCat === undefined ? {} : { categoryId: query.sCat }),
  };
}

/** The visitor's position when the search gave both coordinates ("Near me"). */
function originOf(query: TradeSearchQuery): Position | undefined {
  if (query.lat === undefined || query.lng === undefined) return undefined;
  return { latitude: roundedCoordinate(query.lat), longitude: roundedCoordinate(query.lng) };
}

/** The links of a business's social media; an entry stored before references were checked may name none. */
function socialMediaLinks(entries: SocialMediaReference[]): TradeDetail['socialMedias'] {
  return entries.flatMap(({ mediaType, name }) => {
    const url = socialMediaUrl(mediaType, name);
    return url === undefined ? [] : [{ mediaType, name, url }];
  });
}

export function createTradeService(
  repo: TradeRepo,
  limits: TradeSearchLimits = DEFAULT_SEARCH_LIMITS,
  mapAnswers: MapAnswers = createMapAnswers(),
) {
  /**
   * The first `need` matches in name order: walked while they are dense enough, collected from the
   * text-search index once they prove rarer than that.
   */
  async function firstByName(filter: DirectoryFilter, match: DirectoryMatch, need: number): Promise<IdRun> {
    const listed = memoized(() => repo.estimate(filter, { kind: 'all' }));
    let budget = Math.min(limits.walkBudgetMax, Math.max(limits.walkBudgetMin, need * limits.walkRowsPerMatch));
    let ids: string[] = [];
    let walked = 0;
    let after: WalkPosition | undefined;
    for (let leg = 0; leg < MAX_WALK_LEGS; leg += 1) {
      const walk = await repo.walkIdsByName(filter, match, need - ids.length, budget, after);
      ids = [...ids, ...walk.ids];
      if (walk.kind !== 'budget-spent') return { ids, complete: walk.kind === 'ended' };
      walked += walk.walked;
      after = walk.next;
      const rowsToGo = await rowsWorthWalking(ids.length / walked, need - ids.length, listed);
      if (rowsToGo === undefined) break;
      budget = rowsToGo;
    }
    return repo.collectIdsByName(filter, match, need);
  }

  /**
   * How many more rows a walk should check to find `missing` more matches at the density it has met so far,
   * or undefined when collecting every match from the text-search index costs less.
   */
  async function rowsWorthWalking(
    density: number,
    missing: number,
    listed: () => Promise<number>,
  ): Promise<number | undefined> {
    if (density === 0) return undefined;
    // Twice what the density predicts, and never a short leg: a few matches more or less in a stretch
    // must not send the walk on a leg too short to end it.
    const rowsToGo = Math.max(limits.walkBudgetMin, Math.ceil((2 * missing) / density));
    const matches = density * (await listed());
    return matches * limits.collectCostInWalkedRows < rowsToGo ? undefined : rowsToGo;
  }

  /** Every listed business within the filters, by name. */
  async function searchAll(filter: DirectoryFilter, window: PageWindow): Promise<Found> {
    const estimate = await repo.estimate(filter, { kind: 'all' });
    // Estimates of plain column filters are good to a factor of two or so: count when the set may be small.
    const mayBeSmall = estimate <= 2 * limits.exactCountLimit;
    const { cards, counted } = await repo.cardsByName(filter, window, mayBeSmall ? limits.exactCountLimit : undefined);
    if (counted !== undefined && counted <= limits.exactCountLimit) return { cards, total: counted, exact: true };
    return { cards, ...totalAround(Math.max(estimate, limits.exactCountLimit + 1), window, cards.length) };
  }

  async function searchText(filter: DirectoryFilter, terms: SearchTerms, window: PageWindow): Promise<Found> {
    const tsquery = tsqueryText(terms);
    const estimate = await repo.estimate(filter, { kind: 'text', tsquery });
    if (estimate <= limits.rankedMatchLimit) {
      // Words that go together ("blocked drains") match far more than their estimate: the ranking
      // gives up, having read no more than its limit, and the search goes on as a large one.
      const ranked = await repo.rankedIds(filter, tsquery, window, limits.rankedMatchLimit);
      if (ranked) return { ids: ranked.ids, total: ranked.total, exact: true };
    }
    return searchManyByTiers(filter, tsquery, window, Math.max(estimate, limits.rankedMatchLimit + 1));
  }

  /** A large text search: businesses whose name matches, then the others, each part in name order. */
  async function searchManyByTiers(
    filter: DirectoryFilter,
    tsquery: string,
    window: PageWindow,
    estimate: number,
  ): Promise<Found> {
    const need = window.offset + window.limit;
    const named = await firstByName(filter, { kind: 'text', tsquery, part: 'name' }, need);
    let ids = named.ids;
    let complete = false;
    if (named.complete && ids.length < need) {
      const rest = await firstByName(filter, { kind: 'text', tsquery, part: 'rest' }, need - ids.length);
      ids = [...ids, ...rest.ids];
      complete = rest.complete;
    }
    const page = ids.slice(window.offset, need);
    if (complete) return { ids: page, total: ids.length, exact: true };
    return { ids: page, ...totalAround(estimate, window, page.length) };
  }

  const vocabulary = cachedFor(CATEGORY_VOCABULARY_SECONDS, () => repo.categoryVocabulary());

  /** The terms with each word replaced by the category word it most resembles, or undefined if none changed. */
  async function correctedTerms(terms: SearchTerms): Promise<SearchTerms | undefined> {
    const words = await vocabulary();
    const correct = (word: string) => closestWord(word, words, limits.categoryWordSimilarity) ?? word;
    const corrected: SearchTerms = {
      words: terms.words.map(correct),
      ...(terms.prefix === undefined ? {} : { prefix: correct(terms.prefix) }),
    };
    return tsqueryText(corrected) === tsqueryText(terms) ? undefined : corrected;
  }

  /**
   * Nothing matched the words as typed: read them as misspelt category words ("electrcian"), else look for
   * names that are alike ("Fitzgerld"), most alike first.
   */
  async function searchTypos(filter: DirectoryFilter, terms: SearchTerms, window: PageWindow): Promise<Found> {
    const corrected = await correctedTerms(terms);
    if (corrected) {
      const found = await searchText(filter, corrected, window);
      if (found.total > 0) return found;
    }
    const text = plainText(corrected ?? terms);
    // Names alike can only be found by comparing each candidate; when too many are alike, the words are too vague.
    if ((await repo.estimate(filter, { kind: 'similar-name', text })) > limits.similarNameLimit) return NOTHING;
    const similar = await repo.similarNameIds(filter, text, window, limits.similarNameLimit);
    return { ...similar, exact: true };
  }

  /**
   * Whether any listed business within the filter matches. Asked of PostgreSQL as one row wanted, it may scan
   * the table for it when its estimate is far out (a typo taken as a prefix: 0.9 s at a million businesses);
   * a name-ordered walk finds a common word's match in its first rows, and a rare word's are few to collect.
   */
  async function matchesAny(filter: DirectoryFilter, match: DirectoryMatch): Promise<boolean> {
    return (await firstByName(filter, match, 1)).ids.length > 0;
  }

  /**
   * Which businesses a text finds, by the search page's rules: its words; else the category words they
   * resemble; else names alike, unless too many are. Undefined when nothing can match.
   */
  async function matchOf(filter: DirectoryFilter, searchText: string): Promise<DirectoryMatch | undefined> {
    const terms = parseSearchText(searchText);
    if (terms === undefined) return { kind: 'all' };
    const asTyped: DirectoryMatch = { kind: 'text', tsquery: tsqueryText(terms) };
    if (await matchesAny(filter, asTyped)) return asTyped;
    const corrected = await correctedTerms(terms);
    if (corrected) {
      const asCorrected: DirectoryMatch = { kind: 'text', tsquery: tsqueryText(corrected) };
      if (await matchesAny(filter, asCorrected)) return asCorrected;
    }
    const similar: DirectoryMatch = { kind: 'similar-name', text: plainText(corrected ?? terms) };
    if ((await repo.estimate(filter, similar)) > limits.similarNameLimit) return undefined;
    return similar;
  }

  /** How many businesses match: counted when they may be few, else PostgreSQL's estimate. */
  async function totalOf(filter: DirectoryFilter, match: DirectoryMatch): Promise<{ total: number; exact: boolean }> {
    // A text match is counted by reading its rows from the table, a plain filter from an index.
    const cap = match.kind === 'all' ? limits.exactCountLimit : limits.rankedMatchLimit;
    const estimate = await repo.estimate(filter, match);
    if (estimate <= 2 * cap) {
      const counted = await repo.countUpTo(filter, match, cap);
      if (counted <= cap) return { total: counted, exact: true };
    }
    return { total: Math.max(estimate, cap + 1), exact: false };
  }

  /**
   * The `need` pinned matches nearest `origin`, or all of them when there are fewer. The `need` nearest on the
   * flat map of the pins' index lie within some distance of the visitor, so the `need` nearest on the earth do
   * too: they are the nearest in the box around that circle, a few more pins than asked for.
   */
  async function nearestPinned(filter: DirectoryFilter, match: DirectoryMatch, origin: Position, need: number) {
    const nearby = await repo.nearbyPinned(filter, match, origin, need);
    const farthestKm = nearby.at(-1)?.km;
    if (nearby.length < need || farthestKm === undefined || farthestKm > limits.nearMeExactKm) return nearby;
    return repo.nearestPinned(filter, match, origin, need, farthestKm);
  }

  /** "Near me": the matches nearest the visitor first, then those without a pin by name. */
  async function searchNear(filter: DirectoryFilter, searchText: string, origin: Position, window: PageWindow): Promise<Found> {
    const match = await matchOf(filter, searchText);
    if (match === undefined) return NOTHING;
    const need = window.offset + window.limit;
    const distances = await nearestPinned(filter, match, origin, need);
    let ids = distances.slice(window.offset).map((distance) => distance.id);
    if (distances.length < need) {
      // Every pinned match is in `distances`: the page goes on with the others.
      const unpinnedWindow = {
        offset: Math.max(0, window.offset - distances.length),
        limit: window.limit - ids.length,
      };
      ids = [...ids, ...(await repo.unpinnedIdsByName(filter, match, unpinnedWindow))];
    }
    const total = await totalOf(filter, match);
    if (total.exact) return { ids, distances, ...total };
    return { ids, distances, ...totalAround(total.total, window, ids.length) };
  }

  async function mapPointsJson(query: MapPointsQuery): Promise<string> {
    const filter = filterOf(query);
    const match = await matchOf(filter, query.searchText);
    if (match === undefined) return JSON.stringify({ points: [], categories: {}, truncated: false });
    return repo.mapPointsJson(filter, match, MAP_POINTS_LIMIT);
  }

  return {
    /**
     * SPEC §2 search page: listed businesses only, filtered, ranked by relevance when there is text, or
     * nearest first when the visitor gave their position.
     */
    async searchListed(query: TradeSearchQuery): Promise<TradePage> {
      const filter = filterOf(query);
      const window = { offset: query.page * query.size, limit: query.size };
      const terms = parseSearchText(query.searchText);
      const origin = originOf(query);

      let found: Found;
      if (origin !== undefined) {
        found = await searchNear(filter, query.searchText, origin, window);
      } else if (terms === undefined) {
        found = await searchAll(filter, window);
      } else {
        found = await searchText(filter, terms, window);
        if (found.total === 0) found = await searchTypos(filter, terms, window);
      }

      const cards = 'cards' in found ? found.cards : await repo.cards(found.ids);
      return {
        content: found.distances ? withDistances(cards, found.distances) : cards,
        number: query.page,
        size: query.size,
        totalElements: found.total,
        totalPages: Math.ceil(found.total / query.size),
        ...(found.exact ? {} : { totalIsEstimate: true }),
      };
    },

    /**
     * The search cards of these businesses, in the order of the ids, as the public would see them once listed
     * (street hidden when the owner keeps it private), whatever their state: the moderators' preview.
     */
    previewCards: (ids: string[]): Promise<TradeCard[]> => repo.cards(ids),

    /** A listed business; anything else, a malformed id included, is simply not found. */
    async findListed(id: string): Promise<TradeDetail> {
      const trade = isUuid(id) ? await repo.findListed(id) : undefined;
      if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
      return { ...trade, socialMedias: socialMediaLinks(await repo.socialMediaOf(id)) };
    },

    /**
     * The map of the search page's filters (SPEC §1): the pins of the first `MAP_POINTS_LIMIT` matches by name,
     * as the JSON text of `mapPointsSchema` (see `TradeRepo.mapPointsJson`). Kept until the next write of
     * businesses or categories: most visitors open the same few maps (the whole country, a state).
     */
    async mapPoints(query: MapPointsQuery): Promise<MapAnswer> {
      const version = await repo.directoryVersion();
      const key = JSON.stringify({ ...filterOf(query), searchText: query.searchText ?? '' });
      return mapAnswers.answer(key, version, () => mapPointsJson(query));
    },
  };
}

/** The cards with the distance of each that has one, in kilometres to one decimal. */
function withDistances(cards: TradeCard[], distances: Distance[]): TradeCard[] {
  const kilometres = new Map(distances.map((distance) => [distance.id, Math.round(distance.km * 10) / 10]));
  return cards.map((card) => {
    const distanceKm = kilometres.get(card.id);
    return distanceKm === undefined ? card : { ...card, distanceKm };
  });
}

/** A value read on first use and again once it is older than `seconds`; a failed read is not kept. */
function cachedFor<T>(seconds: number, read: () => Promise<T>): () => Promise<T> {
  let cached: { value: Promise<T>; readAt: number } | undefined;
  return () => {
    if (!cached || Date.now() - cached.readAt > seconds * 1000) {
      const value = read();
      const entry = { value, readAt: Date.now() };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}

/** A value computed on first use only. */
function memoized<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}

/**
 * The total of a large set read a page at a time: exact when this page is its last (shorter than asked,
 * or the first and empty), else the estimate, kept consistent with what the page showed.
 */
function totalAround(estimate: number, window: PageWindow, shown: number): { total: number; exact: boolean } {
  if (shown < window.limit && (shown > 0 || window.offset === 0)) {
    return { total: window.offset + shown, exact: true };
  }
  if (shown === window.limit) return { total: Math.max(estimate, window.offset + shown), exact: false };
  return { total: Math.min(estimate, window.offset), exact: false };
}

export type TradeService = ReturnType<typeof createTradeService>;
