import { describe, expect, it } from 'vitest';
import {
  AUTOMATED_DECISION_KINDS,
  AUTOMATED_DECISIONS,
  type AutomatedDecisionKind,
  REVIEW_FLAG_DECISIONS,
  REVIEW_HOLD_DECISIONS,
} from './automated-decisions';
import { ACCOUNT_DELETION_DAYS } from './account-deletion';
import { VOUCH_RENEWAL_NOTICE_DAYS } from './church-checks';
import { MAX_IMAGE_BYTES } from './constants';
import { CONVERSATION_LINK_DAYS, ENQUIRY_CONFIRMATION_HOURS, ENQUIRY_LIMITS } from './enquiries';
import {
  CHURCH_HOLD_HOURS,
  REVIEW_AFTER_ANSWER_DAYS,
  REVIEW_CHECKS,
  REVIEW_FLAGS,
  REVIEW_HOLD_REASONS,
  REVIEW_INVITATION_DAYS,
} from './reviews';
import {
  STILL_TRADING_DEFAULT_MONTHS,
  STILL_TRADING_EXPIRY_DAYS,
  STILL_TRADING_MAX_MONTHS,
  STILL_TRADING_MIN_MONTHS,
  STILL_TRADING_REMINDER_DAYS,
} from './still-trading';
import { ABN_RECHECK_DAYS, VOUCH_MONTHS } from './verification';

function wordsOf(kind: AutomatedDecisionKind): string {
  const { title, trigger, reads, effect, lasts, askAPerson } = AUTOMATED_DECISIONS[kind];
  return [title, trigger, reads, effect, lasts, askAPerson].join(' ');
}

/** The numbers each entry states, as the rules of the code hold them: a changed rule must change its words. */
const NUMBERS_STATED: [AutomatedDecisionKind, number[]][] = [
  ['REVIEW_HELD_FOR_BURST', [REVIEW_CHECKS.burstReviews, REVIEW_CHECKS.burstHours]],
  ['REVIEW_FLAGGED', [REVIEW_CHECKS.networkReviews, REVIEW_CHECKS.networkDays, REVIEW_CHECKS.newAccountDays, REVIEW_CHECKS.sameTextDays]],
  ['REVIEW_ELIGIBILITY', [REVIEW_AFTER_ANSWER_DAYS]],
  ['REVIEW_LIMITS', [REVIEW_CHECKS.reportsPerNetworkPerHour]],
  ['REVIEW_INVITATION', [REVIEW_INVITATION_DAYS]],
  ['REVIEW_CHURCH_HOLD_LAPSE', [CHURCH_HOLD_HOURS]],
  ['ENQUIRY_HELD_SAME_TEXT', [ENQUIRY_LIMITS.sameTextBusinesses, ENQUIRY_LIMITS.sameTextHours]],
  [
    'ENQUIRY_LIMITS',
    [ENQUIRY_LIMITS.perAddressPerHour, ENQUIRY_LIMITS.perAddressPerDay, ENQUIRY_LIMITS.perNetworkPerHour, ENQUIRY_LIMITS.perBusinessPerDay],
  ],
  ['ENQUIRY_UNCONFIRMED_DROPPED', [ENQUIRY_CONFIRMATION_HOURS]],
  ['CONVERSATION_LINK_LAPSE', [CONVERSATION_LINK_DAYS]],
  ['ABN_VERIFICATION', [ABN_RECHECK_DAYS]],
  ['VOUCH_LAPSE', [VOUCH_MONTHS, VOUCH_RENEWAL_NOTICE_DAYS]],
  [
    'STILL_TRADING',
    [STILL_TRADING_DEFAULT_MONTHS, STILL_TRADING_MIN_MONTHS, STILL_TRADING_MAX_MONTHS, STILL_TRADING_REMINDER_DAYS, STILL_TRADING_EXPIRY_DAYS],
  ],
  ['UPLOAD_CHECKS', [MAX_IMAGE_BYTES / 1024 / 1024]],
  ['ACCOUNT_DELETION', [ACCOUNT_DELETION_DAYS]],
];

describe('the automated decisions of the privacy policy', () => {
  it('says for each decision what starts it, what it reads, what it does, how long it lasts and whom to ask', () => {
    for (const kind of AUTOMATED_DECISION_KINDS) {
      const decision = AUTOMATED_DECISIONS[kind];
      for (const words of [decision.title, decision.trigger, decision.reads, decision.effect, decision.lasts, decision.askAPerson]) {
        expect(words.trim(), kind).not.toBe('');
      }
    }
    expect(new Set(AUTOMATED_DECISION_KINDS.map((kind) => AUTOMATED_DECISIONS[kind].title)).size).toBe(
      AUTOMATED_DECISION_KINDS.length,
    );
  });

  it('explains every reason a review is held and every flag a review raises', () => {
    expect(REVIEW_HOLD_REASONS.map((reason) => AUTOMATED_DECISIONS[REVIEW_HOLD_DECISIONS[reason]])).not.toContain(undefined);
    expect(REVIEW_FLAGS.map((flag) => AUTOMATED_DECISIONS[REVIEW_FLAG_DECISIONS[flag]])).not.toContain(undefined);
  });

  it.each(NUMBERS_STATED)('states the numbers of the rules behind %s as the code holds them', (kind, numbers) => {
    for (const number of numbers) expect(wordsOf(kind)).toMatch(new RegExp(`\\b${number}\\b`));
  });
});
