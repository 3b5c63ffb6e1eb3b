import { VOUCH_MONTHS } from '@churchtrades/shared/verification';
import type { TradeVouchRow } from './generate-church-checks';
import { demoAbn, type TradeRow } from './generate-trades';
import type { Random } from './random';

const DAY_MS = 86_400_000;
/** Of the listed businesses, about one in ten has an ABN the register called active: enough to fill a page. */
const ACTIVE_ABN_SHARE = 0.1;
/** About one in twenty states an ABN that no register was asked about: it earns no badge. */
const CHECKSUM_ONLY_ABN_SHARE = 0.05;
const VOUCHED_SHARE = 0.05;
const CHECKED_LICENCE_SHARE = 0.05;
/** About one in twenty states a licence no moderator has checked yet: it earns no badge. */
const STATED_LICENCE_SHARE = 0.05;

/** What a state's licence register calls the licences of the demo's trades. */
const LICENCE_KINDS = ['Electrical contractor', 'Plumber and gasfitter', 'Builder', 'Air conditioning technician'] as const;

export interface VerificationContext {
  /** The moment of seeding: badges are dated before it, and the vouches last beyond it. */
  now: Date;
  /** The demo church's businesses carry what its own people checked (generate-church-checks.ts), not these. */
  demoChurchId: string;
  /** Who checks the demo's licences. */
  demoModeratorId: string;
}

/** An ABN that passes the published check, on nine drawn digits. */
export function drawAbn(random: Random): string {
  return demoAbn(random.int(0, 999_999_999));
}

function daysBefore(now: Date, random: Random, minDays: number, maxDays: number): Date {
  return new Date(now.getTime() - random.int(minDays, maxDays) * DAY_MS);
}

function monthsAfter(date: Date, months: number): Date {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

function isListed(trade: TradeRow): boolean {
  return trade.moderationStatus === 'APPROVED' && trade.enabled !== false && trade.locked !== true && trade.expired !== true;
}

function vouch(trade: TradeRow, voucher: Pick<TradeVouchRow, 'voucherId' | 'voucherRole' | 'voucherNamed'>, vouchedAt: Date): TradeVouchRow {
  const expiresAt = monthsAfter(vouchedAt, VOUCH_MONTHS);
  trade.vouchedUntil = expiresAt;
  return { tradeId: trade.id, churchId: trade.churchId, ...voucher, vouchedAt, expiresAt };
}

/**
 * Sets what was checked about some listed businesses on their rows, and returns the vouches to store: businesses
 * with an active ABN (registered to their name), known to their church, with a checked licence, several of these
 * at once, and many with none, so that a first start shows every badge and "Verified only" narrows the list.
 * Dated before the seeding, not the demo's today: a vouch lasts a year, and the badges must hold at first start.
 */
export function addVerification(random: Random, trades: TradeRow[], context: VerificationContext): TradeVouchRow[] {
  const { now } = context;
  const vouches: TradeVouchRow[] = [];
  for (const trade of trades.filter((row) => isListed(row) && row.churchId !== context.demoChurchId)) {
    const abn = random.next();
    if (abn < ACTIVE_ABN_SHARE) {
      const checkedAt = daysBefore(now, random, 1, 80);
      Object.assign(trade, {
        abn: drawAbn(random),
        abnStatus: 'ACTIVE',
        abnCheckedAt: checkedAt,
        abnRegisteredName: trade.name,
        abnNextCheckAt: new Date(checkedAt.getTime() + 90 * DAY_MS),
      });
    } else if (abn < ACTIVE_ABN_SHARE + CHECKSUM_ONLY_ABN_SHARE) {
      Object.assign(trade, { abn: drawAbn(random), abnStatus: 'CHECKSUM_ONLY' });
    }
    if (random.chance(VOUCHED_SHARE)) {
      // Given by a moderator of the business's church whose account the demo does not hold.
      vouches.push(vouch(trade, { voucherId: null, voucherRole: 'MODERATOR', voucherNamed: false }, daysBefore(now, random, 10, 300)));
    }
    const licence = random.next();
    if (licence < CHECKED_LICENCE_SHARE + STATED_LICENCE_SHARE) {
      Object.assign(trade, {
        licenceNumber: String(random.int(100_000, 9_999_999)),
        licenceState: trade.stateType,
        licenceKind: random.pick(LICENCE_KINDS),
      });
    }
    if (licence < CHECKED_LICENCE_SHARE) {
      Object.assign(trade, { licenceCheckedAt: daysBefore(now, random, 3, 200), licenceCheckedBy: context.demoModeratorId });
    }
  }
  return vouches;
}
