import type { ReviewRelation } from '@churchtrades/shared/reviews';

/**
 * How the reviewer knows the business, as it shows beside their review. "Same church" is a tag of its own (the
 * reviewer said so, or their account is a member of the business's church), so it is not repeated here.
 */
export const REVIEW_RELATION_NAMES: Readonly<Record<ReviewRelation, string>> = {
  CUSTOMER: 'Customer',
  SAME_CHURCH: 'Customer',
  FRIEND: 'Customer and friend of the owner',
  FAMILY: 'Family of the owner',
  EMPLOYEE: 'Works or worked for the business',
};

const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-03" as "March 2026": a calendar month wherever the reader is, so read in UTC. */
export function monthText(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return MONTH.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "Work done in Balmain, March 2026", with whichever of the two the reviewer gave; null for neither. */
export function workDoneText(suburb: string | null, month: string | null): string | null {
  const parts = [suburb?.trim() || null, month ? monthText(month) : null].filter((part) => part !== null);
  return parts.length > 0 ? `Work done in ${parts.join(', ')}` : null;
}
