import { MESSAGES } from '@churchtrades/shared/messages';
import type { ModerationDecision, ModerationTrade } from '@churchtrades/shared/moderation';

/**
 * The decisions that apply to a business as it stands: a pending one is approved or rejected; a listed one
 * is unlisted, or approved again once a moderator has looked at the owner's changes; an unlisted one is
 * relisted. A rejected one waits for its owner to resubmit it.
 */
export function decisionsFor(trade: Pick<ModerationTrade, 'status' | 'changedSinceApproval'>): ModerationDecision[] {
  switch (trade.status) {
    case 'PENDING':
      return ['APPROVE', 'REJECT'];
    case 'APPROVED':
      return trade.changedSinceApproval ? ['APPROVE', 'UNLIST'] : ['UNLIST'];
    case 'UNLISTED':
      return ['RELIST'];
    case 'REJECTED':
      return [];
  }
}

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
