import type { ModeratedReview, ReviewNoticeInput } from '@churchtrades/shared/reviews';
import type { ReceivedCall, Reply, Route } from '../../../testing/api-server';

let sequence = 0;

/** A published review of a business at St Mary's, reported once, that the caller may remove or keep. */
export function makeModeratedReview(overrides: Partial<ModeratedReview> = {}): ModeratedReview {
  sequence += 1;
  const id = `00000000-0000-4000-e100-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    tradeId: `00000000-0000-4000-8100-${String(sequence).padStart(12, '0')}`,
    tradeName: 'Smith Plumbing',
    churchName: "St Mary's Parramatta",
    reviewerName: 'Mary B.',
    stars: 1,
    body: 'Never turned up, and never answered the phone again.',
    relation: 'CUSTOMER',
    sameChurch: false,
    status: 'PUBLISHED',
    holdReasons: [],
    flags: [],
    churchHoldUntil: null,
    writtenAt: '2025-03-20T09:30:00.000Z',
    editedAt: null,
    openReports: [
      { id: `report-${sequence}`, reason: 'This person was never a customer', reportedAt: '2025-03-21T10:00:00.000Z', timesReported: 1 },
    ],
    mayDecide: true,
    mayHold: false,
    tradeNoticeUntil: null,
    ...overrides,
  };
}

const HELD_UNTIL = '2025-03-23T10:00:00.000Z';
const NOTICE_UNTIL = '2025-06-19T10:00:00.000Z';

/**
 * The reviews to moderate as the server keeps them, answering the routes of packages/shared/src/reviews.ts: a
 * removal or a keep takes a review off the list, a hold marks it held for 48 hours, a notice marks every review of
 * its business.
 */
export class ReviewModerationDesk {
  constructor(public reviews: ModeratedReview[]) {}

  private idOf(call: ReceivedCall): string {
    return decodeURIComponent(call.url.pathname.split('/')[4] ?? '');
  }

  private decide(call: ReceivedCall, message: string): Reply {
    const id = this.idOf(call);
    this.reviews = this.reviews.filter((review) => review.id !== id);
    return { message };
  }

  private hold(call: ReceivedCall): Reply {
    const id = this.idOf(call);
    this.reviews = this.reviews.map((review) =>
      review.id === id ? { ...review, status: 'HELD', churchHoldUntil: HELD_UNTIL, mayHold: false } : review,
    );
    return { message: 'The review is held for 48 hours' };
  }

  private notice(call: ReceivedCall): Reply {
    const tradeId = this.idOf(call);
    const { reason } = call.body as ReviewNoticeInput;
    this.reviews = this.reviews.map((review) =>
      review.tradeId === tradeId ? { ...review, tradeNoticeUntil: NOTICE_UNTIL } : review,
    );
    return {
      status: 201,
      message: 'The notice shows on the business page for 90 days',
      data: { notice: { startedAt: '2025-03-21T10:00:00.000Z', endsAt: NOTICE_UNTIL, reason } },
    };
  }

  routes(extra: Record<string, Route> = {}): Record<string, Route> {
    return {
      'GET /api/moderation/reviews': () => ({ data: { reviews: this.reviews } }),
      'POST /api/moderation/reviews/:id/remove': (call) =>
        this.decide(call, 'The review is removed and its note shows on the business page'),
      'POST /api/moderation/reviews/:id/keep': (call) => this.decide(call, 'The review stays published'),
      'POST /api/moderation/reviews/:id/hold': (call) => this.hold(call),
      'POST /api/moderation/trades/:tradeId/reviewNotice': (call) => this.notice(call),
      ...extra,
    };
  }
}
