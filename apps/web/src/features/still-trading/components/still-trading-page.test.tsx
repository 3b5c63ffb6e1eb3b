import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Route, serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { StillTradingPage } from './still-trading-page';

const QUESTION = { tradeName: 'Parish Plumbing', askedAt: '2027-02-01T00:00:00.000Z', expired: false };

function renderPage(path: string, routes: Record<string, Route>) {
  const server = serveApi(routes);
  renderRoutes([{ path: '/still-trading', element: <StillTradingPage /> }], { initialEntries: [path] });
  return server;
}

describe('StillTradingPage', () => {
  it('names the business and confirms nothing until the owner presses the button, then thanks them', async () => {
    const server = renderPage('/still-trading?token=abc.def.ghi', {
      'GET /api/trades/stillTrading': { data: { question: QUESTION } },
      'POST /api/trades/stillTrading': {
        message: MESSAGES.stillTradingConfirmed,
        data: { stillTrading: { tradeName: 'Parish Plumbing', listed: true, listedAgain: false } },
      },
    });

    expect(await screen.findByText('Parish Plumbing')).toBeInTheDocument();
    expect(server.calls('GET /api/trades/stillTrading')[0]?.url.searchParams.get('token')).toBe('abc.def.ghi');
    expect(server.calls('POST /api/trades/stillTrading')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Update my details' })).toHaveAttribute('href', '/trade/profile');

    await userEvent.click(screen.getByRole('button', { name: 'Yes, still trading' }));

    expect(await screen.findByText(MESSAGES.stillTradingConfirmed)).toBeInTheDocument();
    expect(screen.getByText(/is still trading\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, still trading' })).not.toBeInTheDocument();
    const posts = server.calls('POST /api/trades/stillTrading');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'abc.def.ghi' });
  });

  it('says an expired business comes back with the yes', async () => {
    renderPage('/still-trading?token=abc', {
      'GET /api/trades/stillTrading': { data: { question: { ...QUESTION, expired: true } } },
    });

    expect(await screen.findByText(/your yes puts it back at once/)).toBeInTheDocument();
  });

  it('explains a used or replaced link on a clear page, without the button', async () => {
    renderPage('/still-trading?token=used', {
      'GET /api/trades/stillTrading': { status: 409, message: MESSAGES.stillTradingLinkUsed },
    });

    expect(await screen.findByText(MESSAGES.stillTradingLinkUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update my details' })).toBeInTheDocument();
  });

  it('explains a link without a token and asks the server nothing', () => {
    const server = renderPage('/still-trading', {});

    expect(screen.getByText(MESSAGES.stillTradingLinkInvalid)).toBeInTheDocument();
    expect(server.requests()).toEqual([]);
  });
});
