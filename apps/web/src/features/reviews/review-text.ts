import type { ReviewRelation } from '@churchtrades/shared/reviews';

/**
 * How the reviewer knows the business, in a few words beside their name (the form asks it in REVIEW_RELATION_LABELS'
 * whole sentences). A reviewer from the same church is a customer here: the "Same church" tag beside says the rest.
 * Family and employees never have a review to show; their words are here only for completeness.
 */
export const RELATION_SHORT_TEXTS: Readonly<Record<ReviewRelation, string>> = {
  CUSTOMER: 'Customer',
  SAME_CHURCH: 'Customer',
  FRIEND: 'Customer, friend of the owner',
  FAMILY: 'Family of the owner',
  EMPLOYEE: 'Works for the business',
};

const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-03" as "March 2026". */
export function monthText(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return MONTH.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "Work done in Balmain, March 2026", with whichever of the two the reviewer gave; null for neither. */
export function workDoneText(suburb: string | null, month: string | null): string | null {
  const parts = [suburb?.trim() || null, month ? monthText(month) : null].filter((part) => part !== null);
  return parts.length > 0 ? `Work done in ${parts.join(', ')}` : null;
}

/** "1 review is waiting for a moderator", "3 reviews are waiting for a moderator". */
export function waitingText(count: number): string {
  return count === 1 ? '1 review is waiting for a moderator' : `${count} reviews are waiting for a moderator`;
}

/** A filter button's words: "All", "1 star", "5 stars". */
export function starsFilterText(stars: number | undefined): string {
  if (stars === undefined) return 'All';
  return stars === 1 ? '1 star' : `${stars} stars`;
}
