import type { RealState } from '@churchtrades/shared/states';
import { VOUCH_MONTHS } from '@churchtrades/shared/verification';
import type { tradeVouches } from '../schema';
import type { TradeRow } from './generate-trades';

export type TradeVouchRow = typeof tradeVouches.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

interface ChurchCheckPeople {
  churchId: string;
  moderatorId: string;
  priestId: string;
  /** The demo trader's business is a digital marketer's, which needs no licence: it shows the owner an empty one. */
  traderId: string;
  /** The moment of seeding: a vouch lasts VOUCH_MONTHS, so the demo's must be given shortly before it to hold. */
  now: Date;
}

interface DemoVouch {
  by: 'moderator' | 'priest';
  named: boolean;
  daysAgo: number;
}

interface DemoLicence {
  number: string;
  state: RealState;
  kind: string;
  /** Days before seeding a moderator checked it; absent: stated by the owner only. */
  checkedDaysAgo?: number;
}

/**
 * What the demo church's people checked of its first approved businesses: a vouch by its moderator, one by its
 * priest who chose to be named, one that lapses within the month (its renewal due, so the renewal job asks the
 * moderator on the first start), and licences, one of them checked; the last licence is on a business nobody
 * vouched for, for a moderator to vouch for and check.
 */
const DEMO_CHECKS: readonly { vouch?: DemoVouch; licence?: DemoLicence }[] = [
  {
    vouch: { by: 'moderator', named: false, daysAgo: 60 },
    licence: { number: 'EC 284517', state: 'NSW', kind: 'Electrical contractor', checkedDaysAgo: 30 },
  },
  { vouch: { by: 'priest', named: true, daysAgo: 150 }, licence: { number: 'BLD 77120', state: 'NSW', kind: 'Builder' } },
  { vouch: { by: 'moderator', named: false, daysAgo: 345 } },
  { licence: { number: 'PL 190334', state: 'NSW', kind: 'Plumber and gasfitter' } },
];

function monthsLater(at: Date, months: number): Date {
  const later = new Date(at);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

/** The businesses with their vouch's end and licence, and the vouches themselves. */
export function withChurchChecks(
  trades: readonly TradeRow[],
  people: ChurchCheckPeople,
): { trades: TradeRow[]; vouches: TradeVouchRow[] } {
  const { churchId, moderatorId, priestId, traderId, now } = people;
  const ofChurch = trades.filter(
    (trade) => trade.churchId === churchId && ![moderatorId, priestId, traderId].includes(trade.ownerId),
  );
  // Vouches for approved businesses; a licence alone on any other, approved first, so that a small church has one.
  const approved = ofChurch.filter((trade) => trade.moderationStatus === 'APPROVED');
  const vouched = approved.slice(0, DEMO_CHECKS.length - 1);
  const licensedOnly = [...approved, ...ofChurch].find((trade) => !vouched.includes(trade));
  const checked = licensedOnly ? [...vouched, licensedOnly] : vouched;
  const vouches: TradeVouchRow[] = [];
  const changed = new Map<string, TradeRow>();
  checked.forEach((trade, index) => {
    const { vouch, licence } = DEMO_CHECKS[trade === licensedOnly ? DEMO_CHECKS.length - 1 : index] ?? {};
    let row: TradeRow = { ...trade };
    if (vouch) {
      const vouchedAt = new Date(now.getTime() - vouch.daysAgo * DAY_MS);
      const expiresAt = monthsLater(vouchedAt, VOUCH_MONTHS);
      vouches.push({
        tradeId: trade.id,
        churchId,
        voucherId: vouch.by === 'moderator' ? moderatorId : priestId,
        voucherRole: vouch.by === 'moderator' ? 'MODERATOR' : 'PRIEST',
        voucherNamed: vouch.named,
        vouchedAt,
        expiresAt,
      });
      row = { ...row, vouchedUntil: expiresAt };
    }
    if (licence) {
      const checkedAt = licence.checkedDaysAgo === undefined ? null : new Date(now.getTime() - licence.checkedDaysAgo * DAY_MS);
      row = {
        ...row,
        licenceNumber: licence.number,
        licenceState: licence.state,
        licenceKind: licence.kind,
        licenceCheckedAt: checkedAt,
        licenceCheckedBy: checkedAt === null ? null : moderatorId,
      };
    }
    changed.set(trade.id, row);
  });
  return { trades: trades.map((trade) => changed.get(trade.id) ?? trade), vouches };
}
