import type { OwnReview, PublicReview, ReviewEligibility, TradeReviews } from '@churchtrades/shared/reviews';

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`;
}

/** A published review as every visitor sees it: four stars from a customer, not edited, not answered. */
export function makePublicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: nextId(),
    reviewerName: 'Mary V.',
    stars: 4,
    body: 'Came on time and fixed the leaking tap for a fair price.',
    relation: 'CUSTOMER',
    sameChurch: false,
    workSuburb: null,
    workMonth: null,
    writtenAt: '2026-11-03T02:00:00.000Z',
    editedAt: null,
    ownerAnswer: null,
    ownerAnsweredAt: null,
    ...overrides,
  };
}

/**
 * A business's reviews as `GET /api/trades/:id/reviews` answers them: `reviews` on page `page` of `total`, counted by
 * stars, with a rating from 3 published reviews as the server gives it.
 */
export function makeTradeReviews(
  reviews: PublicReview[],
  { page = 0, total = reviews.length, size = 10, ...overrides }: Partial<TradeReviews> & { page?: number; total?: number; size?: number } = {},
): TradeReviews {
  const starCounts: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const review of reviews) starCounts[String(review.stars)] = (starCounts[String(review.stars)] ?? 0) + 1;
  const average = reviews.reduce((sum, review) => sum + review.stars, 0) / Math.max(reviews.length, 1);
  return {
    rating: total >= 3 ? { average: Math.round(average * 10) / 10, count: total } : null,
    starCounts,
    waitingCount: 0,
    reviews: { content: reviews, number: page, size, totalElements: total, totalPages: Math.ceil(total / size) },
    removalNotes: [],
    notice: null,
    ...overrides,
  };
}

/** A review as its writer sees it: published, written now, editable for 30 days. */
export function makeOwnReview(overrides: Partial<OwnReview> = {}): OwnReview {
  const writtenAt = new Date();
  return {
    id: nextId(),
    tradeId: '00000000-0000-4000-8000-000000000301',
    stars: 4,
    body: 'Came on time and fixed the leaking tap for a fair price.',
    relation: 'CUSTOMER',
    workSuburb: null,
    workMonth: null,
    status: 'PUBLISHED',
    holdReasons: [],
    writtenAt: writtenAt.toISOString(),
    editedAt: null,
    editableUntil: new Date(writtenAt.getTime() + 30 * 24 * 3_600_000).toISOString(),
    ownerAnswer: null,
    removedReason: null,
    ...overrides,
  };
}

/** What the eligibility call says of Harbour City Plumbing: ELIGIBLE unless told otherwise. */
export function makeEligibility(overrides: Partial<ReviewEligibility> = {}): ReviewEligibility {
  return {
    state: 'ELIGIBLE',
    tradeId: '00000000-0000-4000-8000-000000000301',
    tradeName: 'Harbour City Plumbing',
    eligibleFrom: null,
    review: null,
    ...overrides,
  };
}
