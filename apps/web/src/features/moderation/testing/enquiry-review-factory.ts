import type { BlockedSender, EnquiryReview } from '@churchtrades/shared/enquiries';

let sequence = 0;

/** A spam report of an owner at St Mary's, waiting for a decision. */
export function makeEnquiryReview(overrides: Partial<EnquiryReview> = {}): EnquiryReview {
  sequence += 1;
  return {
    id: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
    kind: 'SPAM_REPORT',
    enquiryId: `00000000-0000-4000-b000-${String(sequence).padStart(12, '0')}`,
    tradeId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    tradeName: 'Smith Plumbing',
    churchName: "St Mary's Parramatta",
    senderEmail: `seller${sequence}@example.com`,
    message: 'Cheap backlinks for your site: www.backlinks.example',
    reason: 'Selling backlinks',
    at: '2025-03-01T09:30:00.000Z',
    relatedCount: 0,
    senderBlocked: false,
    ...overrides,
  };
}

export function makeBlockedSender(overrides: Partial<BlockedSender> = {}): BlockedSender {
  sequence += 1;
  return {
    email: `blocked${sequence}@example.com`,
    reason: 'Sells backlinks to every business',
    blockedAt: '2025-03-02T10:00:00.000Z',
    blockedByName: 'Maria Moderator',
    ...overrides,
  };
}
