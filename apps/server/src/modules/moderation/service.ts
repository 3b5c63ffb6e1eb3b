import type { AuditAction } from '@churchtrades/shared/audit';
import { MESSAGES } from '@churchtrades/shared/messages';
import {
  decisionsFor,
  type ModerationChurchCount,
  type ModerationDecision,
  type ModerationDecisionInput,
  type ModerationQueueQuery,
  type ModerationStatus,
  type ModerationTrade,
  type ModerationTradesQuery,
} from '@churchtrades/shared/moderation';
import { mayModerate, mayViewModeration, moderatesEverywhere } from '@churchtrades/shared/permissions';
import { stillTradingExpiresOn } from '@churchtrades/shared/still-trading';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { type Page, pageOf, type TradeCard } from '@churchtrades/shared/trade-search';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { MailSender } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import {
  type ModeratedTrade,
  tradeApprovedMail,
  tradeRejectedMail,
  tradeRelistedMail,
  tradeUnlistedMail,
} from '../mail/moderation-mails';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { ChurchScope, DuplicateRow, ModerationFilter, ModerationRepo, ModerationRow } from './repo';

export interface ModerationServiceDependencies {
  repo: ModerationRepo;
  audit: AuditTrail;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  transactions: Pick<Transactions, 'run'>;
  /** The public search cards of any businesses (trades module). */
  previewCards(ids: string[]): Promise<TradeCard[]>;
  /** The social media entries of businesses, by business (social-media module). */
  socialMediaOf(tradeIds: string[]): Promise<Map<string, SocialMediaEntry[]>>;
}

/** A queue entry names at most this many possible duplicates. */
export const DUPLICATES_SHOWN = 5;

/** Where the caller reaches: the churches they moderate, and beyond those the ones they only look at. */
interface CallerScope {
  moderates: ChurchScope;
  views: ChurchScope;
}

/** What a decision makes of a business, and how the audit log names it; which apply is shared/moderation.ts's. */
const DECISIONS: Readonly<Record<ModerationDecision, { becomes: ModerationStatus; action: AuditAction }>> = {
  APPROVE: { becomes: 'APPROVED', action: 'trade.approve' },
  REJECT: { becomes: 'REJECTED', action: 'trade.reject' },
  UNLIST: { becomes: 'UNLISTED', action: 'trade.unlist' },
  RELIST: { becomes: 'APPROVED', action: 'trade.relist' },
};

/** The day an unanswered still-trading question takes the business out of the directory, while it is still in. */
function expiresOn(row: ModerationRow): string | null {
  if (row.tradingCheckSentAt === null || row.expired || row.moderationStatus !== 'APPROVED') return null;
  return stillTradingExpiresOn(row.tradingCheckSentAt).toISOString();
}

function reaches(scope: ChurchScope, row: ModerationRow): boolean {
  return scope.everywhere || row.church.stateType === scope.state || scope.churchIds.includes(row.churchId);
}

function filterOf(scope: ChurchScope, query: ModerationQueueQuery): ModerationFilter {
  return {
    scope,
    ...(query.churchId === undefined ? {} : { churchId: query.churchId }),
    ...(query.stateType === 'ALL' ? {} : { stateType: query.stateType }),
  };
}

export function createModerationService(deps: ModerationServiceDependencies) {
  const { repo, audit, mail, sender, transactions } = deps;

  /**
   * DESIGN "Roles": administrators reach every church; a governor the churches of their state; a moderator the
   * churches they moderate; a priest (read-only) the church they serve. A priest or moderator an administrator has
   * not confirmed yet reaches none, and is told why.
   */
  async function scopeOf(user: SignedInUser): Promise<CallerScope> {
    if (moderatesEverywhere(user.role)) {
      const everywhere: ChurchScope = { everywhere: true, state: null, churchIds: [] };
      return { moderates: everywhere, views: everywhere };
    }
    if (!(await repo.confirmed(user.userId))) throw new AppError('FORBIDDEN', MESSAGES.awaitingConfirmation);
    const [state, moderated, served] = await Promise.all([
      user.role === 'GOVERNOR' ? repo.governedState(user.userId) : null,
      mayModerate(user.role) ? repo.churchesServed(user.userId, ['MODERATOR']) : [],
      repo.churchesServed(user.userId, ['PRIEST']),
    ]);
    return {
      moderates: { everywhere: false, state, churchIds: moderated },
      views: { everywhere: false, state, churchIds: [...moderated, ...served] },
    };
  }

  function mayDecide(user: SignedInUser, scope: CallerScope, row: ModerationRow): boolean {
    return mayModerate(user.role) && reaches(scope.moderates, row) && row.ownerId !== user.userId;
  }

  function viewOf(
    user: SignedInUser,
    scope: CallerScope,
    row: ModerationRow,
    extras: { card: TradeCard; socialMedias: SocialMediaEntry[]; duplicates: DuplicateRow[]; duplicatesElsewhere: number },
  ): ModerationTrade {
    return {
      id: row.id,
      name: row.name,
      brief: row.brief,
      service: row.service,
      tags: row.tags,
      website: row.website,
      logoUri: row.logoUri,
      image: row.image,
      stateType: row.church.stateType,
      churchId: row.churchId,
      churchName: row.church.name,
      mainCategory: row.mainCategory,
      subCategory: row.subCategory,
      atClient: row.atClient,
      atBusiness: row.atBusiness,
      online: row.online,
      enabled: row.enabled,
      locked: row.locked,
      expired: row.expired,
      listed: row.listed,
      status: row.moderationStatus,
      reason: row.moderationReason,
      changedSinceApproval: row.changedSinceApproval,
      submittedAt: row.submittedAt.toISOString(),
      moderatedAt: row.moderatedAt?.toISOString() ?? null,
      moderatedByName: row.moderatedByName,
      stillTradingExpiresOn: expiresOn(row),
      owner: {
        userId: row.owner.userId,
        name: `${row.owner.firstName} ${row.owner.lastName}`,
        email: row.owner.email,
        phone: row.owner.phone,
      },
      address: row.address,
      socialMedias: extras.socialMedias,
      card: extras.card,
      duplicates: extras.duplicates.map(({ id, name, churchName, matchedOn }) => ({ id, name, churchName, matchedOn })),
      duplicatesElsewhere: extras.duplicatesElsewhere,
      mayDecide: mayDecide(user, scope, row),
    };
  }

  /**
   * The businesses, in the order of the ids, with their card, social media and the possible duplicates the caller
   * may see (those of the churches they reach, and listed ones); the others only counted.
   */
  async function viewsOf(user: SignedInUser, scope: CallerScope, ids: string[]): Promise<ModerationTrade[]> {
    const [rows, cards, socialMedias, duplicates] = await Promise.all([
      repo.findAll(ids),
      deps.previewCards(ids),
      deps.socialMediaOf(ids),
      repo.duplicates(ids, DUPLICATES_SHOWN, scope.views),
    ]);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const cardsById = new Map(cards.map((card) => [card.id, card]));
    return ids.flatMap((id) => {
      const row = rowsById.get(id);
      const card = cardsById.get(id);
      if (!row || !card) return [];
      const extras = {
        card,
        socialMedias: socialMedias.get(id) ?? [],
        duplicates: duplicates.shown.filter((duplicate) => duplicate.tradeId === id),
        duplicatesElsewhere: duplicates.hiddenCounts.get(id) ?? 0,
      };
      return [viewOf(user, scope, row, extras)];
    });
  }

  async function oneView(user: SignedInUser, scope: CallerScope, id: string): Promise<ModerationTrade> {
    const [trade] = await viewsOf(user, scope, [id]);
    if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    return trade;
  }

  /** The business, when the caller moderates its church and does not own it. */
  async function tradeToDecide(user: SignedInUser, scope: CallerScope, id: string): Promise<ModerationRow> {
    const [row] = await repo.findAll([id]);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    if (row.ownerId === user.userId) throw new AppError('FORBIDDEN', MESSAGES.ownTradeDecision);
    if (!reaches(scope.moderates, row)) throw new AppError('FORBIDDEN', MESSAGES.notYourChurch);
    return row;
  }

  function mailOwner(row: ModerationRow, decision: ModerationDecision, reason: string): Promise<void> {
    const to = { email: row.owner.email, firstName: row.owner.firstName };
    const trade: ModeratedTrade = { name: row.name, churchName: row.church.name };
    const mails = {
      APPROVE: () => tradeApprovedMail(sender, to, trade),
      REJECT: () => tradeRejectedMail(sender, to, trade, reason),
      UNLIST: () => tradeUnlistedMail(sender, to, trade, reason),
      RELIST: () => tradeRelistedMail(sender, to, trade),
    };
    return mail.queue(mails[decision]());
  }

  return {
    /** The waiting businesses of the churches the caller moderates, the longest waiting first, and how many wait where. */
    async queue(
      user: SignedInUser,
      query: ModerationQueueQuery,
    ): Promise<{ trades: Page<ModerationTrade>; churches: ModerationChurchCount[] }> {
      requirePermission(user, mayModerate);
      const scope = await scopeOf(user);
      const filter = filterOf(scope.moderates, query);
      // The side list counts every church, whichever one the page is narrowed to, so the moderator can switch.
      const { churchId: _chosenChurch, ...everyChurch } = filter;
      const [{ ids, total }, churches] = await Promise.all([
        repo.queuePage(filter, { offset: query.page * query.size, limit: query.size }),
        repo.waitingPerChurch(everyChurch),
      ]);
      return { trades: pageOf(await viewsOf(user, scope, ids), total, query), churches };
    },

    /** Every business, in any status, of the churches the caller may see, by name. */
    async trades(user: SignedInUser, query: ModerationTradesQuery): Promise<Page<ModerationTrade>> {
      requirePermission(user, mayViewModeration);
      const scope = await scopeOf(user);
      const filter: ModerationFilter = {
        ...filterOf(scope.views, query),
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.name === '' ? {} : { name: query.name }),
        ...(query.aboutToExpire ? { aboutToExpire: true } : {}),
      };
      const { ids, total } = await repo.namePage(filter, { offset: query.page * query.size, limit: query.size });
      return pageOf(await viewsOf(user, scope, ids), total, query);
    },

    /**
     * Whether the caller may see the business here, as `trade` would show it: it belongs to a church they reach.
     * Other modules ask it before showing what moderators see of a business (its owner's card).
     */
    async maySee(user: SignedInUser, tradeId: string): Promise<boolean> {
      if (!mayViewModeration(user.role)) return false;
      const [row] = await repo.findAll([tradeId]);
      return row !== undefined && reaches((await scopeOf(user)).views, row);
    },

    /**
     * Whether the caller moderates the business's church and does not own it, as `decide` requires: other modules
     * ask it before a moderator's act on a business (withdrawing a vouch, checking a licence).
     */
    async mayDecideOn(user: SignedInUser, tradeId: string): Promise<boolean> {
      if (!mayModerate(user.role)) return false;
      const [row] = await repo.findAll([tradeId]);
      return row !== undefined && mayDecide(user, await scopeOf(user), row);
    },

    /**
     * The churches the caller moderates, as `queue` reaches them: other modules' moderators' lists (enquiries'
     * spam reports) read the same scope. Refused to a role below MODERATOR and to one not confirmed yet.
     */
    async moderatedScope(user: SignedInUser): Promise<ChurchScope> {
      requirePermission(user, mayModerate);
      return (await scopeOf(user)).moderates;
    },

    /** One business, when it belongs to a church the caller may see. */
    async trade(user: SignedInUser, id: string): Promise<ModerationTrade> {
      requirePermission(user, mayViewModeration);
      const scope = await scopeOf(user);
      const [row] = await repo.findAll([id]);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
      if (!reaches(scope.views, row)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      return oneView(user, scope, row.id);
    },

    /**
     * A moderator's decision on a business of a church they moderate, never their own: written only if the
     * business still stands as it was decided on, audited, and told to its owner by e-mail.
     */
    async decide(user: SignedInUser, input: ModerationDecisionInput): Promise<ModerationTrade> {
      requirePermission(user, mayModerate);
      const scope = await scopeOf(user);
      const row = await tradeToDecide(user, scope, input.tradeId);
      const rule = DECISIONS[input.decision];
      const standing = { status: row.moderationStatus, changedSinceApproval: row.changedSinceApproval };
      if (!decisionsFor(standing).includes(input.decision)) {
        throw new AppError('CONFLICT', MESSAGES.decisionNotApplicable);
      }
      const reason = rule.becomes === 'APPROVED' ? null : input.reason;
      const was = {
        churchId: row.churchId,
        moderationStatus: row.moderationStatus,
        changedSinceApproval: row.changedSinceApproval,
      };
      // The decision, its audit entry and the owner's mail together: the mail leaves once the others are committed.
      await transactions.run(async () => {
        const decided = await repo.decide(
          row.id,
          { moderationStatus: rule.becomes, moderationReason: reason, moderatedBy: user.userId },
          was,
        );
        if (!decided) throw new AppError('CONFLICT', MESSAGES.decisionNotApplicable);
        await audit.record(user, {
          action: rule.action,
          subjectType: 'TRADE',
          subjectId: row.id,
          subjectName: row.name,
          before: { status: row.moderationStatus, reason: row.moderationReason, changedSinceApproval: row.changedSinceApproval },
          after: { status: rule.becomes, reason, changedSinceApproval: false },
        });
        // Approving a change already listed tells the owner nothing new: only a change of status is mailed.
        if (rule.becomes !== row.moderationStatus) await mailOwner(row, input.decision, input.reason);
      });
      return oneView(user, scope, row.id);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
