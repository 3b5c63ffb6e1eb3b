import type { MapPointsQuery } from '@churchtrades/shared/map';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { ReplyTime } from '@churchtrades/shared/reply-time';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import type { TradeBadges } from '@churchtrades/shared/verification';
import { pageOf, type TradeCard, type TradeDetail, type TradePage, type TradeSearchQuery } from '@churchtrades/shared/trade-search';
import type { Clock } from '../../clock';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import { createMapAnswers, type MapAnswer, type MapAnswers } from './map-answers';
import { badgesFrom, NO_BADGES } from './badges';
import type { CardRow, TradeRepo } from './repo';
import { searchPage } from './search/choose-strategy';
import type { SearchContext } from './search/context';
import { DEFAULT_SEARCH_LIMITS, type TradeSearchLimits } from './search/limits';
import { searchMap } from './search/map';
import { withDistances } from './search/near-me';
import { keptVocabulary } from './search/typo';

/** The links of a business's social media; an entry stored before references were checked may name none. */
function socialMediaLinks(entries: SocialMediaEntry[]): TradeDetail['socialMedias'] {
  return entries.flatMap(({ mediaType, name, url }) => (url ? [{ mediaType, name, url }] : []));
}

export interface TradeServiceDeps {
  repo: TradeRepo;
  /** Ages the category vocabulary the typo fallback keeps, and is when badges and "Verified only" are judged. */
  clock: Clock;
  /** The social media entries of these businesses (the social-media service's). */
  socialMediaOf(tradeIds: string[]): Promise<Map<string, SocialMediaEntry[]>>;
  /** How quickly the business usually answers enquiries (the enquiry-inbox service's rule). */
  replyTimeOf(tradeId: string): Promise<ReplyTime | null>;
  limits?: TradeSearchLimits;
  mapAnswers?: MapAnswers;
}

/** The public directory: its search strategies live in `search/`, one file each (see README.md). */
export function createTradeService({
  repo,
  clock,
  socialMediaOf,
  replyTimeOf,
  limits = DEFAULT_SEARCH_LIMITS,
  mapAnswers = createMapAnswers(),
}: TradeServiceDeps) {
  const search: SearchContext = { repo, limits, clock, vocabulary: keptVocabulary(repo, clock) };

  /** The badges of these businesses that hold now, by business; one with none has NO_BADGES. */
  async function badgesOf(ids: string[]): Promise<Map<string, TradeBadges>> {
    const facts = await repo.badgeFacts(ids, clock());
    return new Map(facts.map((row) => [row.id, badgesFrom(row)]));
  }

  /** The cards with their badges, read for these rows alone. */
  async function withBadges(cards: CardRow[]): Promise<TradeCard[]> {
    const badges = await badgesOf(cards.map((card) => card.id));
    return cards.map((card) => ({ ...card, badges: badges.get(card.id) ?? NO_BADGES }));
  }

  return {
    /**
     * SPEC §2 search page: listed businesses only, filtered, ranked by relevance when there is text, or
     * nearest first when the visitor gave their position.
     */
    async searchListed(query: TradeSearchQuery): Promise<TradePage> {
      const found = await searchPage(search, query);
      const cards = await withBadges('cards' in found ? found.cards : await repo.cards(found.ids));
      const content = found.distances ? withDistances(cards, found.distances) : cards;
      return { ...pageOf(content, found.total, query), ...(found.exact ? {} : { totalIsEstimate: true }) };
    },

    /**
     * The search cards of these businesses, in the order of the ids, as the public would see them once listed
     * (street hidden when the owner keeps it private), whatever their state: the moderators' preview.
     */
    previewCards: async (ids: string[]): Promise<TradeCard[]> => withBadges(await repo.cards(ids)),

    badgesOf,

    /** A listed business; anything else, a malformed id included, is simply not found. */
    async findListed(id: string): Promise<TradeDetail> {
      const trade = isUuid(id) ? await repo.findListed(id) : undefined;
      if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
      const [badges, entries, replyTime] = await Promise.all([badgesOf([id]), socialMediaOf([id]), replyTimeOf(id)]);
      return {
        ...trade,
        badges: badges.get(id) ?? NO_BADGES,
        socialMedias: socialMediaLinks(entries.get(id) ?? []),
        replyTime,
      };
    },

    /** The map of the search page's filters, kept between writes (see `searchMap`). */
    mapPoints: (query: MapPointsQuery): Promise<MapAnswer> => searchMap(search, mapAnswers, query),
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
