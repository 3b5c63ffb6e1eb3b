import { randomUUID } from 'node:crypto';
import { SOCIAL_MEDIA_PER_TRADE } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type SocialMediaInput, socialMediaUrl } from '@churchtrades/shared/social-media';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import type { SignedInUser } from '../sessions/service';
import { cleanText } from '../trade-dashboard/clean-text';
import type { TradeRow } from '../trade-dashboard/repo';
import type { TradeLinkAccess } from '../trade-dashboard/service';
import type { SocialMediaRepo, SocialMediaRow, StoredMediaType } from './repo';

export interface SocialMediaServiceDependencies {
  repo: SocialMediaRepo;
  trades: TradeLinkAccess;
  transactions: Pick<Transactions, 'run'>;
}

function viewOf(row: SocialMediaRow): SocialMediaEntry {
  return {
    id: row.id,
    entityId: row.entityId,
    name: row.name,
    mediaType: row.mediaType,
    referenceId: row.referenceId,
    // Entries stored before references were checked may name no link.
    url: socialMediaUrl(row.mediaType, row.name) ?? '',
  };
}

/** The schema refuses SELECT; this tells the type so. */
function storedMediaType(input: SocialMediaInput): StoredMediaType {
  if (input.mediaType === 'SELECT') throw new AppError('BAD_REQUEST', MESSAGES.chooseMediaType);
  return input.mediaType;
}

const isWebsite = (mediaType: StoredMediaType) => mediaType === 'WEBSITE';

/** An entry as the audit log names it. */
function linkOf(entry: Pick<SocialMediaRow, 'mediaType' | 'name'> | null): string | null {
  return entry ? `${entry.mediaType} ${entry.name}` : null;
}

function sameLink(before: SocialMediaRow, after: SocialMediaRow): boolean {
  return before.mediaType === after.mediaType && before.name === after.name;
}

/** SPEC §7 "Social media": a business's websites and social network profiles. */
export function createSocialMediaService({ repo, trades, transactions }: SocialMediaServiceDependencies) {
  /**
   * The business's website (the link of its search card) follows its WEBSITE entry, the one changed last
   * when there are several; without one, it has none.
   */
  async function refreshWebsite(trade: TradeRow): Promise<void> {
    const entry = await repo.latestWebsiteEntry(trade.id);
    const website = entry ? (socialMediaUrl('WEBSITE', entry.name) ?? null) : null;
    await repo.setTradeWebsite(trade.id, website);
  }

  /**
   * Every link of a business is something its moderators approved: a change to one is told to them (see
   * trade-dashboard), in the same transaction as the entry's change, and the website follows it.
   */
  async function linkChanged(
    user: SignedInUser,
    trade: TradeRow,
    before: SocialMediaRow | null,
    after: SocialMediaRow | null,
  ): Promise<void> {
    if ([before, after].some((entry) => entry && isWebsite(entry.mediaType))) await refreshWebsite(trade);
    await trades.noteLinkChange(user, trade.id, { before: { link: linkOf(before) }, after: { link: linkOf(after) } });
  }

  async function existingEntry(id: string | undefined): Promise<SocialMediaRow> {
    if (id === undefined || !isUuid(id)) throw new AppError('BAD_REQUEST', MESSAGES.socialMediaIdRequired);
    const entry = await repo.findByIdOrReference(id);
    if (!entry) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
    return entry;
  }

  return {
    /**
     * A new entry; its reference id is its own id, whatever placeholder the form sent (SPEC §4 'refnull'). The
     * same entry created again (an answer lost, the request sent again) answers the one stored, adding none.
     * A business holds at most SOCIAL_MEDIA_PER_TRADE entries: its page and card stay readable.
     */
    async create(user: SignedInUser, input: SocialMediaInput): Promise<SocialMediaEntry> {
      const trade = await trades.tradeToChange(user, input.entityId);
      const mediaType = storedMediaType(input);
      const id = randomUUID();
      const entry = { id, entityId: trade.id, name: cleanText(input.name), mediaType, referenceId: id };
      const row = await transactions.run(async () => {
        if ((await repo.countOfTradeLocked(trade.id)) >= SOCIAL_MEDIA_PER_TRADE) {
          const same = await repo.findSame(entry);
          if (!same) throw new AppError('CONFLICT', MESSAGES.tooManySocialMedia);
          return same;
        }
        const { row: stored, inserted } = await repo.insertUnlessStored(entry);
        if (inserted) await linkChanged(user, trade, null, stored);
        return stored;
      });
      return viewOf(row);
    },

    async listOfTrade(user: SignedInUser, tradeId: string): Promise<SocialMediaEntry[]> {
      const trade = await trades.tradeToRead(user, tradeId);
      return (await repo.listByTrade(trade.id)).map(viewOf);
    },

    async find(user: SignedInUser, id: string): Promise<SocialMediaEntry> {
      const entry = await existingEntry(id);
      await trades.tradeToRead(user, entry.entityId);
      return viewOf(entry);
    },

    async update(user: SignedInUser, input: SocialMediaInput): Promise<SocialMediaEntry> {
      const entry = await existingEntry(input.id);
      const trade = await trades.tradeToChange(user, entry.entityId);
      if (input.entityId !== entry.entityId) throw new AppError('BAD_REQUEST', MESSAGES.socialMediaOfAnotherTrade);
      const mediaType = storedMediaType(input);
      const row = await transactions.run(async () => {
        const updated = await repo.update(entry.id, { name: cleanText(input.name), mediaType });
        if (updated === 'duplicate') throw new AppError('CONFLICT', MESSAGES.socialMediaEntryExists);
        if (updated && !sameLink(entry, updated)) await linkChanged(user, trade, entry, updated);
        return updated;
      });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      return viewOf(row);
    },

    /** Removes the entry and answers it as it was. */
    async delete(user: SignedInUser, id: string): Promise<SocialMediaEntry> {
      const entry = await existingEntry(id);
      const trade = await trades.tradeToChange(user, entry.entityId);
      const row = await transactions.run(async () => {
        const deleted = await repo.delete(entry.id);
        if (deleted) await linkChanged(user, trade, entry, null);
        return deleted;
      });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      return viewOf(row);
    },

    /**
     * The entries of these businesses, oldest first, by business id: for the moderators' view, whose service
     * has checked who may see them.
     */
    async entriesOfTrades(tradeIds: string[]): Promise<Map<string, SocialMediaEntry[]>> {
      const byTrade = new Map<string, SocialMediaEntry[]>(tradeIds.map((id) => [id, []]));
      for (const row of await repo.listByTrades(tradeIds)) byTrade.get(row.entityId)?.push(viewOf(row));
      return byTrade;
    },
  };
}

export type SocialMediaService = ReturnType<typeof createSocialMediaService>;
