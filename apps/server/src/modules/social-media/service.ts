import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type SocialMediaInput, socialMediaUrl } from '@churchtrades/shared/social-media';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { SignedInUser } from '../sessions/service';
import { cleanText } from '../trade-dashboard/clean-text';
import type { TradeRow } from '../trade-dashboard/repo';
import type { TradeWebsiteAccess } from '../trade-dashboard/service';
import type { SocialMediaQueries, SocialMediaRepo, SocialMediaRow, StoredMediaType } from './repo';

export interface SocialMediaServiceDependencies {
  repo: SocialMediaRepo;
  trades: TradeWebsiteAccess;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

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

/**
 * The business's website (the link of its search card) follows its WEBSITE entry, the one changed last
 * when there are several; without one, it has none. Answers whether it changed.
 */
async function refreshWebsite(queries: SocialMediaQueries, trade: TradeRow): Promise<boolean> {
  const entry = await queries.latestWebsiteEntry(trade.id);
  const website = entry ? (socialMediaUrl('WEBSITE', entry.name) ?? null) : null;
  await queries.setTradeWebsite(trade.id, website);
  return website !== trade.website;
}

const isWebsite = (mediaType: StoredMediaType) => mediaType === 'WEBSITE';

/** SPEC §7 "Social media": a business's websites and social network profiles. */
export function createSocialMediaService({ repo, trades }: SocialMediaServiceDependencies) {
  /** A changed website is something the business's moderators approved: they are told (see trade-dashboard). */
  async function afterWebsiteChange(user: SignedInUser, trade: TradeRow, changed: boolean): Promise<void> {
    if (changed) await trades.noteWebsiteChange(user, trade.id);
  }

  async function existingEntry(id: string | undefined): Promise<SocialMediaRow> {
    if (id === undefined || !isUuid(id)) throw new AppError('BAD_REQUEST', MESSAGES.socialMediaIdRequired);
    const entry = await repo.findByIdOrReference(id);
    if (!entry) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
    return entry;
  }

  return {
    /** A new entry; its reference id is its own id, whatever placeholder the form sent (SPEC §4 'refnull'). */
    async create(user: SignedInUser, input: SocialMediaInput): Promise<SocialMediaEntry> {
      const trade = await trades.tradeToChange(user, input.entityId);
      const mediaType = storedMediaType(input);
      const id = randomUUID();
      const { row, websiteChanged } = await repo.transaction(async (queries) => {
        const inserted = await queries.insert({ id, entityId: trade.id, name: cleanText(input.name), mediaType, referenceId: id });
        return { row: inserted, websiteChanged: isWebsite(mediaType) && (await refreshWebsite(queries, trade)) };
      });
      await afterWebsiteChange(user, trade, websiteChanged);
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
      const { row, websiteChanged } = await repo.transaction(async (queries) => {
        const updated = await queries.update(entry.id, { name: cleanText(input.name), mediaType });
        const touchesWebsite = isWebsite(entry.mediaType) || isWebsite(mediaType);
        return { row: updated, websiteChanged: touchesWebsite && (await refreshWebsite(queries, trade)) };
      });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      await afterWebsiteChange(user, trade, websiteChanged);
      return viewOf(row);
    },

    /** Removes the entry and answers it as it was. */
    async delete(user: SignedInUser, id: string): Promise<SocialMediaEntry> {
      const entry = await existingEntry(id);
      const trade = await trades.tradeToChange(user, entry.entityId);
      const { row, websiteChanged } = await repo.transaction(async (queries) => {
        const deleted = await queries.delete(entry.id);
        return { row: deleted, websiteChanged: isWebsite(entry.mediaType) && (await refreshWebsite(queries, trade)) };
      });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      await afterWebsiteChange(user, trade, websiteChanged);
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
