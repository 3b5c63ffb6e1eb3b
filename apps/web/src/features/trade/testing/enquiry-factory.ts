import {
  ENQUIRY_FOLDERS,
  type EnquiryFolder,
  type ReceivedEnquiries,
  type ReceivedEnquiry,
  type ReceivedEnquirySummary,
} from '@churchtrades/shared/enquiries';

let sequence = 0;

/** An enquiry delivered to the owner's business, with the visitor's first message; confirmed, unread, in New. */
export function makeReceivedEnquiry(overrides: Partial<ReceivedEnquiry> = {}): ReceivedEnquiry {
  sequence += 1;
  const body = overrides.messages?.[0]?.body ?? 'Could you quote for a leaking hot water tank next week?';
  return {
    id: `00000000-0000-4000-e000-${String(sequence).padStart(12, '0')}`,
    senderName: 'Mary Brown',
    suburb: 'Parramatta',
    preview: body.slice(0, 120),
    folder: 'NEW',
    read: false,
    receivedAt: '2025-03-01T09:30:00.000Z',
    lastMessageAt: '2025-03-01T09:30:00.000Z',
    senderEmail: `mary${sequence}@example.com.au`,
    senderPhone: '0400 222 333',
    senderConfirmed: true,
    messages: [{ id: `m${sequence}`, author: 'VISITOR', body, sentAt: '2025-03-01T09:30:00.000Z' }],
    spamReported: false,
    ...overrides,
  };
}

export function summaryOf(enquiry: ReceivedEnquiry): ReceivedEnquirySummary {
  const { id, senderName, suburb, preview, folder, read, receivedAt, lastMessageAt } = enquiry;
  return { id, senderName, suburb, preview, folder, read, receivedAt, lastMessageAt };
}

/**
 * `GET /api/enquiries/received` for the enquiries given: page `page` (from 0) of `folder`'s, and the counts of
 * every folder.
 */
export function makeReceivedEnquiries(
  enquiries: ReceivedEnquiry[],
  { folder = 'NEW', page = 0, size = 20 }: { folder?: EnquiryFolder; page?: number; size?: number } = {},
): ReceivedEnquiries {
  const inFolder = enquiries.filter((enquiry) => enquiry.folder === folder);
  const counts = Object.fromEntries(
    ENQUIRY_FOLDERS.map((each) => {
      const filed = enquiries.filter((enquiry) => enquiry.folder === each);
      return [each, { total: filed.length, unread: filed.filter((enquiry) => !enquiry.read).length }];
    }),
  ) as ReceivedEnquiries['counts'];
  return {
    enquiries: {
      content: inFolder.slice(page * size, (page + 1) * size).map(summaryOf),
      number: page,
      size,
      totalElements: inFolder.length,
      totalPages: Math.ceil(inFolder.length / size),
    },
    counts,
  };
}
