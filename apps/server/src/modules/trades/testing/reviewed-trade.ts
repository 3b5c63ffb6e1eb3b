import { reviewerDisplayName } from '@churchtrades/shared/reviews';
import type { Database } from '../../../db/database';
import { enquiryMessages, reviews } from '../../../db/schema';
import { createEnquiry } from '../../enquiry-inbox/enquiry-factory';
import { textHashOf } from '../../enquiries/service';

type NewReview = typeof reviews.$inferInsert;

const DAY_MS = 86_400_000;

/**
 * A review of the business as the tables hold one: from the sender of an enquiry the business answered ten days
 * before it, published unless `status` says otherwise, written at `createdAt` (now).
 */
export async function createReview(db: Database, trade: { id: string }, fields: Partial<NewReview> = {}) {
  const writtenAt = fields.createdAt ?? new Date();
  const answeredAt = new Date(writtenAt.getTime() - 10 * DAY_MS);
  const enquiry = await createEnquiry(db, {
    tradeId: trade.id,
    senderName: 'Rita Reviewer',
    at: new Date(answeredAt.getTime() - DAY_MS),
    folder: 'ANSWERED',
    firstAnsweredAt: answeredAt,
    lastMessageAt: answeredAt,
  });
  await db.insert(enquiryMessages).values({ enquiryId: enquiry.id, author: 'OWNER', body: 'Happy to help.', createdAt: answeredAt });
  const body = fields.body ?? 'Came on time, explained the work and left the place tidy.';
  const [review] = await db
    .insert(reviews)
    .values({
      enquiryId: enquiry.id,
      reviewerEmailKey: enquiry.senderEmailKey,
      reviewerName: reviewerDisplayName(enquiry.senderName),
      reviewerNetwork: enquiry.senderNetwork,
      relation: 'CUSTOMER',
      stars: 5,
      status: 'PUBLISHED',
      textHash: textHashOf(body),
      createdAt: writtenAt,
      ...fields,
      tradeId: trade.id,
      body,
    })
    .returning();
  return review!;
}
