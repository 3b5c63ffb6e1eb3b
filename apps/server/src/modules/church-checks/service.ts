import {
  type CheckedLicence,
  type CurrentVouch,
  type TradeChecks,
  type VoucherRole,
  type VouchInput,
  type VouchWithdrawalInput,
} from '@churchtrades/shared/church-checks';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayModerate, mayServeAsPriest, mayViewModeration } from '@churchtrades/shared/permissions';
import { type Licence, VOUCH_MONTHS } from '@churchtrades/shared/verification';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { ModerationService } from '../moderation/service';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { ChurchCheckRepo, ChurchCheckTrade, VouchRow } from './repo';

export interface ChurchCheckDependencies {
  repo: ChurchCheckRepo;
  audit: AuditTrail;
  transactions: Pick<Transactions, 'run'>;
  clock: Clock;
  /** Who sees and who moderates a business's church: the moderation module's rules. */
  moderation: Pick<ModerationService, 'maySee' | 'mayDecideOn'>;
}

/** When a vouch given at `at` lapses: VOUCH_MONTHS later, the same day of the month. */
export function vouchEnd(at: Date): Date {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + VOUCH_MONTHS);
  return end;
}

/**
 * The role in which the user may vouch for a business of the church: a moderator of it, else its priest, with
 * rights an administrator has confirmed (users.moderated) and the account's role still holding them. Null when
 * they may not: the renewal job asks the same when a vouch comes to its end.
 */
export async function voucherRoleAt(
  repo: Pick<ChurchCheckRepo, 'findAccount' | 'churchRolesOf'>,
  userId: string,
  churchId: string,
): Promise<VoucherRole | null> {
  const account = await repo.findAccount(userId);
  if (!account?.moderated || !account.enabled) return null;
  const roles = await repo.churchRolesOf(userId, churchId);
  if (roles.includes('MODERATOR') && mayModerate(account.role)) return 'MODERATOR';
  if (roles.includes('PRIEST') && mayServeAsPriest(account.role)) return 'PRIEST';
  return null;
}

function licenceOf(trade: ChurchCheckTrade): Licence | null {
  const { licenceNumber: number, licenceState: state, licenceKind: kind } = trade;
  return number === null || state === null || kind === null ? null : { number, state, kind };
}

function checkedLicenceOf(trade: ChurchCheckTrade): CheckedLicence | null {
  const licence = licenceOf(trade);
  if (!licence) return null;
  return {
    ...licence,
    checkedAt: trade.licenceCheckedAt?.toISOString() ?? null,
    checkedByName: trade.licenceCheckedAt === null ? null : trade.licenceCheckedByName,
  };
}

function currentVouchOf(row: VouchRow): CurrentVouch {
  return {
    churchName: row.churchName,
    vouchedAt: row.vouchedAt.toISOString(),
    until: row.expiresAt.toISOString(),
    voucherRole: row.voucherRole === 'PRIEST' ? 'PRIEST' : 'MODERATOR',
    voucherName: row.voucherName,
    named: row.voucherNamed,
    renewalAskedAt: row.renewalAskedAt?.toISOString() ?? null,
  };
}

/**
 * What the people of a business's church check about it (shared/church-checks.ts): a moderator or the priest of
 * its church vouches that they know who runs it, for VOUCH_MONTHS; whoever moderates the church marks the
 * licence its owner states as found on the state's register. `trades.vouched_until` follows the current vouch in
 * the transaction of every change; a move to another church withdraws it in the database itself (trigger
 * `trades_withdraw_vouch_on_move`, db/README.md).
 */
export function createChurchCheckService(deps: ChurchCheckDependencies) {
  const { repo, audit, transactions, clock, moderation } = deps;

  async function existingTrade(id: string): Promise<ChurchCheckTrade> {
    const trade = await repo.findTrade(id);
    if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
    return trade;
  }

  async function mayVouchFor(user: SignedInUser, trade: ChurchCheckTrade): Promise<boolean> {
    return trade.ownerId !== user.userId && (await voucherRoleAt(repo, user.userId, trade.churchId)) !== null;
  }

  async function checksOf(user: SignedInUser, trade: ChurchCheckTrade): Promise<TradeChecks> {
    const [vouch, mayVouch, moderates] = await Promise.all([
      repo.currentVouch(trade.id, clock()),
      mayVouchFor(user, trade),
      moderation.mayDecideOn(user, trade.id),
    ]);
    return {
      vouch: vouch ? currentVouchOf(vouch) : null,
      licence: checkedLicenceOf(trade),
      mayVouch,
      mayWithdraw: vouch !== undefined && (moderates || vouch.voucherId === user.userId),
      mayCheckLicence: moderates && licenceOf(trade) !== null,
    };
  }

  async function freshChecks(user: SignedInUser, tradeId: string): Promise<TradeChecks> {
    return checksOf(user, await existingTrade(tradeId));
  }

  /** The business, when the caller moderates its church and does not own it: theirs to mark its licence. */
  async function tradeToCheck(user: SignedInUser, tradeId: string): Promise<ChurchCheckTrade> {
    requirePermission(user, mayModerate);
    const trade = await existingTrade(tradeId);
    if (trade.ownerId === user.userId) throw new AppError('FORBIDDEN', MESSAGES.ownTradeLicence);
    if (!(await moderation.mayDecideOn(user, trade.id))) throw new AppError('FORBIDDEN', MESSAGES.notYourChurch);
    return trade;
  }

  return {
    /** A business's current vouch and licence as the moderation screen shows them, for whoever may see it there. */
    async checks(user: SignedInUser, tradeId: string): Promise<TradeChecks> {
      requirePermission(user, mayViewModeration);
      const trade = await existingTrade(tradeId);
      if (!(await moderation.maySee(user, trade.id))) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      return checksOf(user, trade);
    },

    /**
     * "I know this person and they run this business": a moderator or the priest of the business's church, never
     * for their own. A vouch given while one holds is its renewal: a new row, the later end.
     */
    async vouch(user: SignedInUser, tradeId: string, input: VouchInput): Promise<TradeChecks> {
      requirePermission(user, mayViewModeration, MESSAGES.notYourChurchToVouch);
      const trade = await existingTrade(tradeId);
      if (trade.ownerId === user.userId) throw new AppError('FORBIDDEN', MESSAGES.ownTradeVouch);
      const account = await repo.findAccount(user.userId);
      if (!account?.moderated) throw new AppError('FORBIDDEN', MESSAGES.awaitingConfirmation);
      const voucherRole = await voucherRoleAt(repo, user.userId, trade.churchId);
      if (!voucherRole) throw new AppError('FORBIDDEN', MESSAGES.notYourChurchToVouch);
      const now = clock();
      const until = vouchEnd(now);
      // The vouch, the business's `vouched_until` and the audit entry together.
      await transactions.run(async () => {
        const locked = await repo.lockTrade(trade.id);
        if (locked?.churchId !== trade.churchId) throw new AppError('CONFLICT', MESSAGES.notYourChurchToVouch);
        const before = await repo.currentVouch(trade.id, now);
        await repo.insertVouch({
          tradeId: trade.id,
          churchId: trade.churchId,
          voucherId: user.userId,
          voucherRole,
          voucherNamed: input.named,
          vouchedAt: now,
          expiresAt: until,
        });
        await repo.syncVouchedUntil(trade.id, now);
        await audit.record(user, {
          action: 'trade.vouch',
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: before ? { until: before.expiresAt.toISOString() } : null,
          after: { churchId: trade.churchId, voucherRole, named: input.named, until: until.toISOString() },
        });
      });
      return freshChecks(user, trade.id);
    },

    /** Withdraws the business's vouch, with a reason: its voucher may, and whoever moderates its church. */
    async withdraw(user: SignedInUser, tradeId: string, { reason }: VouchWithdrawalInput): Promise<TradeChecks> {
      requirePermission(user, mayViewModeration, MESSAGES.notYourVouchToWithdraw);
      const trade = await existingTrade(tradeId);
      const now = clock();
      const current = await repo.currentVouch(trade.id, now);
      const mayWithdraw =
        current !== undefined && (current.voucherId === user.userId || (await moderation.mayDecideOn(user, trade.id)));
      if (current && !mayWithdraw) throw new AppError('FORBIDDEN', MESSAGES.notYourVouchToWithdraw);
      if (!current && !(await moderation.maySee(user, trade.id))) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      if (!current) throw new AppError('CONFLICT', MESSAGES.noVouchToWithdraw);
      await transactions.run(async () => {
        await repo.lockTrade(trade.id);
        if ((await repo.withdrawVouches(trade.id, now, reason)) === 0) {
          throw new AppError('CONFLICT', MESSAGES.noVouchToWithdraw);
        }
        await repo.syncVouchedUntil(trade.id, now);
        await audit.record(user, {
          action: 'trade.vouchWithdraw',
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: { until: current.expiresAt.toISOString(), voucherRole: current.voucherRole },
          after: { reason },
        });
      });
      return freshChecks(user, trade.id);
    },

    /** A moderator found the stated licence on the state's public register, today. */
    async markLicenceChecked(user: SignedInUser, tradeId: string): Promise<TradeChecks> {
      const trade = await tradeToCheck(user, tradeId);
      const licence = licenceOf(trade);
      if (!licence) throw new AppError('CONFLICT', MESSAGES.noLicenceStated);
      const now = clock();
      await transactions.run(async () => {
        if (!(await repo.markLicenceChecked(trade.id, licence, user.userId, now))) {
          throw new AppError('CONFLICT', MESSAGES.noLicenceStated);
        }
        await audit.record(user, {
          action: 'trade.licenceCheck',
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: { checkedAt: trade.licenceCheckedAt?.toISOString() ?? null },
          after: { ...licence, checkedAt: now.toISOString() },
        });
      });
      return freshChecks(user, trade.id);
    },

    /** Takes a licence check back: the licence shows as stated by the owner again. */
    async undoLicenceCheck(user: SignedInUser, tradeId: string): Promise<TradeChecks> {
      const trade = await tradeToCheck(user, tradeId);
      if (trade.licenceCheckedAt === null) throw new AppError('CONFLICT', MESSAGES.licenceNotChecked);
      await transactions.run(async () => {
        await repo.clearLicenceCheck(trade.id);
        await audit.record(user, {
          action: 'trade.licenceUncheck',
          subjectType: 'TRADE',
          subjectId: trade.id,
          subjectName: trade.name,
          before: { checkedAt: trade.licenceCheckedAt?.toISOString() ?? null },
          after: { checkedAt: null },
        });
      });
      return freshChecks(user, trade.id);
    },
  };
}

export type ChurchCheckService = ReturnType<typeof createChurchCheckService>;
