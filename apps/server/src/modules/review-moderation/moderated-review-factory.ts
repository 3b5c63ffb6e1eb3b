import { randomUUID } from 'node:crypto';
import { senderAddressKey } from '@churchtrades/shared/enquiries';
import { reviewerDisplayName } from '@churchtrades/shared/reviews';
import type { Database } from '../../db/database';
import { reviewReports, reviews } from '../../db/schema';
import { createEnquiry } from '../enquiry-inbox/enquiry-factory';

const DAY_MS = 24 * 60 * 60 * 1000;

type NewReview = typeof reviews.$inferInsert;

/** What a test says about a review: its business, and anything else it cares about. */
export type ReviewFields = Partial<NewReview> & { tradeId: string; senderEmail?: string };

/**
 * Tests' review, written to the tables as writing one leaves it: an enquiry the business answered ten days
 * before, and the review of its sender, published, four stars, unless the fields say otherwise.
 */
export async function createModeratedReview(db: Database, fields: ReviewFields) {
  const { senderEmail = `reviewer-${randomUUID().slice(0, 8)}@example.com.au`, ...columns } = fields;
  const answeredAt = new Date(Date.now() - 10 * DAY_MS);
  const enquiry = await createEnquiry(db, {
    tradeId: fields.tradeId,
    senderEmail,
    senderName: 'Rita Reviewer',
    at: new Date(answeredAt.getTime() - DAY_MS),
    firstAnsweredAt: answeredAt,
    ...(fields.reviewerUserId ? { senderUserId: fields.reviewerUserId } : {}),
  });
  const [review] = await db
    .insert(reviews)
    .values({
      enquiryId: enquiry.id,
      reviewerEmailKey: senderAddressKey(senderEmail),
      reviewerName: reviewerDisplayName('Rita Reviewer'),
      reviewerNetwork: '198.51.100.7',
      relation: 'CUSTOMER',
      stars: 4,
      body: 'Came on time, fixed the leaking tap and left the kitchen clean.',
      textHash: randomUUID(),
      status: 'PUBLISHED',
      ...columns,
    })
    .returning();
  return { review: review!, enquiry };
}

/** Someone's open report of the review, unless the fields say otherwise. */
export async function createReviewReport(db: Database, reviewId: string, fields: Partial<typeof reviewReports.$inferInsert> = {}) {
  const [report] = await db
    .insert(reviewReports)
    .values({ reviewId, reporterNetwork: '192.0.2.44', reason: 'This reads like the owner wrote it', ...fields })
    .returning();
  return report!;
}
