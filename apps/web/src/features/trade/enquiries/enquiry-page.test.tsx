import { FORMER_USER } from '@churchtrades/shared/account-deletion';
import type { ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { makeReceivedEnquiry } from '../testing/enquiry-factory';
import { Inbox } from '../testing/inbox-server';
import { renderTrade } from '../testing/render-trade';

function renderEnquiry(enquiry: ReceivedEnquiry, user = makeUser()) {
  const inbox = new Inbox([enquiry]);
  return { inbox, ...renderTrade(`/trade/enquiries/${enquiry.id}`, { user, routes: inbox.routes() }) };
}

const WITH_LINK = 'Photos are at https://photos.example.com/leak. Or www.example.com.au, thanks!';

function visitorMessage(): HTMLElement {
  return screen.getByRole('article', { name: /^Mary Brown's message/ });
}

describe('EnquiryPage', () => {
  it("shows the conversation as text with the visitor's address and phone, and marks it read", async () => {
    const enquiry = makeReceivedEnquiry({
      senderName: 'Mary Brown',
      senderEmail: 'mary@example.com.au',
      messages: [
        { id: 'm1', author: 'VISITOR', body: '<b>Hello</b>\nSecond line', sentAt: '2025-03-01T09:30:00.000Z' },
        { id: 'm2', author: 'OWNER', body: 'Happy to help.', sentAt: '2025-03-01T10:00:00.000Z' },
      ],
    });
    const { server } = renderEnquiry(enquiry);

    expect(await screen.findByRole('heading', { name: 'Enquiry from Mary Brown' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mary@example.com.au' })).toHaveAttribute('href', 'mailto:mary@example.com.au');
    expect(screen.getByRole('link', { name: '0400 222 333' })).toHaveAttribute('href', 'tel:0400222333');
    const visitor = visitorMessage();
    expect(within(visitor).getByText(/<b>Hello<\/b>/)).toHaveTextContent('<b>Hello</b> Second line');
    expect(visitor.querySelector('b')).toBeNull();
    expect(screen.getByRole('article', { name: /^Your answer/ })).toHaveTextContent('Happy to help.');
    expect(server.calls('GET /api/enquiries/received/:id')).toHaveLength(1);
  });

  it("makes the links of a confirmed visitor's message clickable, opening apart without vouching for them", async () => {
    const enquiry = makeReceivedEnquiry({
      senderName: 'Mary Brown',
      messages: [{ id: 'm1', author: 'VISITOR', body: WITH_LINK, sentAt: '2025-03-01T09:30:00.000Z' }],
    });
    renderEnquiry(enquiry);

    await screen.findByRole('heading', { name: 'Enquiry from Mary Brown' });
    const links = within(visitorMessage()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://photos.example.com/leak',
      'https://www.example.com.au',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('shows the links of a visitor who has not confirmed their address as text', async () => {
    const enquiry = makeReceivedEnquiry({
      senderName: 'Mary Brown',
      senderConfirmed: false,
      messages: [{ id: 'm1', author: 'VISITOR', body: WITH_LINK, sentAt: '2025-03-01T09:30:00.000Z' }],
    });
    renderEnquiry(enquiry);

    await screen.findByRole('heading', { name: 'Enquiry from Mary Brown' });
    expect(within(visitorMessage()).queryByRole('link')).not.toBeInTheDocument();
    expect(visitorMessage()).toHaveTextContent('https://photos.example.com/leak');
    expect(screen.getByText(/shown as text: the sender has not confirmed/)).toBeInTheDocument();
  });

  it('sends an answer, which joins the conversation and files the enquiry in Answered', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user, server } = renderEnquiry(enquiry);

    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(MESSAGES.enquiryReplyRequired)).toBeInTheDocument();
    expect(server.calls('POST /api/enquiries/received/:id/replies')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your answer'), 'Yes, Tuesday at 9 works.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByRole('article', { name: /^Your answer/ })).toHaveTextContent('Yes, Tuesday at 9 works.');
    expect(server.calls('POST /api/enquiries/received/:id/replies')[0]?.body).toEqual({ body: 'Yes, Tuesday at 9 works.' });
    expect(await screen.findByText('Your answer is sent')).toBeInTheDocument();
    expect(screen.getByLabelText('Your answer')).toHaveValue('');
    expect(screen.getByText(/Parramatta · in Answered/)).toBeInTheDocument();
  });

  it('keeps the conversation of a sender who deleted their account, with no address and no answer form', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: FORMER_USER, senderEmail: '', senderPhone: null });
    renderEnquiry(enquiry);

    expect(await screen.findByRole('heading', { name: `Enquiry from ${FORMER_USER}` })).toBeInTheDocument();
    expect(screen.getByText('None: they deleted their account')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.formerUserCannotBeAnswered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /send/i })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: new RegExp(`^${FORMER_USER}'s message`) })).toBeInTheDocument();
  });

  it('archives an enquiry and moves it back to New', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user, server } = renderEnquiry(enquiry);

    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Move to New' })).toHaveFocus();
    expect(screen.getByRole('link', { name: '‹ Back to Archived' })).toHaveAttribute('href', '/trade/enquiries?folder=archived');
    await user.click(screen.getByRole('button', { name: 'Move to New' }));

    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(server.calls('PATCH /api/enquiries/received/:id').map((call) => call.body)).toEqual([
      { folder: 'ARCHIVED' },
      { folder: 'NEW' },
    ]);
  });

  it('marks an enquiry unread and goes back to its folder, where it is bold again', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user, server, router } = renderEnquiry(enquiry);

    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));

    expect(await screen.findByRole('link', { name: 'Unread: Mary Brown' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trade/enquiries');
    expect(server.calls('PATCH /api/enquiries/received/:id')[0]?.body).toEqual({ read: false });
  });

  it('marks an enquiry as spam with a reason, after saying that the moderators are told', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user, server } = renderEnquiry(enquiry);

    await user.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the enquiry from Mary Brown as spam?' });
    expect(dialog).toHaveTextContent("the moderators of your business's church are told");
    const reason = within(dialog).getByLabelText('Why is it spam? (optional)');
    expect(reason).toHaveFocus();
    await user.type(reason, 'Selling backlinks');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as spam' }));

    expect(await screen.findByText("Reported as spam to the church's moderators")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/enquiries/received/:id/spam')[0]?.body).toEqual({ reason: 'Selling backlinks' });
    expect(screen.getByText(/in Spam · reported as spam/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as spam' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to New' })).toHaveFocus();
  });

  it('cancels the spam dialog without reporting, and sends no reason when none is given', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user, server } = renderEnquiry(enquiry);

    await user.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/enquiries/received/:id/spam')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark as spam' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => expect(server.calls('POST /api/enquiries/received/:id/spam')).toHaveLength(1));
    expect(server.calls('POST /api/enquiries/received/:id/spam')[0]?.body).toEqual({});
  });

  it('shows a read-only owner the whole conversation but lets them change nothing', async () => {
    const reader = makeUser({ role: 'USER' });
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown', senderEmail: 'mary@example.com.au' });
    renderEnquiry(enquiry, reader);

    expect(await screen.findByRole('heading', { name: 'Enquiry from Mary Brown' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
    expect(screen.getByText('mary@example.com.au')).toBeInTheDocument();
    expect(visitorMessage()).toHaveTextContent('Could you quote for a leaking hot water tank next week?');
    expect(screen.getByLabelText('Your answer')).toBeDisabled();
    for (const name of ['Send answer', 'Archive', 'Mark as unread', 'Mark as spam']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('says so when the enquiry is not found', async () => {
    const enquiry = makeReceivedEnquiry();
    const inbox = new Inbox([]);
    renderTrade(`/trade/enquiries/${enquiry.id}`, {
      routes: {
        ...inbox.routes(),
        'GET /api/enquiries/received/:id': { status: 404, message: MESSAGES.enquiryNotFound },
      },
    });

    expect(await screen.findByText(MESSAGES.enquiryNotFound)).toBeInTheDocument();
  });
});
