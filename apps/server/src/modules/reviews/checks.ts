import { messageParts } from '@churchtrades/shared/enquiries';
import { REVIEW_CHECKS, type ReviewFlag, type ReviewHoldReason } from '@churchtrades/shared/reviews';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * The automatic checks of a review's words, and the thresholds of the signs of manipulation: pure, so that each
 * rule is tested on its own. The service gathers the counts they weigh.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/**
 * Runs of digits as numbers are written: groups joined by a space, a dot or a dash, an area code in brackets,
 * a leading "+". A comma never joins them, so "$1,250" stays a price.
 */
const NUMBER_RUN = /\+?\(?\d+\)?(?:[ .-]{1,2}\(?\d+\)?)*/g;

/** Australian numbers once reduced to digits: mobiles and landlines with their area code, and 1300/1800 numbers. */
const PHONE_DIGITS = [/^0[2-478]\d{8}$/, /^1[38]00\d{6}$/];

function isPhoneDigits(digits: string): boolean {
  // +61 2 9876 5432 is (02) 9876 5432 dialled from abroad.
  const national = /^61\d{9}$/.test(digits) ? `0${digits.slice(2)}` : digits;
  return PHONE_DIGITS.some((pattern) => pattern.test(national));
}

/**
 * Whether some consecutive groups of a run of digits form a phone number: "on 0412 345 678 by 2025" holds one,
 * while years ("2019 2020") and prices ("4500") never reduce to an Australian number.
 */
function runHoldsPhone(run: string): boolean {
  const groups = run.match(/\d+/g) ?? [];
  for (let start = 0; start < groups.length; start++) {
    let digits = '';
    for (const group of groups.slice(start)) {
      digits += group;
      if (digits.length > 11) break;
      if (isPhoneDigits(digits)) return true;
    }
  }
  return false;
}

export function holdsPhoneNumber(text: string): boolean {
  return [...text.matchAll(NUMBER_RUN)].some(([run]) => runHoldsPhone(run));
}

export function holdsEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

export function holdsLink(text: string): boolean {
  return messageParts(text).some((part) => part.link);
}

/** Australian places and names the word list takes for rude words: a suburb of Canberra, a chain of shops. */
const AUSTRALIAN_NAMES = ['dickson', 'dick smith'];

// The maintained English word list, with the transformers that see through l33t spelling and repeated letters.
const words = englishDataset.build();
const profanity = new RegExpMatcher({
  ...words,
  whitelistedTerms: [...(words.whitelistedTerms ?? []), ...AUSTRALIAN_NAMES],
  ...englishRecommendedTransformers,
});

export function holdsProfanity(text: string): boolean {
  return profanity.hasMatch(text);
}

/** Why the words of a review (its text, and the suburb it names) hold it for a moderator; none: it may show. */
export function wordHoldReasons(...texts: string[]): ReviewHoldReason[] {
  const text = texts.join('\n');
  const reasons: ReviewHoldReason[] = [];
  if (holdsLink(text)) reasons.push('LINK');
  if (holdsEmailAddress(text) || holdsPhoneNumber(text)) reasons.push('CONTACT_DETAILS');
  if (holdsProfanity(text)) reasons.push('PROFANITY');
  return reasons;
}

/** The business's reviews written within `burstHours`, the new one included, are more than a day's share. */
export function isBurst(recentReviews: number): boolean {
  return recentReviews > REVIEW_CHECKS.burstReviews;
}

/** What the service counts for the signs of manipulation. */
export interface ManipulationSigns {
  /** Other reviews of the business from the reviewer's network within `networkDays`. */
  sameNetworkReviews: number;
  /** The reviewer's account's age in days; null without an account. */
  accountAgeDays: number | null;
  /** Other reviews with the same text within `sameTextDays`. */
  sameTextReviews: number;
}

/** The flags a new review raises for moderators; they hold nothing. */
export function manipulationFlags(signs: ManipulationSigns): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (signs.sameNetworkReviews > REVIEW_CHECKS.networkReviews) flags.push('SAME_NETWORK');
  if (signs.accountAgeDays !== null && signs.accountAgeDays < REVIEW_CHECKS.newAccountDays) flags.push('NEW_ACCOUNT');
  if (signs.sameTextReviews > 0) flags.push('SAME_TEXT');
  return flags;
}
