import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type SocialMediaInput, socialMediaUrl } from '@churchtrades/shared/social-media';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { SignedInUser } from '../sessions/service';
import { cleanText } from '../trade-dashboard/clean-text';
import type { TradeAccess } from '../trade-dashboard/service';
import type { SocialMediaQueries, SocialMediaRepo, SocialMediaRow, StoredMediaType } from './repo';

export interface SocialMediaServiceDependencies {
  repo: SocialMediaRepo;
  trades: TradeAccess;
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
 * when there are several; without one, it has none.
 */
async function refreshWebsite(queries: SocialMediaQueries, tradeId: string): Promise<void> {
  const entry = await queries.latestWebsiteEntry(tradeId);
  await queries.setTradeWebsite(tradeId, entry ? (socialMediaUrl('WEBSITE', entry.name) ?? null) : null);
}

const isWebsite = (mediaType: StoredMediaType) => mediaType === 'WEBSITE';

/** SPEC §7 "Social media": a business's websites and social network profiles. */
export function createSocialMediaService({ repo, trades }: SocialMediaServiceDependencies) {
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
      const created = await repo.transaction(async (queries) => {
        const row = await queries.insert({ id, entityId: trade.id, name: cleanText(input.name), mediaType, referenceId: id });
        if (isWebsite(mediaType)) await refreshWebsite(queries, trade.id);
        return row;
      });
      return viewOf(created);
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
      await trades.tradeToChange(user, entry.entityId);
      if (input.entityId !== entry.entityId) throw new AppError('BAD_REQUEST', MESSAGES.socialMediaOfAnotherTrade);
      const mediaType = storedMediaType(input);
      const updated = await repo.transaction(async (queries) => {
        const row = await queries.update(entry.id, { name: cleanText(input.name), mediaType });
        if (isWebsite(entry.mediaType) || isWebsite(mediaType)) await refreshWebsite(queries, entry.entityId);
        return row;
      });
      if (!updated) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      return viewOf(updated);
    },

    /** Removes the entry and answers it as it was. */
    async delete(user: SignedInUser, id: string): Promise<SocialMediaEntry> {
      const entry = await existingEntry(id);
      await trades.tradeToChange(user, entry.entityId);
      const deleted = await repo.transaction(async (queries) => {
        const row = await queries.delete(entry.id);
        if (isWebsite(entry.mediaType)) await refreshWebsite(queries, entry.entityId);
        return row;
      });
      if (!deleted) throw new AppError('NOT_FOUND', MESSAGES.socialMediaNotFound);
      return viewOf(deleted);
    },
  };
}

export type SocialMediaService = ReturnType<typeof createSocialMediaService>;
