import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../testing/mock-fetch';
import { makeTradePage } from '../testing/trade-factory';
import { routes } from './router';
import { makeStore } from './store';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

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
    mockFetch({
      body: envelope({
        site: {
          supportEmail: 'support@example.org.au',
          bank: { accountName: 'Example Trust', bsb: '111-222', accountNumber: '12345678' },
          mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
        },
      }),
    });
    renderApp(path);

    // The page's module is compiled on first import; on a busy machine that can outlast the default 1 s.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect((await screen.findAllByRole('link', { name: 'support@example.org.au' })).length).toBeGreaterThan(0);
  });

  it('shows the search page at / inside the public layout', async () => {
    mockFetch({ body: envelope({ trades: makeTradePage(0, 1) }) });
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
});
