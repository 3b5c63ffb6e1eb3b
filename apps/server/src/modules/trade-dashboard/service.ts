import type { AuditAction } from '@churchtrades/shared/audit';
import { MISSING_ID, TRADE_BRIEF_MIN_LENGTH, TRADE_NAME_MIN_LENGTH } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { ResubmitTradeInput } from '@churchtrades/shared/moderation';
import { mayAdministerDirectory, mayServeAsPriest } from '@churchtrades/shared/permissions';
import type { ListingState, NewTradeInput, OwnTrade, PriestTrade } from '@churchtrades/shared/trade-dashboard';
import { type OwnStillTrading, stillTradingExpiresOn } from '@churchtrades/shared/still-trading';
import type { TradeFieldsInput, TradeProfileInput } from '@churchtrades/shared/trade-profile';
import type { AbnCheck, Licence } from '@churchtrades/shared/verification';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import type { AbnCheckOutcome, AbnService } from '../abn/service';
import type { AuditTrail } from '../audit/service';
import type { MailSender } from '../mail/account-mails';
import { type PriestedTrade, priestDetachedMail, priestNamedMail } from '../mail/priest-mails';
import type { MailService } from '../mail/service';
import type { RateLimiter, RateLimitRule } from '../rate-limits/service';
import { requireMayMakeChanges, requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { StillTradingService } from '../still-trading/service';
import { tradeSearchKeywords } from '../trades/search-keywords';
import type { ImageFolder, ImageStore } from '../uploads/image-store';
import { cleanText } from './clean-text';
import type {
  CategoryRow,
  ChurchRow,
  OwnTradeRow,
  PriestRow,
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
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  transactions: Pick<Transactions, 'run'>;
  abn: Pick<AbnService, 'enteredState' | 'check'>;
  stillTrading: Pick<StillTradingService, 'settleAdministratorExpiry'>;
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
export const LISTING_RATE_LIMIT: RateLimitRule = {
  name: 'listing-account',
  limit: 5,
  windowMs: HOUR_MS,
  decision: 'LISTING_LIMITS',
};

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

/** The still-trading question open now: the owner may answer it from the dashboard. */
function stillTradingOf(trade: TradeRow): OwnStillTrading {
  const askedAt = trade.tradingCheckSentAt;
  return {
    askedAt: askedAt?.toISOString() ?? null,
    expiresOn: askedAt ? stillTradingExpiresOn(askedAt).toISOString() : null,
    expiredForNoAnswer: trade.expiredForNoAnswer,
  };
}

/** SPEC §2 "Automated System Tags": main and sub category names and the sub category's tags. */
function systemTagsOf({ mainCategory, subCategory }: OwnTradeRow): string {
  return [mainCategory?.name, subCategory?.name, subCategory?.tags]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/** What the register last said of the business's ABN, as its owner's pages show it. */
function abnCheckOf(trade: TradeRow): AbnCheck | null {
  if (trade.abn === null) return null;
  return {
    status: trade.abnStatus ?? 'CHECKSUM_ONLY',
    checkedAt: trade.abnCheckedAt?.toISOString() ?? null,
    registeredName: trade.abnRegisteredName,
  };
}

function ownTradeOf(row: OwnTradeRow): OwnTrade {
  const { trade, church, mainCategory, subCategory, priest, owner } = row;
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
    priest: priest ? { userId: priest.userId, name: fullName(priest) } : null,
    businessKind: trade.businessKind,
    abn: trade.abn,
    abnCheck: abnCheckOf(trade),
    licence: licenceOf(trade),
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
    stillTrading: stillTradingOf(trade),
    moderationReason: explained ? trade.moderationReason : null,
    owner: {
      userId: owner.userId,
      name: fullName(owner),
      email: owner.email,
      phone: owner.phone,
      role: owner.role,
    },
  };
}

function licenceOf(trade: TradeRow): OwnTrade['licence'] {
  const { licenceNumber: number, licenceState: state, licenceKind: kind } = trade;
  if (number === null || state === null || kind === null) return null;
  return { number, state, kind, checkedAt: trade.licenceCheckedAt?.toISOString() ?? null };
}

type LicenceFields = Pick<ProfileFields, 'licenceNumber' | 'licenceState' | 'licenceKind' | 'licenceCheckedAt' | 'licenceCheckedBy'>;

/**
 * The licence the owner states (absent keeps it, null removes it). A moderator's check holds for the licence they
 * looked at: a change of its number, state or kind takes the check away.
 */
function licenceFields(trade: TradeRow, licence: Licence | null | undefined): LicenceFields {
  const kept = {
    licenceNumber: trade.licenceNumber,
    licenceState: trade.licenceState,
    licenceKind: trade.licenceKind,
    licenceCheckedAt: trade.licenceCheckedAt,
    licenceCheckedBy: trade.licenceCheckedBy,
  };
  if (licence === undefined) return kept;
  const stated = { licenceNumber: licence?.number ?? null, licenceState: licence?.state ?? null, licenceKind: licence?.kind ?? null };
  const same =
    stated.licenceNumber === kept.licenceNumber &&
    stated.licenceState === kept.licenceState &&
    stated.licenceKind === kept.licenceKind;
  return same ? kept : { ...stated, licenceCheckedAt: null, licenceCheckedBy: null };
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
  'priestId',
  'businessKind',
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

/**
 * The answer to a profile change: the business, whether it went back to its moderators with a new church, and
 * whether the register could not be asked about its ABN (the last known state stays until it can).
 */
export interface ProfileChange {
  trade: OwnTrade;
  submittedAgain: boolean;
  abnWaiting: boolean;
}

/**
 * Whether what the ABN must be registered to changed: the ABN itself, the business's name, or its kind (a sole
 * trader's ABN may be registered to its owner instead).
 */
function abnToCheckAgain(trade: TradeRow, fields: ProfileFields, abn: string | null): boolean {
  return abn !== null && (abn !== trade.abn || fields.name !== trade.name || fields.businessKind !== trade.businessKind);
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

function chosenCategoryId(id: number | undefined): number | undefined {
  return id === undefined || id < 1 ? undefined : id;
}

interface TradeCategories {
  main: CategoryRow | undefined;
  sub: CategoryRow | undefined;
}

/** Whether the business is the one this new-business form describes: the same form sent again. */
function isTradeOf(trade: TradeRow, input: NewTradeInput, { main, sub }: TradeCategories): boolean {
  return (
    trade.churchId === input.churchId &&
    trade.mainCategoryId === (main?.id ?? null) &&
    trade.categoryId === (sub?.id ?? null) &&
    trade.name === cleanText(input.name) &&
    trade.brief === cleanText(input.brief)
  );
}

/** The texts both calls keep as sent (tidied), or the business's own when absent. */
function keptText(text: string | undefined, current: string): string {
  return text === undefined ? current : cleanText(text);
}

export function createTradeDashboardService(deps: TradeDashboardDependencies) {
  const { repo, images, rateLimits, audit, mail, sender, transactions, abn: abnChecks, stillTrading } = deps;

  /** Asks the register about the business's ABN once its change has committed: the register is slow, a save not. */
  async function checkAbn(tradeId: string, needed: boolean): Promise<AbnCheckOutcome> {
    return needed ? abnChecks.check(tradeId) : 'skipped';
  }

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

  async function mainCategoryAlone(id: number): Promise<TradeCategories> {
    const main = await category(id);
    if (!main || main.parentId !== null) throw new AppError('BAD_REQUEST', MESSAGES.chooseMainCategory);
    return { main, sub: undefined };
  }

  /**
   * The categories a business is listed under, one rule for listing and changing it: `categoryId` is a sub
   * category, whose main category follows, or a main category alone (SPEC §3 sends only `categoryId`);
   * `mainCategoryId` alone is a main category alone, and with `categoryId` must be that category's main one.
   * Undefined when neither is chosen.
   */
  async function chosenCategories({ mainCategoryId, categoryId }: TradeFieldsInput): Promise<TradeCategories | undefined> {
    const mainId = chosenCategoryId(mainCategoryId);
    const id = chosenCategoryId(categoryId);
    const named = mainId === undefined ? undefined : await mainCategoryAlone(mainId);
    if (id === undefined) return named;
    const chosen = await category(id);
    if (!chosen) throw new AppError('BAD_REQUEST', named ? MESSAGES.chooseSubCategoryOfMain : MESSAGES.chooseCategory);
    const chosenMainId = chosen.parentId ?? chosen.id;
    if (named && named.main?.id !== chosenMainId) throw new AppError('BAD_REQUEST', MESSAGES.chooseSubCategoryOfMain);
    if (chosen.parentId === null) return { main: chosen, sub: undefined };
    return { main: named?.main ?? (await repo.findCategory(chosen.parentId)), sub: chosen };
  }

  /**
   * The priest the business names at this church (SPEC §1 "optionally a priest"): one of the church's priests,
   * or none. Absent keeps the business's own while they serve the church, so a move to another church drops a
   * priest who does not serve there.
   */
  async function priestFor(church: ChurchRow, priestId: string | null | undefined, current: string | null): Promise<PriestRow | null> {
    if (priestId === undefined) return current === null ? null : ((await repo.findPriest(church.id, current)) ?? null);
    if (priestId === null) return null;
    const priest = await repo.findPriest(church.id, priestId);
    if (!priest) throw new AppError('BAD_REQUEST', MESSAGES.priestNotOfChurch);
    return priest;
  }

  /** How the mails about a business's priest name it. */
  async function priestedTrade(tradeId: string): Promise<PriestedTrade> {
    const row = await repo.findOwnTrade(tradeId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    return { name: row.trade.name, churchName: row.church.name, ownerName: fullName(row.owner) };
  }

  /** Tells a priest newly named by a business; queued in the caller's transaction, so it leaves only once that holds. */
  async function tellNamedPriest(user: SignedInUser, tradeId: string, priest: PriestRow | null, before: string | null) {
    if (!priest || priest.userId === before || priest.userId === user.userId) return;
    await mail.queue(priestNamedMail(sender, priest, await priestedTrade(tradeId)));
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
  function sameTradeSentAgain(row: OwnTradeRow | undefined, input: NewTradeInput, categories: TradeCategories): OwnTrade {
    if (!row || !isTradeOf(row.trade, input, categories)) throw new AppError('CONFLICT', MESSAGES.tradeAlreadyExists);
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

  /** The businesses that name the user as their priest (SPEC §1), whatever their state, by name. */
  async function tradesOfPriest(user: SignedInUser): Promise<PriestTrade[]> {
    requirePermission(user, mayServeAsPriest, MESSAGES.notTheTradesPriest);
    const rows = await repo.findTradesOfPriest(user.userId);
    return rows.map(({ trade, church, owner }) => ({
      id: trade.id,
      name: trade.name,
      churchName: church.name,
      ownerName: fullName(owner),
      listingState: listingStateOf(trade),
    }));
  }

  return {
    /**
     * SPEC §2 "List your business": the user's one business, waiting for a moderator (or listed at once at a
     * church that does not moderate).
     */
    async create(user: SignedInUser, input: NewTradeInput): Promise<OwnTrade> {
      requireMayMakeChanges(user);
      await rateLimits.attempt(LISTING_RATE_LIMIT, user.userId);
      const categories = await chosenCategories(input);
      if (!categories) throw new AppError('BAD_REQUEST', MESSAGES.chooseMainCategory);
      const existing = await repo.findOwnTradeOf(user.userId);
      if (existing) return sameTradeSentAgain(existing, input, categories);
      const church = await churchFor(input.churchId);
      if (input.stateType !== undefined && input.stateType !== church.stateType) {
        throw new AppError('BAD_REQUEST', MESSAGES.stateNotChurchState);
      }
      const priest = await priestFor(church, input.priestId, null);
      // The business and the mail to the priest it names are written together.
      const created = await transactions.run(async () => {
        const row = await repo.insert({
          ownerId: user.userId,
          churchId: church.id,
          stateType: church.stateType,
          mainCategoryId: categories.main?.id ?? null,
          categoryId: categories.sub?.id ?? null,
          name: profileText(input.name, TRADE_NAME_MIN_LENGTH, MESSAGES.nameRequired),
          brief: profileText(input.brief, TRADE_BRIEF_MIN_LENGTH, MESSAGES.briefRequired),
          service: keptText(input.service, ''),
          tags: keptText(input.tags, ''),
          publicEmail: input.publicEmail || null,
          priestId: priest?.userId ?? null,
          businessKind: input.businessKind ?? null,
          ...abnChecks.enteredState(input.abn ?? null),
          licenceNumber: input.licence?.number ?? null,
          licenceState: input.licence?.state ?? null,
          licenceKind: input.licence?.kind ?? null,
          searchKeywords: keywordsOf(categories, null),
          moderationStatus: statusOnSubmission(church),
          enabled: true,
        });
        if (row) await tellNamedPriest(user, row.id, priest, null);
        return row;
      });
      if (!created) return sameTradeSentAgain(await repo.findOwnTradeOf(user.userId), input, categories);
      await checkAbn(created.id, created.abn !== null);
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
      const categories = (await chosenCategories(input)) ?? (await currentCategories(trade));
      const priest = await priestFor(church, input.priestId, trade.priestId);
      const fields: ProfileFields = {
        churchId: church.id,
        stateType: church.stateType,
        mainCategoryId: categories.main?.id ?? null,
        categoryId: categories.sub?.id ?? null,
        name: profileText(input.name, TRADE_NAME_MIN_LENGTH, MESSAGES.nameRequired),
        brief: profileText(input.brief, TRADE_BRIEF_MIN_LENGTH, MESSAGES.briefRequired),
        service: keptText(input.service, trade.service),
        tags: keptText(input.tags, trade.tags),
        publicEmail: input.publicEmail === undefined ? trade.publicEmail : input.publicEmail || null,
        priestId: priest?.userId ?? null,
        businessKind: input.businessKind === undefined ? trade.businessKind : input.businessKind,
        ...licenceFields(trade, input.licence),
        searchKeywords: keywordsOf(categories, await repo.findSuburb(trade.id)),
      };
      const changed = changedApprovedFields(trade, fields);
      const submittedAgain = church.id !== trade.churchId;
      const abn = input.abn === undefined ? trade.abn : input.abn;
      // The register, not a moderator, says whether an ABN is the business's: a new one is no reason for
      // another look, and a verified one that lapses is told to the moderators by mail (abn/service.ts).
      const abnFields = abn === trade.abn ? {} : abnChecks.enteredState(abn);
      const edit = { before: pick(trade, changed), after: pick(fields, changed) };
      if (abn !== trade.abn) Object.assign(edit, { before: { ...edit.before, abn: trade.abn }, after: { ...edit.after, abn } });
      // The change and its audit entry are written together.
      await transactions.run(async () => {
        if (submittedAgain) {
          await repo.updateAndSubmit(trade.id, { ...fields, ...abnFields }, statusOnSubmission(church));
        } else {
          const flagged = needsAnotherLook(user, trade, church) && changed.length > 0;
          await repo.update(trade.id, { ...fields, ...abnFields, ...(flagged ? { changedSinceApproval: true } : {}) });
        }
        await recordEditForOwner(user, trade, edit);
        await tellNamedPriest(user, trade.id, priest, trade.priestId);
      });
      const outcome = await checkAbn(trade.id, abnToCheckAgain(trade, fields, abn));
      return { trade: await ownTrade(trade.id), submittedAgain, abnWaiting: outcome === 'unavailable' };
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
        if (name === 'expired') await stillTrading.settleAdministratorExpiry(trade.id, value);
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

    tradesOfPriest,

    /**
     * A priest takes their name off a business that names them; only that priest may. Audited, and the owner is
     * told by e-mail so that they can name another.
     */
    async detachPriest(user: SignedInUser, tradeId: string): Promise<PriestTrade[]> {
      requirePermission(user, mayServeAsPriest, MESSAGES.notTheTradesPriest);
      const trade = await existingTrade(tradeId);
      if (trade.priestId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.notTheTradesPriest);
      const row = await repo.findOwnTrade(trade.id);
      if (!row?.priest) throw new AppError('FORBIDDEN', MESSAGES.notTheTradesPriest);
      const priestName = fullName(row.priest);
      // The detachment, its audit entry and the owner's mail together: the mail leaves once the others hold.
      await transactions.run(async () => {
        if (!(await repo.detachPriest(trade.id, user.userId))) throw new AppError('FORBIDDEN', MESSAGES.notTheTradesPriest);
        await audit.record(user, {
          action: 'trade.priestDetach',
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: { priestId: user.userId },
          after: { priestId: null },
        });
        const owner = { email: row.owner.email, firstName: row.owner.firstName };
        const named = { name: trade.name, churchName: row.church.name, ownerName: fullName(row.owner) };
        await mail.queue(priestDetachedMail(sender, owner, named, priestName));
      });
      return tradesOfPriest(user);
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
