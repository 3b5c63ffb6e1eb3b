import type { EnquiryMessageView } from '@churchtrades/shared/enquiries';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { enquiryMessages } from '../../db/schema';

/** An enquiry's conversation, the visitor's first message included, oldest first: as the visitor and the owner see it. */
export async function conversationMessages(db: Database, enquiryId: string): Promise<EnquiryMessageView[]> {
  const rows = await db
    .select({ id: enquiryMessages.id, author: enquiryMessages.author, body: enquiryMessages.body, sentAt: enquiryMessages.createdAt })
    .from(enquiryMessages)
    .where(eq(enquiryMessages.enquiryId, enquiryId))
    .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}
