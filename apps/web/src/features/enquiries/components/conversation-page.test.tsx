import type { Conversation } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { serveApi } from '../../../testing/api-server';
import { makeEligibility, makeOwnReview } from '../../../testing/review-factory';
import { renderRoutes } from '../../../testing/render-routes';
import { ConversationPage } from './conversation-page';

const TRADE_ID = '00000000-0000-4000-8000-000000000301';
const CONVERSATION: Conversation = {
  tradeName: 'Harbour City Plumbing',
  tradeId: TRADE_ID,
  senderName: 'Mary Visitor',
  messages: [
    { id: 'm1', author: 'VISITOR', body: 'Could you fix a leaking tap next week?', sentAt: '2026-11-20T01:00:00.000Z' },
    {
      id: 'm2',
      author: 'OWNER',
      body: 'Yes: see https://example.com.au/prices <b>bold</b>\nThursday suits.',
      sentAt: '2026-11-20T03:30:00.000Z',
    },
  ],
};

function openPage(token = 'token-1') {
  return renderRoutes([{ path: paths.enquiryConversation.path, element: <ConversationPage /> }], {
    initialEntries: [paths.enquiryConversation.getHref(token)],
  });
}

// The page asks whether the visitor may review the business; unless a test says otherwise, not yet.
beforeEach(() => {
  serveApi({ 'GET /api/reviews/eligibility': { data: { eligibility: makeEligibility({ state: 'NOT_ANSWERED' }) } } });
});

describe('the conversation page of the private link', () => {
  it('shows who wrote each message and when, as plain text, with no link made of what the messages say', async () => {
    serveApi({ 'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } } });
    openPage();

    const messages = await screen.findByRole('list', { name: 'Messages' });
    const [asked, answered] = within(messages).getAllByRole('listitem');
    expect(asked).toHaveTextContent('Mary Visitor (you)');
    expect(answered).toHaveTextContent('Harbour City Plumbing');
    expect(within(answered!).getByText(/<b>bold<\/b>/)).toHaveTextContent('Yes: see https://example.com.au/prices <b>bold</b> Thursday suits.');
    expect(within(answered!).queryByRole('link')).not.toBeInTheDocument();
    expect(answered!.querySelector('b')).toBeNull();
    expect(answered!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T03:30:00.000Z');
  });

  it("links the business's name to its page without telling it where the visitor came from", async () => {
    serveApi({ 'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } } });
    openPage();

    const link = await screen.findByRole('link', { name: 'Harbour City Plumbing' });
    expect(link).toHaveAttribute('href', paths.business.getHref(TRADE_ID, 'Harbour City Plumbing'));
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it('names a business no longer listed without a link', async () => {
    serveApi({ 'GET /api/enquiries/conversation': { data: { conversation: { ...CONVERSATION, tradeId: null } } } });
    openPage();

    expect(await screen.findByText(/Your enquiry to/)).toHaveTextContent('Your enquiry to Harbour City Plumbing');
    expect(screen.queryByRole('link', { name: 'Harbour City Plumbing' })).not.toBeInTheDocument();
  });

  it("sends the visitor's answer and shows it in the conversation", async () => {
    const answered: Conversation = {
      ...CONVERSATION,
      messages: [...CONVERSATION.messages, { id: 'm3', author: 'VISITOR', body: 'Thursday it is.', sentAt: '2026-11-20T04:00:00.000Z' }],
    };
    // The server's conversation, as a read after the answer would find it too.
    let held = CONVERSATION;
    const api = serveApi({
      'GET /api/enquiries/conversation': () => ({ data: { conversation: held } }),
      'POST /api/enquiries/conversation/messages': () => {
        held = answered;
        return { message: MESSAGES.enquiryReplySent, data: { conversation: answered } };
      },
    });
    const { user } = openPage();

    await user.type(await screen.findByLabelText('Your answer'), 'Thursday it is.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));

    expect(await screen.findByText(MESSAGES.enquiryReplySent)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByLabelText('Your answer')).toHaveValue('');
    expect(api.calls('POST /api/enquiries/conversation/messages').map((call) => call.body)).toEqual([
      { token: 'token-1', body: 'Thursday it is.' },
    ]);
  });

  it('asks for an answer before sending one', async () => {
    const api = serveApi({ 'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } } });
    const { user } = openPage();

    await screen.findByLabelText('Your answer');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));

    expect(await screen.findByText(MESSAGES.enquiryReplyRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries/conversation/messages')).toEqual([]);
  });

  it('stops the link after asking again, and says the next answer brings a new one', async () => {
    const api = serveApi({
      'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } },
      'POST /api/enquiries/conversation/revoke': { message: MESSAGES.enquiryLinkStopped },
    });
    const { user } = openPage();

    await user.click(await screen.findByRole('button', { name: 'Stop this link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    expect(api.calls('POST /api/enquiries/conversation/revoke')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop this link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop the link' }));

    expect(await screen.findByText(MESSAGES.enquiryLinkStopped)).toBeInTheDocument();
    expect(screen.getByText(/The next answer from the business brings you a new link/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/enquiries/conversation/revoke').map((call) => call.body)).toEqual([{ token: 'token-1' }]);
  });

  it('offers "Review this business" through the same link once the visitor may review it', async () => {
    const api = serveApi({
      'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } },
      'GET /api/reviews/eligibility': { data: { eligibility: makeEligibility() } },
    });
    openPage('token-9');

    const link = await screen.findByRole('link', { name: 'Review this business' });
    expect(link).toHaveAttribute('href', '/reviews/write?token=token-9');
    expect(api.calls('GET /api/reviews/eligibility').map((call) => call.url.searchParams.get('token'))).toEqual(['token-9']);
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it('offers "See your review" once the visitor has reviewed the business', async () => {
    serveApi({
      'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } },
      'GET /api/reviews/eligibility': { data: { eligibility: makeEligibility({ state: 'REVIEWED', review: makeOwnReview() }) } },
    });
    openPage('token-9');

    expect(await screen.findByRole('link', { name: 'See your review' })).toHaveAttribute('href', '/reviews/write?token=token-9');
    expect(screen.queryByRole('link', { name: 'Review this business' })).not.toBeInTheDocument();
  });

  it.each(['NOT_ANSWERED', 'TOO_SOON', 'OWN_BUSINESS'] as const)('offers no review while the eligibility says %s', async (state) => {
    const api = serveApi({
      'GET /api/enquiries/conversation': { data: { conversation: CONVERSATION } },
      'GET /api/reviews/eligibility': { data: { eligibility: makeEligibility({ state }) } },
    });
    openPage();

    await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(api.calls('GET /api/reviews/eligibility')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /review/i })).not.toBeInTheDocument();
  });

  it('says a lapsed link has lapsed, and how to reach the business again', async () => {
    serveApi({ 'GET /api/enquiries/conversation': { status: 410, message: MESSAGES.enquiryLinkLapsed } });
    openPage();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This link has lapsed' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(MESSAGES.enquiryLinkLapsed);
    expect(within(alert).getByRole('link', { name: 'Find the business in the directory' })).toHaveAttribute('href', paths.home.getHref());
    expect(alert).toHaveTextContent('if the business answers this enquiry again, its e-mail brings this link back');
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop this link' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a stopped link", async () => {
    serveApi({ 'GET /api/enquiries/conversation': { status: 409, message: MESSAGES.enquiryLinkRevoked } });
    openPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.enquiryLinkRevoked);
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
  });
});
