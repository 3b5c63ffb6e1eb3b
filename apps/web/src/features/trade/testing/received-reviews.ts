import type { PublicReview } from '@churchtrades/shared/reviews';
import type { Page } from '@churchtrades/shared/trade-search';
import type { ReceivedCall, Reply, Route } from '../../../testing/api-server';

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
