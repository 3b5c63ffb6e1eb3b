import type { AuditAction } from '@churchtrades/shared/audit';
import { MISSING_ID, TRADE_BRIEF_MIN_LENGTH, TRADE_NAME_MIN_LENGTH } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { ResubmitTradeInput } from '@churchtrades/shared/moderation';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { ListingState, NewTradeInput, OwnTrade } from '@churchtrades/shared/trade-dashboard';
import type { TradeProfileInput } from '@churchtrades/shared/trade-profile';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import type { AuditTrail } from '../audit/service';
import type { RateLimiter, RateLimitRule } from '../rate-limits/service';
import { requireMayMakeChanges, requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { tradeSearchKeywords } from '../trades/search-keywords';
import type { ImageFolder, ImageStore } from '../uploads/image-store';
import { cleanText } from './clean-text';
import type {
  CategoryRow,
  ChurchRow,
  OwnTradeRow,
  ProfileFields,
  SubmittedStatus,
  TradeDashboardRepo,
  TradeRow,
  TradeSwitch,
} from './repo';

export interface TradeDashboardDependencies {
  repo: TradeDashboardRepo;
  images: ImageStore;
  rateLimits: Pick<RateLimiter, 'attempt'>;
  audit: AuditTrail;
  transactions: Pick<Transactions, 'run'>;
}

/** The settings an owner flips; LOCKED and EXPIRED are the administrators' (DESIGN "Roles"). */
export const OWNER_SWITCHES = ['atClient', 'atBusiness', 'online', 'enabled'] as const satisfies readonly TradeSwitch[];

/** The administrators' switches, each written to the audit log. */
const ADMINISTRATOR_SWITCH_ACTIONS: Partial<Record<TradeSwitch, AuditAction>> = {
  locked: 'trade.lock',
  expired: 'trade.expire',
};

/** The business's pictures: its logo, and the cover picture at the top of its page (SPEC §3 `image`). */
export type TradePicture = 'logo' | 'cover';

const PICTURES: Record<TradePicture, { column: 'logoUri' | 'image'; folder: ImageFolder }> = {
  logo: { column: 'logoUri', folder: 'logos' },
  cover: { column: 'image', folder: 'covers' },
};

const HOUR_MS = 60 * 60 * 1000;

/** DESIGN "Sessions and security": listing is limited per account, so a robot behind one login cannot flood the queue. */
export const LISTING_RATE_LIMIT: RateLimitRule = { name: 'listing-account', limit: 5, windowMs: HOUR_MS };

// Category ids are PostgreSQL integers: a larger number names no category, and must not reach the database.
const MAX_CATEGORY_ID = 2_147_483_647;

function isCategoryId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_CATEGORY_ID;
}

function manages(user: SignedInUser, trade: TradeRow): boolean {
  return trade.ownerId === user.userId || mayAdministerDirectory(user.role);
}

function listingStateOf(trade: TradeRow): ListingState {
  if (trade.moderationStatus !== 'APPROVED') return trade.moderationStatus;
  // Approved but out of the directory: disabled, locked, expired, or its church disabled.
  return trade.listed ? 'LISTED' : 'HIDDEN';
}

/** SPEC §2 "Automated System Tags": main and sub category names and the sub category's tags. */
function systemTagsOf({ mainCategory, subCategory }: OwnTradeRow): string {
  return [mainCategory?.name, subCategory?.name, subCategory?.tags]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

function ownTradeOf(row: OwnTradeRow): OwnTrade {
  const { trade, church, mainCategory, subCategory, owner } = row;
  const explained = trade.moderationStatus === 'REJECTED' || trade.moderationStatus === 'UNLISTED';
  return {
    id: trade.id,
    name: trade.name,
    brief: trade.brief,
    service: trade.service,
    tags: trade.tags,
    mainCategoryId: trade.mainCategoryId,
    categoryId: trade.categoryId,
    mainCategory: mainCategory?.name ?? null,
    subCategory: subCategory?.name ?? null,
    systemTags: systemTagsOf(row),
    stateType: trade.stateType,
    churchId: trade.churchId,
    churchName: church.name,
    churchGeo: [church.suburb, church.stateType].filter(Boolean).join(' '),
    logoUri: trade.logoUri,
    image: trade.image,
    website: trade.website,
    publicEmail: trade.publicEmail,
    atClient: trade.atClient,
    atBusiness: trade.atBusiness,
    online: trade.online,
    enabled: trade.enabled,
    locked: trade.locked,
    expired: trade.expired,
    listingState: listingStateOf(trade),
    moderationReason: explained ? trade.moderationReason : null,
    owner: {
      userId: owner.userId,
      name: `${owner.firstName} ${owner.lastName}`,
      email: owner.email,
      phone: owner.phone,
      role: owner.role,
    },
  };
}

/** A text of the profile, trimmed; one left shorter than its minimum is refused as the form would. */
function profileText(text: string, minLength: number, message: string): string {
  const cleaned = cleanText(text);
  if (cleaned.length < minLength) throw new AppError('BAD_REQUEST', message);
  return cleaned;
}

/** What a moderator approved: the search keywords and the state follow from these. */
const APPROVED_FIELDS = [
  'churchId',
  'mainCategoryId',
  'categoryId',
  'name',
  'brief',
  'service',
  'tags',
  'publicEmail',
] as const;

type ApprovedField = (typeof APPROVED_FIELDS)[number];

function changedApprovedFields(trade: TradeRow, fields: ProfileFields): ApprovedField[] {
  return APPROVED_FIELDS.filter((key) => fields[key] !== trade[key]);
}

function pick(row: Partial<Record<ApprovedField, unknown>>, keys: readonly ApprovedField[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}

/** What a change to a business was, field by field, as the audit log keeps it. */
export interface TradeEdit {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

function differs(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return Object.keys({ ...before, ...after }).some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** The answer to a profile change: the business, and whether it went back to its moderators with a new church. */
export interface ProfileChange {
  trade: OwnTrade;
  submittedAgain: boolean;
}

/**
 * An owner's change to an approved business keeps it listed but flags it for its moderators' look. A change
 * an administrator makes to someone else's business is not flagged (they are the ones who would look), nor
 * one at a church that does not moderate its businesses.
 */
function needsAnotherLook(user: SignedInUser, trade: TradeRow, church: ChurchRow): boolean {
  return trade.moderationStatus === 'APPROVED' && church.moderated && trade.ownerId === user.userId;
}

/** An administrator acting on a business that is not theirs (DESIGN "Roles"): such edits are audited. */
function editsForOwner(user: SignedInUser, trade: TradeRow): boolean {
  return trade.ownerId !== user.userId;
}

/** A church that does not moderate (churches.moderated off) lists its businesses without a moderator. */
function statusOnSubmission(church: ChurchRow): SubmittedStatus {
  return church.moderated ? 'PENDING' : 'APPROVED';
}

// A select with nothing chosen sends no id, '' or -1 (and '' reads as 0 for a number): the business keeps its own.
function chosenChurchId({ churchId }: TradeProfileInput): string | undefined {
  return churchId === undefined || churchId === '' || churchId === MISSING_ID ? undefined : churchId;
}

function chosenCategoryId({ categoryId }: TradeProfileInput): number | undefined {
  return categoryId === undefined || categoryId < 1 ? undefined : categoryId;
}

interface TradeCategories {
  main: CategoryRow | undefined;
  sub: CategoryRow | undefined;
}

/** Whether the business is the one this new-business form describes: the same form sent again. */
function isTradeOf(trade: TradeRow, input: NewTradeInput): boolean {
  return (
    trade.churchId === input.churchId &&
    trade.mainCategoryId === input.mainCategoryId &&
    trade.categoryId === (input.categoryId ?? null) &&
    trade.name === cleanText(input.name) &&
    trade.brief === cleanText(input.brief)
  );
}

export function createTradeDashboardService({ repo, images, rateLimits, audit, transactions }: TradeDashboardDependencies) {
  async function ownTrade(id: string): Promise<OwnTrade> {
    const row = await repo.findOwnTrade(id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    return ownTradeOf(row);
  }

  async function existingTrade(id: string): Promise<TradeRow> {
    if (!isUuid(id)) throw new AppError('BAD_REQUEST', MESSAGES.tradeIdRequired);
    const trade = await repo.findTrade(id);
    if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    return trade;
  }

  /** The business, when the user owns it or administers the directory; they may look at it. */
  async function tradeToRead(user: SignedInUser, id: string): Promise<TradeRow> {
    const trade = await existingTrade(id);
    if (!manages(user, trade)) throw new AppError('FORBIDDEN', MESSAGES.notYourTradeToView);
    return trade;
  }

  /** The business, when the user may change it: theirs (and not read-only), or any for an administrator. */
  async function tradeToChange(user: SignedInUser, id: string): Promise<TradeRow> {
    requireMayMakeChanges(user);
    const trade = await existingTrade(id);
    if (!manages(user, trade)) throw new AppError('FORBIDDEN', MESSAGES.notYourTrade);
    return trade;
  }

  /** A church a business may be attached to; its current one stays allowed while disabled. */
  async function churchFor(churchId: string, currentChurchId?: string): Promise<ChurchRow> {
    const church = isUuid(churchId) ? await repo.findChurch(churchId) : undefined;
    if (!church) throw new AppError('BAD_REQUEST', MESSAGES.chooseChurch);
    if (!church.enabled && church.id !== currentChurchId) throw new AppError('BAD_REQUEST', MESSAGES.churchNotAvailable);
    return church;
  }

  async function category(id: number): Promise<CategoryRow | undefined> {
    return isCategoryId(id) ? repo.findCategory(id) : undefined;
  }

  /** A main category, and optionally one of its sub categories, as the new-business form chose them. */
  async function chosenCategories(mainCategoryId: number, categoryId?: number): Promise<TradeCategories> {
    const main = await category(mainCategoryId);
    if (!main || main.parentId !== null) throw new AppError('BAD_REQUEST', MESSAGES.chooseMainCategory);
    if (categoryId === undefined) return { main, sub: undefined };
    const sub = await category(categoryId);
    if (!sub || sub.parentId !== main.id) throw new AppError('BAD_REQUEST', MESSAGES.chooseSubCategoryOfMain);
    return { main, sub };
  }

  /** A sub category and its main one; the profile form sends only the sub category. */
  async function subCategoryWithMain(categoryId: number): Promise<TradeCategories> {
    const sub = await category(categoryId);
    if (!sub || sub.parentId === null) throw new AppError('BAD_REQUEST', MESSAGES.chooseSubCategory);
    return { main: await repo.findCategory(sub.parentId), sub };
  }

  async function currentCategories(trade: TradeRow): Promise<TradeCategories> {
    const [main, sub] = await Promise.all([
      trade.mainCategoryId === null ? undefined : repo.findCategory(trade.mainCategoryId),
      trade.categoryId === null ? undefined : repo.findCategory(trade.categoryId),
    ]);
    return { main, sub };
  }

  /**
   * The owner's business when a create finds one already: the same form sent again (the first answer was lost
   * and the client tried again) answers the business it made; any other is refused, an owner has one business.
   */
  function sameTradeSentAgain(row: OwnTradeRow | undefined, input: NewTradeInput): OwnTrade {
    if (!row || !isTradeOf(row.trade, input)) throw new AppError('CONFLICT', MESSAGES.tradeAlreadyExists);
    return ownTradeOf(row);
  }

  function keywordsOf({ main, sub }: TradeCategories, suburb: string | null): string {
    return tradeSearchKeywords({ mainCategory: main, subCategory: sub, suburb });
  }

  /** Writes down an edit of someone else's business, with the fields it changed; an owner's own edits are not. */
  async function recordEditForOwner(user: SignedInUser, trade: TradeRow, { before, after }: TradeEdit): Promise<void> {
    if (!editsForOwner(user, trade) || !differs(before, after)) return;
    await audit.record(user, {
      action: 'trade.editForOwner',
      subjectType: 'TRADE',
      subjectId: trade.id,
      subjectName: trade.name,
      before,
      after,
    });
  }

  /**
   * A change to what moderators approved beyond the profile (the logo, a link): flagged for another look as a
   * profile change is, and audited when an administrator made it for the owner.
   */
  async function noteChange(user: SignedInUser, trade: TradeRow, edit: TradeEdit): Promise<void> {
    const church = await repo.findChurch(trade.churchId);
    if (church && needsAnotherLook(user, trade, church)) await repo.update(trade.id, { changedSinceApproval: true });
    await recordEditForOwner(user, trade, edit);
  }

  return {
    /**
     * SPEC §2 "List your business": the user's one business, waiting for a moderator (or listed at once at a
     * church that does not moderate).
     */
    async create(user: SignedInUser, input: NewTradeInput): Promise<OwnTrade> {
      requireMayMakeChanges(user);
      await rateLimits.attempt(LISTING_RATE_LIMIT, user.userId);
      const existing = await repo.findOwnTradeOf(user.userId);
      if (existing) return sameTradeSentAgain(existing, input);
      const church = await churchFor(input.churchId);
      if (input.stateType !== church.stateType) throw new AppError('BAD_REQUEST', MESSAGES.stateNotChurchState);
      const categories = await chosenCategories(input.mainCategoryId, input.categoryId);
      const created = await repo.insert({
        ownerId: user.userId,
        churchId: church.id,
        stateType: church.stateType,
        mainCategoryId: categories.main?.id ?? null,
        categoryId: categories.sub?.id ?? null,
        name: profileText(input.name, TRADE_NAME_MIN_LENGTH, MESSAGES.nameRequired),
        brief: profileText(input.brief, TRADE_BRIEF_MIN_LENGTH, MESSAGES.briefRequired),
        searchKeywords: keywordsOf(categories, null),
        moderationStatus: statusOnSubmission(church),
        enabled: true,
      });
      if (!created) return sameTradeSentAgain(await repo.findOwnTradeOf(user.userId), input);
      return ownTrade(created.id);
    },

    /** The user's business, or null while they have none; only they and administrators may ask. */
    async findOf(user: SignedInUser, ownerId: string): Promise<OwnTrade | null> {
      if (ownerId !== user.userId && !mayAdministerDirectory(user.role)) {
        throw new AppError('FORBIDDEN', MESSAGES.notYourTradeToView);
      }
      const row = await repo.findOwnTradeOf(ownerId);
      return row ? ownTradeOf(row) : null;
    },

    /**
     * SPEC §2 "Profile": the state follows the church and the main category the sub category. A listed
     * business stays listed after a change; the change is flagged for its moderators to look at. A move to
     * another church is a new submission (DESIGN "Roles"): the business leaves the directory until that church's
     * moderators approve it, whoever moved it.
     */
    async updateProfile(user: SignedInUser, input: TradeProfileInput): Promise<ProfileChange> {
      const trade = await tradeToChange(user, input.tradeId);
      const church = await churchFor(chosenChurchId(input) ?? trade.churchId, trade.churchId);
      const categoryId = chosenCategoryId(input);
      const categories = categoryId === undefined ? await currentCategories(trade) : await subCategoryWithMain(categoryId);
      const fields: ProfileFields = {
        churchId: church.id,
        stateType: church.stateType,
        mainCategoryId: categories.main?.id ?? trade.mainCategoryId,
        categoryId: categories.sub?.id ?? trade.categoryId,
        name: profileText(input.name, TRADE_NAME_MIN_LENGTH, MESSAGES.nameRequired),
        brief: profileText(input.brief, TRADE_BRIEF_MIN_LENGTH, MESSAGES.briefRequired),
        service: input.service === undefined ? trade.service : cleanText(input.service),
        tags: input.tags === undefined ? trade.tags : cleanText(input.tags),
        publicEmail: input.publicEmail === undefined ? trade.publicEmail : input.publicEmail || null,
        searchKeywords: keywordsOf(categories, await repo.findSuburb(trade.id)),
      };
      const changed = changedApprovedFields(trade, fields);
      const submittedAgain = church.id !== trade.churchId;
      // The change and its audit entry are written together.
      await transactions.run(async () => {
        if (submittedAgain) {
          await repo.updateAndSubmit(trade.id, fields, statusOnSubmission(church));
        } else {
          const flagged = needsAnotherLook(user, trade, church) && changed.length > 0;
          await repo.update(trade.id, flagged ? { ...fields, changedSinceApproval: true } : fields);
        }
        if (changed.length > 0) await recordEditForOwner(user, trade, { before: pick(trade, changed), after: pick(fields, changed) });
      });
      return { trade: await ownTrade(trade.id), submittedAgain };
    },

    /** Flips a switch of the business; locking and expiring are for administrators only, and audited. */
    async flip(user: SignedInUser, tradeId: string, name: TradeSwitch): Promise<OwnTrade> {
      const forOwners = (OWNER_SWITCHES as readonly TradeSwitch[]).includes(name);
      if (!forOwners) requirePermission(user, mayAdministerDirectory, MESSAGES.administratorsOnly);
      const trade = await tradeToChange(user, tradeId);
      // An administrator's switch and its audit entry are written together.
      await transactions.run(async () => {
        const value = await repo.flip(trade.id, name);
        if (value === undefined) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
        const action = ADMINISTRATOR_SWITCH_ACTIONS[name];
        if (!action) {
          await recordEditForOwner(user, trade, { before: { [name]: !value }, after: { [name]: value } });
          return;
        }
        await audit.record(user, {
          action,
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: { [name]: !value },
          after: { [name]: value },
        });
      });
      return ownTrade(trade.id);
    },

    /**
     * After a rejection the owner changes their business and puts it back in the queue (or straight back in
     * the directory at a church that does not moderate). Only the owner may, and only a rejected business.
     */
    async resubmit(user: SignedInUser, { tradeId }: ResubmitTradeInput): Promise<OwnTrade> {
      requireMayMakeChanges(user);
      const trade = await existingTrade(tradeId);
      if (trade.ownerId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.notYourTrade);
      if (trade.moderationStatus !== 'REJECTED') throw new AppError('CONFLICT', MESSAGES.onlyRejectedResubmit);
      const church = await churchFor(trade.churchId, trade.churchId);
      if (!(await repo.resubmit(trade.id, statusOnSubmission(church)))) {
        throw new AppError('CONFLICT', MESSAGES.onlyRejectedResubmit);
      }
      return ownTrade(trade.id);
    },

    /**
     * A link of the business (a social media entry, its website among them) was added, changed or removed: what
     * its moderators approved changed, as with the name or brief.
     */
    async noteLinkChange(user: SignedInUser, tradeId: string, edit: TradeEdit): Promise<void> {
      await noteChange(user, await existingTrade(tradeId), edit);
    },

    /**
     * Replaces the business's logo or cover picture with the upload, re-encoded to the picture's shape; the old
     * file goes once the new one is recorded. Both are what moderators approved, as the profile is.
     */
    async changePicture(user: SignedInUser, tradeId: string, picture: TradePicture, upload: Buffer): Promise<OwnTrade> {
      const trade = await tradeToChange(user, tradeId);
      const { column, folder } = PICTURES[picture];
      const url = await images.save(folder, upload);
      try {
        await transactions.run(async () => {
          await repo.update(trade.id, { [column]: url });
          await noteChange(user, trade, { before: { [column]: trade[column] }, after: { [column]: url } });
        });
      } catch (error) {
        // Nothing points at the new file; the old one stays the business's.
        await images.remove(url);
        throw error;
      }
      await images.remove(trade[column]);
      return ownTrade(trade.id);
    },

    tradeToRead,
    tradeToChange,
    recordEditForOwner,

    /** Indexes the business again under its categories and suburb, after either changed. */
    async refreshSearchKeywords(tradeId: string): Promise<void> {
      const trade = await existingTrade(tradeId);
      const keywords = keywordsOf(await currentCategories(trade), await repo.findSuburb(trade.id));
      if (keywords !== trade.searchKeywords) await repo.update(trade.id, { searchKeywords: keywords });
    },
  };
}

export type TradeDashboardService = ReturnType<typeof createTradeDashboardService>;

/** What the address and social media pages need of a business: who may see and change it. */
export type TradeAccess = Pick<TradeDashboardService, 'tradeToRead' | 'tradeToChange'>;

/** What the social media pages need of a business: access, and telling it one of its links changed. */
export type TradeLinkAccess = TradeAccess & Pick<TradeDashboardService, 'noteLinkChange'>;
