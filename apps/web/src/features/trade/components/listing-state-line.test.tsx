import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade } from '../testing/trade-dashboard-factory';

const REASON = 'The brief does not say what the business does';

describe('ListingStateLine', () => {
  it("resubmits a rejected business, which then reads 'Pending approval'", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { listingState: 'REJECTED', moderationReason: REASON });
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/resubmit': () =>
          stored.change({ listingState: 'PENDING', moderationReason: null }, MESSAGES.tradeResubmitted),
      }),
    });

    expect(await screen.findByText(`Rejected: ${REASON}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resubmit for approval' }));

    expect(await screen.findByText(MESSAGES.tradeResubmitted)).toBeInTheDocument();
    // The message may show a render before the business read again.
    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubmit for approval' })).not.toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/resubmit').map((call) => call.body)).toEqual([{ tradeId: trade.id }]);
  });

  it("shows the server's refusal of a resubmission and keeps the business as it was", async () => {
    const jane = makeUser();
    const { user } = renderTrade('/trade/profile', {
      user: jane,
      trade: makeOwnTrade(jane, { listingState: 'REJECTED', moderationReason: REASON }),
      routes: { 'PATCH /api/trades/resubmit': { status: 409, message: MESSAGES.onlyRejectedResubmit } },
    });

    await user.click(await screen.findByRole('button', { name: 'Resubmit for approval' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.onlyRejectedResubmit);
    expect(screen.getByText(`Rejected: ${REASON}`)).toBeInTheDocument();
  });

  it('asks whether the business still trades while the question is open, and closes it with a yes', async () => {
    const jane = makeUser();
    const asked = { askedAt: '2027-02-01T00:00:00.000Z', expiresOn: '2027-04-02T00:00:00.000Z', expiredForNoAnswer: false };
    const trade = makeOwnTrade(jane, { name: 'Parish Plumbing', stillTrading: asked });
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/stillTrading/own': () =>
          stored.change({ stillTrading: { askedAt: null, expiresOn: null, expiredForNoAnswer: false } }, MESSAGES.stillTradingConfirmed),
      }),
    });

    const question = await screen.findByRole('region', { name: 'Still trading?' });
    expect(question).toHaveTextContent('Is Parish Plumbing still trading, and are its details right?');
    expect(question).toHaveTextContent('Without an answer it leaves the directory on 2 April 2027.');
    await user.click(screen.getByRole('button', { name: 'Yes, still trading' }));

    expect(await screen.findByText(MESSAGES.stillTradingConfirmed)).toBeInTheDocument();
    expect(await screen.findByText('Listed')).toBeInTheDocument();
    // The business is read again after the answer; on a busy machine the question goes a render later.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Still trading?' })).not.toBeInTheDocument());
    expect(server.calls('PATCH /api/trades/stillTrading/own').map((call) => call.body)).toEqual([{ tradeId: trade.id }]);
  });

  it('disables the resubmission for a read-only USER', async () => {
    const owner = makeUser({ role: 'USER' });
    renderTrade('/trade/profile', {
      user: owner,
      trade: makeOwnTrade(owner, { listingState: 'REJECTED', moderationReason: REASON }),
    });

    expect(await screen.findByRole('button', { name: 'Resubmit for approval' })).toBeDisabled();
  });

  it('offers no resubmission to a listed business', async () => {
    renderTrade('/trade/profile');

    expect(await screen.findByText('Listed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubmit for approval' })).not.toBeInTheDocument();
  });
});
