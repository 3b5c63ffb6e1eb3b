import type { EnquiryFolder, ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import type { ReceivedCall, Reply, Route } from '../../../testing/api-server';
import { makeReceivedEnquiries } from './enquiry-factory';

const REPLIED_AT = '2025-03-02T08:00:00.000Z';

/**
 * The owner's enquiries as the test API holds them, answering the routes of packages/shared/src/enquiries.ts as
 * the server does: opening one marks it read, an answer files it in Answered, a spam report in Spam.
 */
export class Inbox {
  constructor(public enquiries: ReceivedEnquiry[]) {}

  find(id: string): ReceivedEnquiry {
    const enquiry = this.enquiries.find((each) => each.id === id);
    if (!enquiry) throw new Error(`No enquiry ${id}`);
    return enquiry;
  }

  private change(id: string, changes: Partial<ReceivedEnquiry>, message: string): Reply {
    const changed = { ...this.find(id), ...changes };
    this.enquiries = this.enquiries.map((each) => (each.id === id ? changed : each));
    return { message, data: { enquiry: changed } };
  }

  routes(): Record<string, Route> {
    const idOf = (call: ReceivedCall) => decodeURIComponent(call.url.pathname.split('/')[4] ?? '');
    return {
      'GET /api/enquiries/received': ({ url }) => ({
        data: makeReceivedEnquiries(this.enquiries, {
          folder: (url.searchParams.get('folder') ?? 'NEW') as EnquiryFolder,
          page: Number(url.searchParams.get('page') ?? 0),
          size: Number(url.searchParams.get('size') ?? 20),
        }),
      }),
      'GET /api/enquiries/received/:id': (call) => this.change(idOf(call), { read: true }, 'Enquiry found'),
      'PATCH /api/enquiries/received/:id': (call) =>
        this.change(idOf(call), call.body as Partial<ReceivedEnquiry>, 'Enquiry updated'),
      'POST /api/enquiries/received/:id/replies': (call) => {
        const enquiry = this.find(idOf(call));
        const { body } = call.body as { body: string };
        const answer = { id: `answer-${enquiry.messages.length}`, author: 'OWNER' as const, body, sentAt: REPLIED_AT };
        return this.change(
          enquiry.id,
          { messages: [...enquiry.messages, answer], folder: 'ANSWERED', lastMessageAt: REPLIED_AT },
          'Your answer is sent',
        );
      },
      'POST /api/enquiries/received/:id/spam': (call) =>
        this.change(idOf(call), { folder: 'SPAM', spamReported: true }, "Reported as spam to the church's moderators"),
    };
  }
}
