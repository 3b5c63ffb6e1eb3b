import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serveSearchApi } from '../features/search/testing/serve-search-api';
import { setLoggedIn } from '../lib/session';
import { makeStore } from '../lib/store';
import { serveApi } from '../testing/api-server';
import { makeEligibility, makePublicReview, makeTradeReviews } from '../testing/review-factory';
import { makeTradePage } from '../testing/trade-factory';
import { makeUser } from '../testing/user-factory';
import { businessPath } from '@churchtrades/shared/business-page';
import { makeTradeDetail } from '../features/business/testing/business-factory';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, ...view };
}

// A page's module is compiled on first import; on a busy machine that can outlast the default 1 s.
const SLOW_IMPORT = { timeout: 5000 };

const SITE = {
  data: {
    site: {
      supportEmail: 'support@example.org.au',
      bank: { accountName: 'Example Trust', bsb: '111-222', accountNumber: '12345678' },
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
    },
  },
};

describe('routes', () => {
  it("shows 'Page Not Found' with a way home for an unknown path", async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the business search' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/about', 'About ChurchTrades'],
    ['/privacypolicy', 'Privacy Policy'],
    ['/termsandconditions', 'Terms and Conditions'],
    ['/donation', 'Donations'],
  ])('shows the static page at %s', async (path, heading) => {
    serveApi({
      'GET /api/site': {
        data: {
          site: {
            supportEmail: 'support@example.org.au',
            bank: { accountName: 'Example Trust', bsb: '111-222', accountNumber: '12345678' },
            mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
          },
        },
      },
    });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading }, SLOW_IMPORT)).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: 'support@example.org.au' })).length).toBeGreaterThan(0);
  });

  it("paints the public layout's menu and footer at once, the page's place loading until its code arrives", async () => {
    serveSearchApi({ trades: () => makeTradePage(0, 1) });
    renderApp('/');

    expect(screen.getByRole('link', { name: 'ChurchTrades' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('Showing 1 - 1 of 1 results', undefined, SLOW_IMPORT)).toBeInTheDocument();
  });

  it('shows the search page at / inside the public layout', async () => {
    serveSearchApi({ trades: () => makeTradePage(0, 1) });
    renderApp('/');

    expect(await screen.findByText('Showing 1 - 1 of 1 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ChurchTrades' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['Login', '/login'],
      ['Register', '/register'],
      ['About', '/about'],
      ['Privacy Policy', '/privacypolicy'],
      ['Terms and Conditions', '/termsandconditions'],
      ["Donation's", '/donation'],
      ['Back to Business', '/trade/profile'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} ChurchTrades`);
  });

  it.each([
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/resetpassword', 'Reset Password'],
    ['/verify/account', 'Account Verification'],
    ['/verify/password', 'Reset Password'],
  ])('shows the account screen at %s inside the public layout', async (path, heading) => {
    serveApi({});
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading }, SLOW_IMPORT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Donation's" })).toBeInTheDocument();
  });

  it('sends a visitor without the logged-in flag from the business pages to the login', async () => {
    serveApi({});
    const { router } = renderApp('/trade/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, SLOW_IMPORT)).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/trade/profile', search: '', hash: '' } });
  });

  it('shows the business page inside the authenticated layout', async () => {
    setLoggedIn(true);
    const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen' });
    serveApi({
      'GET /api/user/profile': { data: { user: jane } },
      [`GET /api/trades/byUser/${jane.userId}`]: { data: { trade: null } },
      'GET /api/category/main_categories': { data: { categories: [] } },
    });
    const { router } = renderApp('/trade');

    expect(await screen.findByRole('heading', { name: 'List your business' }, SLOW_IMPORT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Business' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Business' })).toHaveAttribute('href', '/trade/profile');
    expect(router.state.location.pathname).toBe('/trade/profile');
  });

  it('opens the account at its profile page', async () => {
    setLoggedIn(true);
    serveApi({ 'GET /api/user/profile': { data: { user: makeUser({ firstName: 'Jane' }) } } });
    const { router } = renderApp('/account');

    expect(await screen.findByLabelText('First name', {}, SLOW_IMPORT)).toHaveValue('Jane');
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it('opens the administration at its churches page', async () => {
    setLoggedIn(true);
    serveApi({
      'GET /api/user/profile': { data: { user: makeUser({ role: 'ADMIN' }) } },
      'GET /api/churches/manage': {
        data: { churches: { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0 } },
      },
    });
    const { router } = renderApp('/admin');

    expect(await screen.findByText('No churches found.', {}, SLOW_IMPORT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/churches');
  });

  it('offers "Send an enquiry" on the public page of a business, and shows its reviews', async () => {
    const trade = makeTradeDetail({ name: 'Harbour City Plumbing', ownerEmail: null, ownerPhone: null });
    serveApi({
      [`GET /api/trades/${trade.id}`]: { data: { trade } },
      [`GET /api/trades/${trade.id}/reviews`]: {
        data: makeTradeReviews([makePublicReview({ reviewerName: 'Mary V.' })], {
          notice: { startedAt: '2026-11-03T02:00:00.000Z', endsAt: '2027-02-01T02:00:00.000Z', reason: 'Reviews from one network' },
        }),
      },
      'GET /api/site': SITE,
    });
    renderApp(businessPath(trade.id, trade.name));

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour City Plumbing' }, SLOW_IMPORT)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send an enquiry' }, SLOW_IMPORT)).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByRole('heading', { name: 'Mary V.' })).toBeInTheDocument();
    expect(screen.getByText(/This business was found gathering fake reviews/)).toBeInTheDocument();
  });

  it('shows the review page at /reviews/write', async () => {
    serveApi({ 'GET /api/reviews/eligibility': { data: { eligibility: makeEligibility() } } });
    renderApp('/reviews/write?token=token-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Review Harbour City Plumbing' }, SLOW_IMPORT)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/enquiries/confirm', 'Your enquiry'],
    ['/enquiries/conversation', 'Your enquiry'],
    ['/enquiries/ask', 'Ask up to 3 businesses'],
  ])('shows the enquiries page at %s', async (path, heading) => {
    serveApi({});
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading }, SLOW_IMPORT)).toBeInTheDocument();
  });
});
