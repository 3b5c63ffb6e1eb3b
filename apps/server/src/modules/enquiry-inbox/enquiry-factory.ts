import { randomUUID } from 'node:crypto';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import type { Database } from '../../db/database';
import { enquiries, enquiryMessages, enquirySpamReports } from '../../db/schema';

type NewEnquiry = typeof enquiries.$inferInsert;

/** What a test says about an enquiry: its business, and anything else it cares about. */
export type EnquiryFields = Partial<NewEnquiry> & { tradeId: string; message?: string; at?: Date };

/**
 * Tests' enquiry, written to the tables as sending one leaves it: by default delivered, from a confirmed visitor,
 * with the visitor's first message, at `at` (now).
 */
export async function createEnquiry(db: Database, fields: EnquiryFields) {
  const { message = 'Could you quote for painting a three-bedroom house next month?', at = new Date(), ...columns } = fields;
  const senderEmail = columns.senderEmail ?? `visitor-${randomUUID().slice(0, 8)}@example.com.au`;
  const delivery = columns.delivery ?? 'DELIVERED';
  const [enquiry] = await db
    .insert(enquiries)
    .values({
      sendId: randomUUID(),
      senderName: 'Vera Visitor',
      senderSuburb: 'Parramatta',
      senderNetwork: '203.0.113.0/24',
      textHash: randomUUID(),
      senderConfirmedAt: at,
      deliveredAt: delivery === 'DELIVERED' ? at : null,
      lastMessageAt: at,
      createdAt: at,
      ...columns,
      senderEmail,
      senderEmailKey: inboxKey(senderEmail),
      delivery,
    })
    .returning();
  await db.insert(enquiryMessages).values({ enquiryId: enquiry!.id, author: 'VISITOR', body: message, createdAt: at });
  return enquiry!;
}

/** An owner's spam report of the enquiry, to the moderators of `churchId`. */
export async function createSpamReport(
  db: Database,
  enquiry: { id: string },
  churchId: string,
  fields: Partial<typeof enquirySpamReports.$inferInsert> = {},
) {
  const [report] = await db
    .insert(enquirySpamReports)
    .values({ enquiryId: enquiry.id, churchId, reason: 'Selling something unrelated', ...fields })
    .returning();
  return report!;
}
