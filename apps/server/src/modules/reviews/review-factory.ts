import { randomUUID } from 'node:crypto';
import { REVIEW_AFTER_ANSWER_DAYS, REVIEW_NOTICE_DAYS, reviewerDisplayName } from '@churchtrades/shared/reviews';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { enquiryMessages, reviewNotices, reviewReports, reviews, trades } from '../../db/schema';
import { createEnquiry, type EnquiryFields } from '../enquiry-inbox/enquiry-factory';
import { textHashOf } from '../enquiries/service';

type NewReview = typeof reviews.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tests' enquiry that the business answered `answeredDaysAgo` days before `at` (now): delivered, with the
 * visitor's question and the owner's answer, as a person who may review the business has one.
 */
export async function createAnsweredEnquiry(db: Database, fields: EnquiryFields & { answeredDaysAgo?: number }) {
  const { answeredDaysAgo = REVIEW_AFTER_ANSWER_DAYS + 1, at = new Date(), ...enquiryFields } = fields;
  const answeredAt = new Date(at.getTime() - answeredDaysAgo * DAY_MS);
  const askedAt = new Date(answeredAt.getTime() - DAY_MS);
  const enquiry = await createEnquiry(db, { firstAnsweredAt: answeredAt, lastMessageAt: answeredAt, folder: 'ANSWERED', ...enquiryFields, at: askedAt });
  await db.insert(enquiryMessages).values({ enquiryId: enquiry.id, author: 'OWNER', body: 'Happy to help: Tuesday at 9?', createdAt: answeredAt });
  return enquiry;
}

/** What a test says about a review: its business, the enquiry's fields if it cares, and any review column. */
export type ReviewFields = Partial<Omit<NewReview, 'tradeId' | 'enquiryId'>> & {
  tradeId: string;
  /** The enquiry it reviews; a new answered one to the business when absent. */
  enquiryId?: string;
  /** Fields of that new enquiry (its sender, say). */
  enquiry?: Partial<EnquiryFields>;
};

/**
 * Tests' review, written to the table as writing one leaves it: by default published, five stars from a
 * customer, on a new enquiry the business answered before the review's `createdAt` (now), its reviewer's
 * details copied from that enquiry. The business's totals follow by the migration's trigger.
 */
export async function createReview(db: Database, fields: ReviewFields) {
  const { tradeId, enquiryId, enquiry: enquiryFields = {}, ...columns } = fields;
  const enquiry = enquiryId ? undefined : await createAnsweredEnquiry(db, { tradeId, at: columns.createdAt, ...enquiryFields });
  const body = columns.body ?? 'They came when they said they would and left the place spotless. Recommended.';
  const [review] = await db
    .insert(reviews)
    .values({
      tradeId,
      enquiryId: enquiryId ?? enquiry!.id,
      reviewerUserId: enquiry?.senderUserId ?? null,
      reviewerEmailKey: enquiry?.senderEmailKey ?? `reviewer-${randomUUID().slice(0, 8)}@example.com.au`,
      reviewerName: reviewerDisplayName(enquiry?.senderName ?? 'Vera Visitor'),
      reviewerNetwork: enquiry?.senderNetwork ?? '203.0.113.0/24',
      relation: 'CUSTOMER',
      stars: 5,
      textHash: textHashOf(body),
      status: 'PUBLISHED',
      ...columns,
      body,
    })
    .returning();
  return review!;
}

/** A visitor's report of the review, open unless the fields decide it. */
export async function createReviewReport(db: Database, review: { id: string }, fields: Partial<typeof reviewReports.$inferInsert> = {}) {
  const [report] = await db
    .insert(reviewReports)
    .values({ reviewId: review.id, reporterNetwork: '198.51.100.0/24', reason: 'This is not a real customer', ...fields })
    .returning();
  return report!;
}

/** The public notice of a business caught gathering fake reviews, from `startedAt` (now) for 90 days unless said. */
export async function createReviewNotice(db: Database, tradeId: string, fields: Partial<typeof reviewNotices.$inferInsert> = {}) {
  const startedAt = fields.startedAt ?? new Date();
  const [notice] = await db
    .insert(reviewNotices)
    .values({
      tradeId,
      reason: 'Reviews were written by people who were not customers',
      endsAt: new Date(startedAt.getTime() + REVIEW_NOTICE_DAYS * DAY_MS),
      ...fields,
      startedAt,
    })
    .returning();
  return notice!;
}

/** The review as the table holds it now. */
export async function storedReview(db: Database, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row!;
}

/** The business's published reviews and their stars, as the migration's trigger keeps them. */
export async function reviewTotalsOf(db: Database, tradeId: string) {
  const [row] = await db.select({ count: trades.reviewCount, stars: trades.reviewStarsTotal }).from(trades).where(eq(trades.id, tradeId));
  return row!;
}
