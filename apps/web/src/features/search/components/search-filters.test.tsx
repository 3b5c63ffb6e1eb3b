import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeTradeCard, makeTradePage } from '../../../testing/trade-factory';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-search-text-draft';
import { serveSearchApi, ST_MARY, ST_PAUL } from '../testing/serve-search-api';
import { SearchPage } from './search-page';

/** The address bar and the browser's Back button, for a page rendered in a MemoryRouter. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderSearch(route = '/') {
  const result = renderWithProviders(
    <>
      <SearchPage />
      <Browser />
    </>,
    { route },
  );
  // The probe is test scaffolding, not the page: read it directly rather than search the page by role.
  return { ...result, address: () => document.querySelector('output[aria-label="Address"]')?.textContent };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search businesses' });
const stateButton = (name: string) => within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name });
const categorySelect = () => screen.getByRole('combobox', { name: 'Category' });
const specificsSelect = () => screen.getByRole('combobox', { name: 'Specifics' });
const churchSelect = () => screen.getByRole('combobox', { name: 'Church' });

/** Waits for the results of the latest search to show. */
async function resultsShown() {
  await screen.findByText(/Showing \d+ - \d+ of \d+ results/);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search filters', () => {
  it('offers every control with its name, the state buttons in order and All pressed', async () => {
    const api = serveSearchApi();
    renderSearch();
    await resultsShown();

    expect(searchBox()).toHaveAttribute('placeholder', 'Search businesses');
    const states = within(screen.getByRole('group', { name: 'State' })).getAllByRole('button');
    expect(states.map((button) => button.textContent)).toEqual(['All', 'NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'WA', 'SA', 'NT']);
    expect(states.filter((button) => button.getAttribute('aria-pressed') === 'true')).toEqual([stateButton('All')]);
    expect(await within(categorySelect()).findByRole('option', { name: 'Plumbing & Gas' })).toBeInTheDocument();
    expect(within(categorySelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Category',
      'Plumbing & Gas',
      'Electrical',
    ]);
    expect(specificsSelect()).toBeDisabled();
    expect(specificsSelect()).toHaveDisplayValue('Specifics');
    expect(api.requests('/api/category/sub_categories')).toHaveLength(0);
    expect(churchSelect()).toHaveDisplayValue('Church');
    expect(api.requests('/api/churches/stateChurches')[0]?.searchParams.get('stateType')).toBe('ALL');
  });

  it('searches for the typed text once typing pauses, with one request for the word', async () => {
    const api = serveSearchApi({ trades: (url) => makeTradePage(0, url.searchParams.has('searchText') ? 4 : 30) });
    renderSearch();
    await resultsShown();
    vi.useFakeTimers();

    // Key by key, 100 ms apart. (fireEvent, as user-event waits on a timer that fake timers would hold.)
    for (let length = 1; length <= 'plumbing'.length; length += 1) {
      if (length > 1) await act(() => vi.advanceTimersByTimeAsync(100));
      fireEvent.change(searchBox(), { target: { value: 'plumbing'.slice(0, length) } });
    }
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(api.searches()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    // The answer, and the store's batched notice of it, arrive on (fake) timers too.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Showing 1 - 4 of 4 results')).toBeInTheDocument();
    expect(api.searches()).toHaveLength(2);
    expect(api.searches()[1]).toMatchObject({ searchText: 'plumbing', page: '0' });
  });

  it('searches at once on Enter', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch();
    await resultsShown();

    await user.type(searchBox(), 'hot water{Enter}');

    expect(address()).toBe('?q=hot+water');
    await resultsShown();
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ searchText: 'hot water' }));
  });

  it('filters by state with the pressed state button and offers that state’s churches', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch();
    await resultsShown();

    await user.click(stateButton('VIC'));

    expect(stateButton('VIC')).toHaveAttribute('aria-pressed', 'true');
    expect(stateButton('All')).toHaveAttribute('aria-pressed', 'false');
    expect(address()).toBe('?state=VIC');
    await resultsShown();
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ stateType: 'VIC' }));
    expect(await within(churchSelect()).findByRole('option', { name: ST_PAUL.name })).toBeInTheDocument();
    expect(within(churchSelect()).queryByRole('option', { name: ST_MARY.name })).not.toBeInTheDocument();
  });

  it('filters by category, then by one of its sub categories under Specifics', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch();
    await resultsShown();

    await user.selectOptions(categorySelect(), await screen.findByRole('option', { name: 'Plumbing & Gas' }));
    expect(address()).toBe('?cat=1');
    expect(specificsSelect()).toBeEnabled();
    await user.selectOptions(specificsSelect(), await screen.findByRole('option', { name: 'Gas fitter' }));

    expect(address()).toBe('?cat=1&sub=12');
    expect(specificsSelect()).toHaveDisplayValue('Gas fitter');
    await resultsShown();
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ mCat: '1', sCat: '12' }));
    expect(api.requests('/api/category/sub_categories')[0]?.searchParams.get('parent_id')).toBe('1');
  });

  it('offers every church, with its state, for All, and filters by the church chosen', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch();
    await resultsShown();

    await user.selectOptions(churchSelect(), await screen.findByRole('option', { name: `${ST_PAUL.name} (VIC)` }));

    expect(within(churchSelect()).getByRole('option', { name: `${ST_MARY.name} (NSW)` })).toBeInTheDocument();
    expect(address()).toBe(`?church=${ST_PAUL.churchId}`);
    await resultsShown();
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ churchId: ST_PAUL.churchId, stateType: 'ALL' }));
  });

  it('asks for verified businesses only with "Verified only" ticked, keeps it in the URL, and clears it', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch('/?state=NSW&page=2');
    await resultsShown();

    await user.click(screen.getByRole('checkbox', { name: 'Verified only' }));

    expect(address()).toBe('?state=NSW&verified=true');
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ verified: 'true', stateType: 'NSW', page: '0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Verified only' }));
    expect(address()).toBe('?state=NSW');
    await vi.waitFor(() => expect(api.searches().at(-1)).not.toHaveProperty('verified'));
  });

  it('shows "Verified only" ticked for a link that asks for it', async () => {
    const api = serveSearchApi();
    renderSearch('/?verified=true&q=plumber');
    await resultsShown();

    expect(screen.getByRole('checkbox', { name: 'Verified only' })).toBeChecked();
    expect(api.searches().at(-1)).toMatchObject({ verified: 'true', searchText: 'plumber' });
  });

  it('asks for businesses rated 4 stars and up with the box ticked, keeps minRating=4 in the URL, and clears it', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch('/?state=VIC&page=2');
    await resultsShown();

    await user.click(screen.getByRole('checkbox', { name: '4 stars and up' }));

    expect(address()).toBe('?state=VIC&minRating=4');
    await vi.waitFor(() => expect(api.searches().at(-1)).toMatchObject({ minRating: '4', stateType: 'VIC', page: '0' }));
    await user.click(screen.getByRole('checkbox', { name: '4 stars and up' }));
    expect(address()).toBe('?state=VIC');
    await vi.waitFor(() => expect(api.searches().at(-1)).not.toHaveProperty('minRating'));
  });

  it('shows "4 stars and up" ticked for a link that asks for it, and unticked after Back', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch('/?minRating=4&q=plumber');
    await resultsShown();

    expect(screen.getByRole('checkbox', { name: '4 stars and up' })).toBeChecked();
    expect(api.searches().at(-1)).toMatchObject({ minRating: '4', searchText: 'plumber' });
    await user.click(screen.getByRole('checkbox', { name: '4 stars and up' }));
    expect(address()).toBe('?q=plumber');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address()).toBe('?minRating=4&q=plumber');
    expect(screen.getByRole('checkbox', { name: '4 stars and up' })).toBeChecked();
  });

  it('searches what the box shows when a filter is chosen while typing', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch();
    await resultsShown();

    await user.type(searchBox(), 'tiler');
    await user.click(stateButton('QLD'));

    expect(address()).toBe('?q=tiler&state=QLD');
    await resultsShown();
    // (On a slow machine the word may have been searched alone too, had a pause between two keys been long.)
    expect(api.searches().filter((search) => search.stateType === 'QLD')).toEqual([
      expect.objectContaining({ searchText: 'tiler' }),
    ]);
  });
});

describe('filter resets (SPEC §4)', () => {
  const everyFilter = `?q=pipes&state=NSW&cat=1&sub=11&church=${ST_MARY.churchId}&page=2`;

  it('clears Specifics when another category is chosen, and goes back to the first page', async () => {
    serveSearchApi();
    const { user, address } = renderSearch(everyFilter);
    await resultsShown();
    expect(await within(specificsSelect()).findByRole('option', { name: 'Plumber' })).toBeInTheDocument();
    expect(specificsSelect()).toHaveDisplayValue('Plumber');

    await user.selectOptions(categorySelect(), 'Electrical');

    expect(address()).toBe(`?q=pipes&state=NSW&cat=2&church=${ST_MARY.churchId}`);
    expect(specificsSelect()).toHaveDisplayValue('Specifics');
    expect(await within(specificsSelect()).findByRole('option', { name: 'Electrician' })).toBeInTheDocument();
    expect(within(specificsSelect()).queryByRole('option', { name: 'Plumber' })).not.toBeInTheDocument();
  });

  it('clears Specifics and disables it when the category is put back to none', async () => {
    serveSearchApi();
    const { user, address } = renderSearch('?cat=1&sub=11');
    await resultsShown();

    await user.selectOptions(categorySelect(), 'Category');

    expect(address()).toBe('');
    expect(specificsSelect()).toBeDisabled();
    expect(specificsSelect()).toHaveDisplayValue('Specifics');
  });

  it('clears the church when a state button is chosen', async () => {
    serveSearchApi();
    const { user, address } = renderSearch(everyFilter);
    expect(await within(churchSelect()).findByRole('option', { name: ST_MARY.name })).toBeInTheDocument();
    expect(churchSelect()).toHaveDisplayValue(ST_MARY.name);

    await user.click(stateButton('VIC'));

    expect(address()).toBe('?q=pipes&state=VIC&cat=1&sub=11');
    expect(churchSelect()).toHaveDisplayValue('Church');
  });

  it('keeps everything, page included, when the pressed state is chosen again', async () => {
    const api = serveSearchApi();
    const { user, address } = renderSearch(everyFilter);
    await resultsShown();

    await user.click(stateButton('NSW'));

    expect(address()).toBe(everyFilter);
    expect(api.searches()).toHaveLength(1);
  });

  it.each([
    ['text', async (user: UserEvent) => user.type(searchBox(), 's{Enter}')],
    ['state', async (user: UserEvent) => user.click(stateButton('All'))],
    ['category', async (user: UserEvent) => user.selectOptions(categorySelect(), 'Electrical')],
    ['sub category', async (user: UserEvent) => user.selectOptions(specificsSelect(), 'Gas fitter')],
    ['church', async (user: UserEvent) => user.selectOptions(churchSelect(), 'Church')],
  ])('goes back to the first page when the %s changes', async (_filter, change) => {
    const api = serveSearchApi();
    const { user, address } = renderSearch(everyFilter);
    await resultsShown();
    await screen.findByRole('option', { name: 'Gas fitter' });
    await screen.findByRole('option', { name: ST_MARY.name });

    await change(user);

    expect(address()).not.toMatch(/page=/);
    await screen.findByText('Showing 1 - 9 of 30 results');
    expect(api.searches().at(-1)).toMatchObject({ page: '0' });
  });
});

describe('search in the URL', () => {
  it('shows and searches the filters of a shared link', async () => {
    const api = serveSearchApi();
    renderSearch(`/?q=pipes&state=NSW&cat=1&sub=12&church=${ST_MARY.churchId}&page=1`);

    expect(await screen.findByText('Showing 10 - 18 of 30 results')).toBeInTheDocument();
    expect(api.searches()).toEqual([
      { page: '1', size: '9', searchText: 'pipes', stateType: 'NSW', mCat: '1', sCat: '12', churchId: ST_MARY.churchId },
    ]);
    expect(searchBox()).toHaveValue('pipes');
    expect(stateButton('NSW')).toHaveAttribute('aria-pressed', 'true');
    expect(await within(specificsSelect()).findByRole('option', { name: 'Gas fitter' })).toBeInTheDocument();
    expect(categorySelect()).toHaveDisplayValue('Plumbing & Gas');
    expect(specificsSelect()).toHaveDisplayValue('Gas fitter');
    expect(await within(churchSelect()).findByRole('option', { name: ST_MARY.name })).toBeInTheDocument();
    expect(churchSelect()).toHaveDisplayValue(ST_MARY.name);
  });

  it('keeps the filters in the page links', async () => {
    serveSearchApi();
    renderSearch('/?q=pipes&state=NSW');

    const pager = await screen.findByRole('navigation', { name: 'Search results pages' });
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/?q=pipes&state=NSW&page=1');
  });

  it('restores the previous search, controls and results, with the Back button', async () => {
    const api = serveSearchApi({
      trades: (url) => ({
        ...makeTradePage(0, 1),
        content: [makeTradeCard({ name: `Found in ${url.searchParams.get('stateType')}` })],
      }),
    });
    const { user, address } = renderSearch('/?q=pipes');
    await screen.findByRole('heading', { name: 'Found in ALL' });

    await user.click(stateButton('WA'));
    await screen.findByRole('heading', { name: 'Found in WA' });
    await user.click(screen.getByRole('button', { name: 'Browser back' }));

    expect(address()).toBe('?q=pipes');
    expect(stateButton('All')).toHaveAttribute('aria-pressed', 'true');
    expect(searchBox()).toHaveValue('pipes');
    expect(await screen.findByRole('heading', { name: 'Found in ALL' })).toBeInTheDocument();
    expect(api.searches().map((search) => search.stateType)).toEqual(['ALL', 'WA']);
  });

  it('makes one history entry for a word typed with pauses, so Back goes to the search before it', async () => {
    serveSearchApi();
    const { user, address } = renderSearch('/?state=SA');
    await resultsShown();

    await user.type(searchBox(), 'plu');
    await vi.waitFor(() => expect(address()).toBe('?state=SA&q=plu'));
    await user.type(searchBox(), 'mber');
    await vi.waitFor(() => expect(address()).toBe('?state=SA&q=plumber'));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));

    expect(address()).toBe('?state=SA');
    expect(searchBox()).toHaveValue('');
  });

  it('makes a new history entry for a word typed after a choice', async () => {
    serveSearchApi();
    const { user, address } = renderSearch('/?q=roof');
    await resultsShown();

    await user.click(stateButton('SA'));
    await user.clear(searchBox());
    await user.type(searchBox(), 'gutter{Enter}');
    // The order of the two depends on whether the cleared box was written to the address before the new word.
    expect(Object.fromEntries(new URLSearchParams(address()))).toEqual({ q: 'gutter', state: 'SA' });
    await user.click(screen.getByRole('button', { name: 'Browser back' }));

    expect(address()).toBe('?q=roof&state=SA');
    expect(searchBox()).toHaveValue('roof');
  });
});
