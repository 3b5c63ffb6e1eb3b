import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearEnquiryChoice } from '../../../lib/enquiry-choice';
import { envelope, requestsHandedToFetch } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeTradeCard, makeTradePage } from '../../../testing/trade-factory';
import { serveSearchApi } from '../testing/serve-search-api';
import { SearchPage } from './search-page';

/** Every search answers `page`. */
function answerWith(page: ReturnType<typeof makeTradePage>) {
  return serveSearchApi({ trades: () => page });
}

describe('SearchPage', () => {
  it('asks for the page in the URL, nine at a time', async () => {
    const api = answerWith(makeTradePage(1, 600));
    const sent = requestsHandedToFetch();
    renderWithProviders(<SearchPage />, { route: '/?page=1' });

    await screen.findByText('Showing 10 - 18 of 600 results');
    expect(api.searches()).toEqual([{ page: '1', size: '9', stateType: 'ALL' }]);
    const search = sent().find((request) => new URL(request.url).pathname === '/api/trades/clientFilter');
    expect(search?.credentials).toBe('include');
  });

  it('says "Showing 10 - 18 of 600 results" on the second page and shows its nine cards', async () => {
    answerWith(makeTradePage(1, 600));
    renderWithProviders(<SearchPage />, { route: '/?page=1' });

    expect(await screen.findByText('Showing 10 - 18 of 600 results')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(9);
  });

  it('counts a short last page to its last result', async () => {
    answerWith(makeTradePage(2, 20));
    renderWithProviders(<SearchPage />, { route: '/?page=2' });

    expect(await screen.findByText('Showing 19 - 20 of 20 results')).toBeInTheDocument();
  });

  it('says "of about" when the server estimated the total of a very broad search', async () => {
    answerWith({ ...makeTradePage(0, 12_000), totalIsEstimate: true });
    renderWithProviders(<SearchPage />);

    expect(await screen.findByText('Showing 1 - 9 of about 12000 results')).toBeInTheDocument();
  });

  it('shows no pager when every result fits on one page', async () => {
    answerWith(makeTradePage(0, 5));
    renderWithProviders(<SearchPage />);

    await screen.findByText('Showing 1 - 5 of 5 results');
    expect(screen.queryByRole('navigation', { name: 'Search results pages' })).not.toBeInTheDocument();
  });

  it('shows a windowed pager with arrows when there are many pages', async () => {
    answerWith(makeTradePage(10, 600));
    renderWithProviders(<SearchPage />, { route: '/?page=10' });

    const pager = await screen.findByRole('navigation', { name: 'Search results pages' });
    const labels = within(pager)
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent);
    expect(labels).toEqual(['‹', '1', '…', '9', '10', '11', '12', '13', '…', '67', '›']);
    expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/?page=9');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/?page=11');
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/');
    expect(within(pager).getByText('11', { exact: false })).toHaveAttribute('aria-current', 'page');
  });

  it('offers no back arrow on the first page', async () => {
    answerWith(makeTradePage(0, 30));
    renderWithProviders(<SearchPage />);

    const pager = await screen.findByRole('navigation', { name: 'Search results pages' });
    expect(within(pager).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/?page=1');
  });

  it('loads the next page when its number is chosen', async () => {
    const first = makeTradePage(0, 30);
    const second = { ...makeTradePage(1, 30), content: [makeTradeCard({ name: 'On page two' })] };
    const api = serveSearchApi({ trades: (url) => (url.searchParams.get('page') === '1' ? second : first) });
    const { user } = renderWithProviders(<SearchPage />);

    await user.click(await screen.findByRole('link', { name: 'Page 2' }));

    expect(await screen.findByRole('heading', { name: 'On page two' })).toBeInTheDocument();
    expect(api.searches()[1]).toMatchObject({ page: '1' });
  });

  it('keeps the businesses ticked to ask while the visitor pages', async () => {
    clearEnquiryChoice();
    const first = { ...makeTradePage(0, 30), content: [makeTradeCard({ name: 'On page one' })] };
    const second = { ...makeTradePage(1, 30), content: [makeTradeCard({ name: 'On page two' })] };
    serveSearchApi({ trades: (url) => (url.searchParams.get('page') === '1' ? second : first) });
    const { user } = renderWithProviders(<SearchPage />);

    await user.click(await screen.findByRole('checkbox', { name: 'Ask this business: On page one' }));
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Ask this business: On page two' }));

    const bar = screen.getByRole('region', { name: 'Businesses to ask' });
    expect(bar).toHaveTextContent('On page one');
    expect(bar).toHaveTextContent('On page two');
    expect(within(bar).getByRole('link', { name: 'Ask 2 businesses' })).toBeInTheDocument();
    clearEnquiryChoice();
  });

  it("says \"No Result's for this search. Please Try again\" when nothing matches", async () => {
    answerWith(makeTradePage(0, 0));
    renderWithProviders(<SearchPage />);

    expect(await screen.findByText("No Result's for this search. Please Try again")).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('shows loading placeholders until the answer comes', async () => {
    answerWith(makeTradePage(0, 3));
    renderWithProviders(<SearchPage />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading businesses…');
    await screen.findByText('Showing 1 - 3 of 3 results');
    expect(screen.queryByText('Loading businesses…')).not.toBeInTheDocument();
  });

  it("shows the server's message in an alert when the search fails", async () => {
    serveSearchApi({
      trades: () =>
        new Response(
          JSON.stringify(envelope({}, { statusCode: 503, status: 'SERVICE_UNAVAILABLE', message: 'Search is resting' })),
          { status: 503, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderWithProviders(<SearchPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Search is resting');
  });

  it('shows a general alert, and tries again on request, when the server cannot be reached', async () => {
    serveSearchApi({
      trades: (_url, call) => {
        if (call === 0) return Response.error();
        return makeTradePage(0, 2);
      },
    });
    const { user } = renderWithProviders(<SearchPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('The businesses could not be loaded. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 - 2 of 2 results')).toBeInTheDocument();
  });
});
