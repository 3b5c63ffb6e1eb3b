import { formatAbn } from '@churchtrades/shared/abn-format';
import type { TradeBadges } from '@churchtrades/shared/verification';

/** A badge as a visitor reads it: its label, and what was checked, by whom and when, and what it does not prove. */
export interface BadgeText {
  key: 'abn' | 'church' | 'licence';
  label: string;
  checked: string;
  notProved: string;
}

/** A day as Australians write it, "3 March 2026", on the calendar of the east coast where most of them live. */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  });
}

function abnText(abn: NonNullable<TradeBadges['abn']>): BadgeText {
  return {
    key: 'abn',
    label: 'ABN active',
    checked: `On ${dayText(abn.checkedAt)} the Australian Business Register said that ABN ${formatAbn(abn.abn)} is active and registered to this business. ChurchTrades asked the register itself; it asks again every few months.`,
    notProved: 'It does not prove a licence, insurance or the quality of the work.',
  };
}

function churchText(church: NonNullable<TradeBadges['church']>): BadgeText {
  const role = church.voucherRole === 'PRIEST' ? 'the priest' : 'a moderator';
  const who = church.voucherName === null ? `${role} of ${church.churchName}` : `${church.voucherName}, ${role} of ${church.churchName},`;
  return {
    key: 'church',
    label: `Known to ${church.churchName}`,
    checked: `On ${dayText(church.vouchedAt)} ${who} said they know the person running this business. Their word holds until ${dayText(church.until)}.`,
    notProved: 'It is not a check of the work, a licence or insurance, and the church does not answer for the business.',
  };
}

function licenceText(licence: NonNullable<TradeBadges['licence']>): BadgeText {
  return {
    key: 'licence',
    label: 'Licence checked',
    checked: `On ${dayText(licence.checkedAt)} a ChurchTrades moderator found ${licence.kind} licence ${licence.number} on the public register of ${licence.state}.`,
    notProved: 'It does not prove insurance or the quality of the work, and a licence can be suspended after it was checked: look it up on the register before a large job.',
  };
}

/** The badges that hold, in the order they are shown. */
export function badgeTexts(badges: TradeBadges): BadgeText[] {
  return [
    badges.abn && abnText(badges.abn),
    badges.church && churchText(badges.church),
    badges.licence && licenceText(badges.licence),
  ].filter((text) => text !== null);
}
