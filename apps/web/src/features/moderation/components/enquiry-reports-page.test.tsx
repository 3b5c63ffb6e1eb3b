import type { BlockedSender, BlockSenderInput, EnquiryReview, ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { makeBlockedSender, makeEnquiryReview } from '../testing/enquiry-review-factory';
import { makeModerationPage } from '../testing/moderation-factory';
import { renderModeration } from '../testing/render-moderation';

/** The reports, held enquiries and blocked addresses as the server keeps them: a decision takes a review away. */
class ReviewDesk {
  constructor(
    public reviews: EnquiryReview[],
    public blocked: BlockedSender[] = [],
  ) {}

  private decide(id: string, message: string) {
    this.reviews = this.reviews.filter((review) => review.id !== id);
    return { message };
  }

  routes(extra: Record<string, Route> = {}): Record<string, Route> {
    return {
      'GET /api/moderation/enquiries': () => ({ data: { reviews: this.reviews } }),
      'POST /api/moderation/enquiries/reports/:id/dismiss': ({ url }) =>
        this.decide(url.pathname.split('/')[5] ?? '', 'The report is dismissed'),
      'POST /api/moderation/enquiries/:id/release': ({ url }) =>
        this.decide(url.pathname.split('/')[4] ?? '', 'The enquiry is delivered'),
      'GET /api/moderation/blockedSenders': () => ({ data: { blockedSenders: this.blocked } }),
      'POST /api/moderation/blockedSenders': ({ body }) => {
        const { email, reason } = body as BlockSenderInput;
        // Blocking decides the sender's reports and drops their held enquiries.
        this.reviews = this.reviews.filter((review) => review.senderEmail !== email);
        this.blocked = [...this.blocked, makeBlockedSender({ email, reason })];
        return { message: 'The address is blocked: no enquiry from it reaches any business' };
      },
      'DELETE /api/moderation/blockedSenders': ({ url }) => {
        this.blocked = this.blocked.filter((sender) => sender.email !== url.searchParams.get('email'));
        return { message: 'The address is no longer blocked' };
      },
      ...extra,
    };
  }
}

function reviewCard(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

function detailOf(article: HTMLElement, term: string): HTMLElement {
  const value = within(article).getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${term}`);
  return value;
}

const ADMIN = makeUser({ role: 'ADMIN' });

describe('EnquiryReportsPage', () => {
  it('lists the spam reports and held enquiries with their business, church, sender, message and reason', async () => {
    const report = makeEnquiryReview({
      senderEmail: 'seller@example.com',
      relatedCount: 2,
      message: 'Cheap backlinks: https://backlinks.example',
    });
    const held = makeEnquiryReview({
      kind: 'HELD',
      tradeName: 'Citizen Carpentry',
      churchName: "St John's Bankstown",
      reason: null,
      relatedCount: 5,
    });
    const desk = new ReviewDesk([report, held]);
    renderModeration('/moderation/enquiries', { routes: desk.routes() });

    const card = await screen.findByRole('article', { name: 'Spam report: Smith Plumbing' });
    expect(screen.getByRole('link', { name: 'Enquiry reports' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Queue' })).toHaveAttribute('href', '/moderation');
    expect(screen.getByRole('link', { name: 'All businesses' })).toHaveAttribute('href', '/moderation?view=all');
    expect(detailOf(card, 'Business')).toHaveTextContent('Smith Plumbing');
    expect(detailOf(card, 'Church')).toHaveTextContent("St Mary's Parramatta");
    expect(detailOf(card, 'Sender')).toHaveTextContent('seller@example.com');
    expect(detailOf(card, 'Reason')).toHaveTextContent('Selling backlinks');
    expect(detailOf(card, 'Other businesses')).toHaveTextContent("2 businesses reported this sender's enquiries lately");
    expect(within(card).getByText(/Cheap backlinks/)).toHaveTextContent('Cheap backlinks: https://backlinks.example');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Read the conversation' })).not.toBeInTheDocument();

    const heldCard = reviewCard('Held enquiry: Citizen Carpentry');
    expect(detailOf(heldCard, 'Church')).toHaveTextContent("St John's Bankstown");
    expect(detailOf(heldCard, 'Reason')).toHaveTextContent('None given');
    expect(detailOf(heldCard, 'Other businesses')).toHaveTextContent("5 businesses were sent this sender's enquiries lately");
    expect(within(heldCard).getByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Blocked addresses' })).not.toBeInTheDocument();
  });

  it("opens from the moderation lists' tab", async () => {
    const desk = new ReviewDesk([makeEnquiryReview({ tradeName: 'Smith Plumbing' })]);
    const { user, router } = renderModeration('/moderation', {
      routes: desk.routes({ 'GET /api/moderation/queue': { data: { trades: makeModerationPage([]), churches: [] } } }),
    });

    await user.click(await screen.findByRole('link', { name: 'Enquiry reports' }));

    expect(await screen.findByRole('article', { name: 'Spam report: Smith Plumbing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/moderation/enquiries');
  });

  it('dismisses a report, which leaves the list', async () => {
    const report = makeEnquiryReview();
    const desk = new ReviewDesk([report]);
    const { user, server } = renderModeration('/moderation/enquiries', { routes: desk.routes() });

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText('No spam report or held enquiry is waiting for a decision.')).toBeInTheDocument();
    expect(screen.getByText('The report is dismissed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enquiry reports' })).toHaveFocus();
    expect(server.calls('POST /api/moderation/enquiries/reports/:id/dismiss')[0]?.url.pathname).toBe(
      `/api/moderation/enquiries/reports/${report.id}/dismiss`,
    );
  });

  it('delivers a held enquiry', async () => {
    const held = makeEnquiryReview({ kind: 'HELD' });
    const desk = new ReviewDesk([held]);
    const { user, server } = renderModeration('/moderation/enquiries', { routes: desk.routes() });

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Deliver' }));

    expect(await screen.findByText('The enquiry is delivered')).toBeInTheDocument();
    expect(await screen.findByText('No spam report or held enquiry is waiting for a decision.')).toBeInTheDocument();
    expect(server.calls('POST /api/moderation/enquiries/:id/release')[0]?.url.pathname).toBe(
      `/api/moderation/enquiries/${held.id}/release`,
    );
  });

  it("blocks a report's sender only with a reason, which decides the report", async () => {
    const report = makeEnquiryReview({ senderEmail: 'seller@example.com' });
    const desk = new ReviewDesk([report]);
    const { user, server } = renderModeration('/moderation/enquiries', { routes: desk.routes() });

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Block address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block seller@example.com?' });
    const reason = within(dialog).getByLabelText('Why is this address blocked?');
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Block address' }));

    expect(await within(dialog).findByText(MESSAGES.blockReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(MESSAGES.blockReasonRequired);
    expect(server.calls('POST /api/moderation/blockedSenders')).toHaveLength(0);

    await user.type(reason, 'Sells backlinks to every business');
    await user.click(within(dialog).getByRole('button', { name: 'Block address' }));

    expect(await screen.findByText(MESSAGES.senderBlocked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/moderation/blockedSenders')[0]?.body).toEqual({
      email: 'seller@example.com',
      reason: 'Sells backlinks to every business',
      reportId: report.id,
    });
    expect(await screen.findByText('No spam report or held enquiry is waiting for a decision.')).toBeInTheDocument();
    // The dialog leaves the accessibility tree when it starts to fold away; focus moves once it has gone.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Enquiry reports' })).toHaveFocus());
  });

  it("blocks a held enquiry's sender without naming a report, and shows the server's refusal in the dialog", async () => {
    const held = makeEnquiryReview({ kind: 'HELD', senderEmail: 'bulk@example.com' });
    const desk = new ReviewDesk([held]);
    const { user, server } = renderModeration('/moderation/enquiries', {
      routes: desk.routes({
        'POST /api/moderation/blockedSenders': { status: 403, message: MESSAGES.notYourChurchsEnquiry },
      }),
    });

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Block address' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Why is this address blocked?'), 'Bulk mail');
    await user.click(within(dialog).getByRole('button', { name: 'Block address' }));

    expect(await within(dialog).findByText(MESSAGES.notYourChurchsEnquiry)).toBeInTheDocument();
    expect(server.calls('POST /api/moderation/blockedSenders')[0]?.body).toEqual({
      email: 'bulk@example.com',
      reason: 'Bulk mail',
    });
  });

  it('shows no Block address for a sender already blocked', async () => {
    const desk = new ReviewDesk([makeEnquiryReview({ senderBlocked: true })]);
    renderModeration('/moderation/enquiries', { routes: desk.routes() });

    const card = await screen.findByRole('article');
    expect(within(detailOf(card, 'Sender')).getByText('Blocked')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Block address' })).not.toBeInTheDocument();
  });

  it('tells a priest that the page is not theirs', async () => {
    renderModeration('/moderation/enquiries', { user: makeUser({ role: 'PRIEST' }) });

    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
  });

  it('shows administrators the blocked addresses, and unblocks one', async () => {
    const kept = makeBlockedSender({ email: 'kept@example.com', blockedByName: 'Maria Moderator' });
    const freed = makeBlockedSender({ email: 'freed@example.com' });
    const desk = new ReviewDesk([], [kept, freed]);
    const { user, server } = renderModeration('/moderation/enquiries', { user: ADMIN, routes: desk.routes() });

    const table = await screen.findByRole('table', { name: 'Blocked addresses' });
    const row = within(table).getByText('kept@example.com').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Sells backlinks to every business');
    expect(row).toHaveTextContent('Maria Moderator');
    await user.click(within(table).getByRole('button', { name: 'Unblock freed@example.com' }));

    expect(await screen.findByText(MESSAGES.senderUnblocked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('freed@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('kept@example.com')).toBeInTheDocument();
    expect(server.calls('DELETE /api/moderation/blockedSenders')[0]?.url.searchParams.get('email')).toBe(
      'freed@example.com',
    );
  });

  it("lets administrators read a reported enquiry's whole conversation, its links as text", async () => {
    const report = makeEnquiryReview();
    const enquiry: ReceivedEnquiry = {
      id: 'enquiry-1',
      senderName: 'Sam Seller',
      suburb: 'Ryde',
      preview: 'Hello',
      folder: 'SPAM',
      read: true,
      receivedAt: '2025-03-01T09:00:00.000Z',
      lastMessageAt: '2025-03-01T09:30:00.000Z',
      senderEmail: 'sam@example.com',
      senderPhone: null,
      senderConfirmed: true,
      messages: [
        { id: 'm1', author: 'VISITOR', body: 'Hello, is this the owner?', sentAt: '2025-03-01T09:00:00.000Z' },
        { id: 'm2', author: 'OWNER', body: 'Yes, how can I help?', sentAt: '2025-03-01T09:10:00.000Z' },
        { id: 'm3', author: 'VISITOR', body: 'Buy links at https://links.example', sentAt: '2025-03-01T09:30:00.000Z' },
      ],
      spamReported: true,
    };
    const desk = new ReviewDesk([report]);
    const { user, server } = renderModeration('/moderation/enquiries', {
      user: ADMIN,
      routes: desk.routes({ 'GET /api/moderation/enquiries/:id': { data: { enquiry } } }),
    });

    const open = within(await screen.findByRole('article')).getByRole('button', { name: 'Read the conversation' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);

    const conversation = await screen.findByRole('region', { name: 'Conversation with Sam Seller' });
    expect(within(conversation).getAllByRole('listitem')).toHaveLength(3);
    expect(conversation).toHaveTextContent('Yes, how can I help?');
    expect(within(conversation).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the conversation' })).toHaveAttribute('aria-expanded', 'true');
    expect(server.calls('GET /api/moderation/enquiries/:id')[0]?.url.pathname).toBe(`/api/moderation/enquiries/${report.enquiryId}`);
  });
});
