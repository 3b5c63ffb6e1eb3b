import type { PublicReview } from '@churchtrades/shared/reviews';
import type { Page } from '@churchtrades/shared/trade-search';
import type { ReceivedCall, Reply, Route } from '../../../testing/api-server';

let sequence = 0;

/** A published review of the owner's business from a customer, not answered, not edited. */
export function makePublicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  sequence += 1;
  return {
    id: `00000000-0000-4000-f000-${String(sequence).padStart(12, '0')}`,
    reviewerName: 'Mary B.',
    stars: 5,
    body: 'Fixed our hot water system the same day, and left the laundry cleaner than he found it.',
    relation: 'CUSTOMER',
    sameChurch: false,
    workSuburb: null,
    workMonth: null,
    writtenAt: '2025-03-20T09:30:00.000Z',
    editedAt: null,
    ownerAnswer: null,
    ownerAnsweredAt: null,
    ...overrides,
  };
}

const ANSWERED_AT = '2025-03-22T08:00:00.000Z';

/**
 * The owner's reviews as the test API holds them, newest first, answering the routes of
 * packages/shared/src/reviews.ts as the server does: a review is answered once, a second answer is refused.
 */
export class ReceivedReviews {
  constructor(public reviews: PublicReview[]) {}

  private page(page: number, size: number): Page<PublicReview> {
    return {
      content: this.reviews.slice(page * size, (page + 1) * size),
      number: page,
      size,
      totalElements: this.reviews.length,
      totalPages: Math.ceil(this.reviews.length / size),
    };
  }

  private answer(call: ReceivedCall): Reply {
    const id = decodeURIComponent(call.url.pathname.split('/')[3] ?? '');
    const review = this.reviews.find((each) => each.id === id);
    if (!review) return { status: 404, message: 'Review not found' };
    if (review.ownerAnswer !== null) {
      return { status: 409, message: 'This review has been answered already: a business answers each review once.' };
    }
    const answered = { ...review, ownerAnswer: (call.body as { body: string }).body.trim(), ownerAnsweredAt: ANSWERED_AT };
    this.reviews = this.reviews.map((each) => (each.id === id ? answered : each));
    return { message: 'Your answer is published', data: { review: answered } };
  }

  routes(): Record<string, Route> {
    return {
      'GET /api/reviews/received': ({ url }) => ({
        data: {
          reviews: this.page(Number(url.searchParams.get('page') ?? 0), Number(url.searchParams.get('size') ?? 20)),
        },
      }),
      'POST /api/reviews/:id/answer': (call) => this.answer(call),
    };
  }
}
