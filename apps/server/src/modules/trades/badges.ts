import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import type { TradeBadges } from '@churchtrades/shared/verification';
import type { BadgeFacts } from './repo';

/** A business with no badge: nothing was checked, or nothing checked still holds. */
export const NO_BADGES: TradeBadges = { abn: null, church: null, licence: null };

function isRealState(state: string | null): state is RealState {
  return (REAL_STATES as readonly string[]).includes(state ?? '');
}

/** "ABN active": only on the register's word that it is active and registered to this business. */
function abnBadge({ abn, abnStatus, abnCheckedAt }: BadgeFacts): TradeBadges['abn'] {
  if (abn === null || abnStatus !== 'ACTIVE' || abnCheckedAt === null) return null;
  return { abn, checkedAt: abnCheckedAt.toISOString() };
}

/** "Known to <church>": the current vouch, naming its giver only when they chose to be named. */
function churchBadge({ vouch }: BadgeFacts): TradeBadges['church'] {
  if (vouch === null) return null;
  return {
    churchName: vouch.churchName,
    vouchedAt: vouch.vouchedAt.toISOString(),
    until: vouch.expiresAt.toISOString(),
    // Priests vouch as priests; moderators, and those above them acting as moderators, as moderators.
    voucherRole: vouch.voucherRole === 'PRIEST' ? 'PRIEST' : 'MODERATOR',
    voucherName: vouch.voucherName,
  };
}

/** "Licence checked": a moderator found it on the state's register; a licence only stated earns nothing. */
function licenceBadge({ licenceNumber, licenceState, licenceKind, licenceCheckedAt }: BadgeFacts): TradeBadges['licence'] {
  if (licenceNumber === null || licenceKind === null || licenceCheckedAt === null || !isRealState(licenceState)) {
    return null;
  }
  return { number: licenceNumber, state: licenceState, kind: licenceKind, checkedAt: licenceCheckedAt.toISOString() };
}

/** The badges of a business from what is stored about it (the vouch already chosen as current by the repo). */
export function badgesFrom(facts: BadgeFacts): TradeBadges {
  return { abn: abnBadge(facts), church: churchBadge(facts), licence: licenceBadge(facts) };
}
