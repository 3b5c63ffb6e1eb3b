import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade } from '../testing/trade-dashboard-factory';

describe('TradeLayout', () => {
  it('shows the logo card, the links to every business page and the Business Owner card', async () => {
    const jane = makeUser({
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com.au',
      phone: '0400 111 222',
    });
    const trade = makeOwnTrade(jane, { name: 'Citizen Carpentry', logoUri: '/uploads/logos/citizen.webp' });
    renderTrade('/trade/profile', { user: jane, trade });

    expect(await screen.findByRole('heading', { name: 'Citizen Carpentry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Business' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profile · My Business · ChurchTrades'));
    const logo = screen.getByRole('img', { name: 'Logo of Citizen Carpentry' });
    expect(logo).toHaveAttribute('src', '/uploads/logos/citizen.webp');
    const links = screen.getByRole('list', { name: 'Business pages' });
    expect(within(links).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/trade/profile'],
      ['Enquiries', '/trade/enquiries'],
      ['Reviews', '/trade/reviews'],
      ['Address', `/trade/address/${trade.id}`],
      ['SocialMedia', `/trade/media/${trade.id}`],
      ['Offers', `/trade/offers/${trade.id}`],
      ['Settings', `/trade/setting/${trade.id}`],
    ]);
    const owner = screen.getByRole('heading', { name: 'Business Owner' }).closest('.card') as HTMLElement;
    expect(within(owner).getByText('Jane Citizen')).toBeInTheDocument();
    expect(within(owner).getByText('jane@example.com.au')).toBeInTheDocument();
    expect(within(owner).getByText('0400 111 222')).toBeInTheDocument();
  });

  it("shows a neutral placeholder without a logo, and '.....' for an owner without a phone", async () => {
    const jane = makeUser({ phone: null });
    renderTrade('/trade/profile', { user: jane, trade: makeOwnTrade(jane, { logoUri: null }) });

    expect(await screen.findByRole('img', { name: 'No logo yet' })).toBeInTheDocument();
    expect(screen.getByText('.....')).toBeInTheDocument();
  });

  it('shows placeholders while the business loads', async () => {
    const held = heldAnswer();
    const jane = makeUser();
    renderTrade('/trade/profile', { user: jane, routes: { [`GET /api/trades/byUser/${jane.userId}`]: held.answer } });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    held.release({ data: { trade: makeOwnTrade(jane, { name: 'Citizen Carpentry' }) } });
    expect(await screen.findByRole('heading', { name: 'Citizen Carpentry' })).toBeInTheDocument();
  });

  it.each<[string, Partial<OwnTrade>]>([
    ['Pending approval', { listingState: 'PENDING' }],
    ['Listed', { listingState: 'LISTED' }],
    ['Rejected: The brief does not say what the business does', {
      listingState: 'REJECTED',
      moderationReason: 'The brief does not say what the business does',
    }],
    ['Unlisted by a moderator', { listingState: 'UNLISTED' }],
    ['Not listed: disabled', { listingState: 'HIDDEN', enabled: false }],
    ['Not listed: locked, expired', { listingState: 'HIDDEN', locked: true, expired: true }],
    ['Not listed: its church is not open', { listingState: 'HIDDEN' }],
  ])('says "%s" of the listing', async (text, overrides) => {
    const jane = makeUser();
    renderTrade('/trade/profile', { user: jane, trade: makeOwnTrade(jane, overrides) });

    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("uploads the chosen logo with the business's id, saying 'Changing ...' meanwhile, and shows the new logo", async () => {
    const held = heldAnswer();
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/logo': async () => {
          await held.answer();
          return stored.change({ logoUri: '/uploads/logos/new.webp' }, 'Logo updated');
        },
      }),
    });
    // What goes into the form data is read where it is made: jsdom's File does not survive Node's multipart encoder.
    const appended = vi.spyOn(FormData.prototype, 'append');
    const picker = await screen.findByLabelText('Change Logo');
    expect(picker).toHaveAttribute('accept', 'image/*');
    const logo = new File(['logo'], 'logo.png', { type: 'image/png' });

    await user.upload(picker, logo);

    expect(await screen.findByRole('button', { name: 'Changing ...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Logo updated')).toBeInTheDocument();
    // The toast comes with the answer; the new logo once the business is read again.
    const shown = await screen.findByRole('img', { name: `Logo of ${trade.name}` });
    expect(shown).toHaveAttribute('src', '/uploads/logos/new.webp');
    expect(screen.getByRole('button', { name: 'Change Logo' })).toBeEnabled();
    expect(server.calls('PATCH /api/trades/logo')).toHaveLength(1);
    expect(appended.mock.calls).toEqual([
      ['tradeId', trade.id],
      ['file', logo],
    ]);
  });

  it("shows the server's refusal of a logo in a red alert, and refuses one over 5 MB before sending it", async () => {
    const { user, server } = renderTrade('/trade/profile', {
      routes: { 'PATCH /api/trades/logo': { status: 415, message: MESSAGES.notAnImage } },
    });
    const picker = await screen.findByLabelText('Change Logo');

    await user.upload(picker, new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAnImage);

    await user.upload(picker, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'large.png', { type: 'image/png' }));
    expect(await screen.findByText(MESSAGES.imageTooLarge)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/logo')).toHaveLength(1);
  });

  it('does not let a USER change the logo', async () => {
    const reader = makeUser({ role: 'USER' });
    renderTrade('/trade/profile', { user: reader, trade: makeOwnTrade(reader) });

    expect(await screen.findByRole('button', { name: 'Change Logo' })).toBeDisabled();
    expect(screen.getByLabelText('Change Logo')).toBeDisabled();
  });

  it('opens the profile page at /trade', async () => {
    const { router } = renderTrade('/trade');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trade/profile');
  });

  it('leads a link to another business to the profile page of the own one', async () => {
    const { router } = renderTrade('/trade/setting/00000000-0000-4000-8000-999999999999');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trade/profile');
  });

  it("shows 'Subscription Needed!' on the Offers page", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    renderTrade(`/trade/offers/${trade.id}`, { user: jane, trade });

    expect(await screen.findByText('Subscription Needed!')).toBeInTheDocument();
  });

  it("shows the server's message when the business cannot be loaded", async () => {
    const jane = makeUser();
    renderTrade('/trade/profile', {
      user: jane,
      routes: { [`GET /api/trades/byUser/${jane.userId}`]: { status: 403, message: MESSAGES.notYourTradeToView } },
    });

    expect(await screen.findByText(MESSAGES.notYourTradeToView)).toBeInTheDocument();
  });
});
