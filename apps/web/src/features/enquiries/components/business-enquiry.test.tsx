import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { setLoggedIn } from '../../../lib/session';
import { serveApi } from '../../../testing/api-server';
import { hiddenHoneypot } from '../../../testing/honeypot';
import { renderRoutes } from '../../../testing/render-routes';
import { makeTradeCard } from '../../../testing/trade-factory';
import { makeUser } from '../../../testing/user-factory';
import { makeChallenge } from '../../../testing/fake-proof-of-work';
import { BusinessEnquiry } from './business-enquiry';

// Only what the enquiry reads of the business page's answer.
const TRADE = { ...makeTradeCard({ name: 'Harbour City Plumbing', ownerEmail: null, ownerPhone: null }) } as TradeDetail;
const PAGE = paths.business.getHref(TRADE.id, TRADE.name);
const SLOW = { timeout: 5000 };

function openPage(hash = '') {
  return renderRoutes(
    [{ path: paths.business.path, element: <Outlet context={TRADE} />, children: [{ index: true, element: <BusinessEnquiry /> }] }],
    { initialEntries: [`${PAGE}${hash}`] },
  );
}

async function openForm(user: ReturnType<typeof openPage>['user']) {
  await user.click(screen.getByRole('button', { name: 'Send an enquiry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send an enquiry to Harbour City Plumbing' });
  await within(dialog).findByLabelText('Your name', {}, SLOW);
  return dialog;
}

async function fillIn(user: ReturnType<typeof openPage>['user'], { email = 'mary@example.com.au' } = {}) {
  await user.type(screen.getByLabelText('Your name'), 'Mary Visitor');
  const address = screen.getByLabelText('Your e-mail address');
  if (!address.hasAttribute('readonly')) await user.type(address, email);
  await user.type(screen.getByLabelText('Your suburb'), 'Balmain');
  await user.type(screen.getByLabelText('Your message'), 'Could you fix a leaking tap next week?');
}

const SENT_FOR_CONFIRMATION = { data: { enquiry: { outcome: 'AWAITING_CONFIRMATION', tradeNames: ['Harbour City Plumbing'] } } };

describe('sending an enquiry from a business page', () => {
  beforeEach(() => setLoggedIn(false));

  it('offers it even when the owner publishes no e-mail or phone', () => {
    serveApi({});
    openPage();

    expect(screen.getByRole('button', { name: 'Send an enquiry' })).toBeInTheDocument();
  });

  it("sends a visitor's enquiry with the solved challenge, and says it waits for the address's confirmation", async () => {
    const api = serveApi({
      'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } },
      'POST /api/enquiries': SENT_FOR_CONFIRMATION,
    });
    const { user } = openPage();

    const dialog = await openForm(user);
    expect(hiddenHoneypot()).toHaveValue('');
    await within(dialog).findByText('Robot check ready');
    await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByText(MESSAGES.enquiryAwaitingConfirmation)).toBeInTheDocument();
    expect(within(dialog).getByText('Harbour City Plumbing')).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries').map((call) => call.body)).toEqual([
      {
        tradeIds: [TRADE.id],
        name: 'Mary Visitor',
        email: 'mary@example.com.au',
        phone: '',
        suburb: 'Balmain',
        message: 'Could you fix a leaking tap next week?',
        proofOfWork: 'proof-of-first',
      },
    ]);
  });

  it("sends a logged-in user's enquiry from their account, without the robot check", async () => {
    setLoggedIn(true);
    const api = serveApi({
      'GET /api/user/profile': { data: { user: makeUser({ firstName: 'Tom', lastName: 'Member', email: 'tom@example.com.au' }) } },
      'POST /api/enquiries': { data: { enquiry: { outcome: 'SENT', tradeNames: ['Harbour City Plumbing'] } } },
    });
    const { user } = openPage();

    const dialog = await openForm(user);
    expect(await within(dialog).findByDisplayValue('tom@example.com.au')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Your name')).toHaveValue('Tom Member');
    await user.type(screen.getByLabelText('Your suburb'), 'Balmain');
    await user.type(screen.getByLabelText('Your message'), 'Could you fix a leaking tap next week?');
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByText(MESSAGES.enquirySent)).toBeInTheDocument();
    expect(within(dialog).queryByText('Robot check ready')).not.toBeInTheDocument();
    expect(api.requests()).not.toContain('GET /api/enquiries/challenge');
    const [sent] = api.calls('POST /api/enquiries');
    expect(sent?.body).toMatchObject({ name: 'Tom Member', email: 'tom@example.com.au' });
    expect(sent?.body).not.toHaveProperty('proofOfWork');
  });

  it('says under each field what is missing, and sends nothing', async () => {
    const api = serveApi({ 'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } } });
    const { user } = openPage();

    const dialog = await openForm(user);
    await user.type(screen.getByLabelText('Your message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByText(MESSAGES.enquiryNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.enquirySuburbRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.enquiryMessageTooShort)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your name')).toHaveAccessibleDescription(MESSAGES.enquiryNameRequired);
    expect(api.calls('POST /api/enquiries')).toEqual([]);
  });

  it("shows the server's refusal under its field, and answers the next try with a new challenge", async () => {
    let challenges = 0;
    const api = serveApi({
      'GET /api/enquiries/challenge': () => ({ data: { challenge: makeChallenge(`challenge-${++challenges}`) } }),
      'POST /api/enquiries': (call) =>
        (call.body as { email: string }).email === 'mary@example.com.au'
          ? { status: 400, message: 'Invalid input', data: { errors: [{ field: 'email', message: 'No mail is delivered to this domain' }] } }
          : SENT_FOR_CONFIRMATION,
    });
    const { user } = openPage();

    const dialog = await openForm(user);
    await within(dialog).findByText('Robot check ready');
    await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByText('No mail is delivered to this domain')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your e-mail address'));
    await user.type(screen.getByLabelText('Your e-mail address'), 'mary@example.org');
    await vi.waitFor(() => expect(challenges).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByText(MESSAGES.enquiryAwaitingConfirmation)).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries').map((call) => (call.body as { proofOfWork: string }).proofOfWork)).toEqual([
      'proof-of-challenge-1',
      'proof-of-challenge-2',
    ]);
  });

  it("shows the server's message when it refuses the sender", async () => {
    serveApi({
      'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } },
      'POST /api/enquiries': { status: 429, message: 'Too many enquiries. Please try again in 40 minutes.' },
    });
    const { user } = openPage();

    const dialog = await openForm(user);
    await within(dialog).findByText('Robot check ready');
    await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send the enquiry' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many enquiries. Please try again in 40 minutes.');
  });

  it("opens the form at once from a result card's link", async () => {
    serveApi({ 'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } } });
    openPage('#send-enquiry');

    const dialog = await screen.findByRole('dialog', { name: 'Send an enquiry to Harbour City Plumbing' });
    expect(await within(dialog).findByLabelText('Your name', {}, SLOW)).toBeInTheDocument();
  });

  it('can be filled in and sent with the keyboard alone', async () => {
    const api = serveApi({
      'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } },
      'POST /api/enquiries': SENT_FOR_CONFIRMATION,
    });
    const { user } = openPage();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Send an enquiry' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText('Your name', {}, SLOW);
    await within(dialog).findByText('Robot check ready');
    name.focus();
    await user.keyboard('Mary Visitor');
    await user.tab();
    await user.keyboard('mary@example.com.au');
    await user.tab();
    await user.tab();
    await user.keyboard('Balmain');
    await user.tab();
    await user.keyboard('Could you fix a leaking tap next week?');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send the enquiry' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByText(MESSAGES.enquiryAwaitingConfirmation)).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries')[0]?.body).toMatchObject({ name: 'Mary Visitor', suburb: 'Balmain' });
  });
});
