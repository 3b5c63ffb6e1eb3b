import { MESSAGES } from '@churchtrades/shared/messages';
import type { ModerationDecision } from '@churchtrades/shared/moderation';

export const DECISION_LABELS: Readonly<Record<ModerationDecision, string>> = {
  APPROVE: 'Approve',
  REJECT: 'Reject',
  UNLIST: 'Unlist',
  RELIST: 'Relist',
};

/** The toast when the server's answer carries no message. */
export const DECISION_DONE: Readonly<Record<ModerationDecision, string>> = {
  APPROVE: MESSAGES.tradeApproved,
  REJECT: MESSAGES.tradeRejected,
  UNLIST: MESSAGES.tradeUnlisted,
  RELIST: MESSAGES.tradeRelisted,
};
