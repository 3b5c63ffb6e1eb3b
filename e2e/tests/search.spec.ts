import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradeCard, TradePage } from '@churchtrades/shared/trade-search';
import { expect, test } from './fixtures';

/**
 * SPEC §2 "Search page" and §4 "Search" in the browser, on the demo data (600 listed businesses, 150 churches
 * in every state, 17 main categories). A result card does not show its category or church, so where a test
 * must know which businesses a filter let through it reads the answer the page itself received.
 */

const SUMMARY = /Showing (\d+) - (\d+) of (\d+) results/;
const NO_RESULTS = "No Result's for this search. Please Try again";

/** Fails the test on any console error or uncaught exception the page logs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search businesses' });
const stateButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'State' }).getByRole('button', { name, exact: true });
const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Category', exact: true });
const specificsSelect = (page: Page) => page.getByRole('combobox', { name: 'Specifics', exact: true });
const churchSelect = (page: Page) => page.getByRole('combobox', { name: 'Church', exact: true });
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const summary = (page: Page) => page.getByText(SUMMARY);

/** The 'Showing X - Y of Z results' line, read once it shows. */
async function shownCount(page: Page): Promise<{ first: number; last: number; total: number }> {
  await expect(summary(page)).toBeVisible();
  const [, first, last, total] = SUMMARY.exec((await summary(page).textContent()) ?? '') ?? [];
  return { first: Number(first), last: Number(last), total: Number(total) };
}

/** Runs `act` and resolves with the trades of the search it makes (the page's own answer). */
async function searchMadeBy(page: Page, act: () => Promise<unknown>): Promise<TradePage> {
  const answer = page.waitForResponse((response) => response.url().includes('/api/trades/clientFilter'));
  await act();
  const body = (await (await answer).json()) as Envelope<{ trades: TradePage }>;
  return body.data.trades;
}

/** Waits until the results shown are those of a finished search (no placeholders). */
async function resultsSettled(page: Page) {
  await expect(page.getByText('Loading businesses…')).toHaveCount(0);
  await expect(summary(page).or(page.getByText(NO_RESULTS))).toBeVisible();
}

/** The first listed business that `matches`, looked up through the API as the fixture data of a test. */
async function findListedTrade(request: APIRequestContext, matches: (trade: TradeCard) => boolean): Promise<TradeCard> {
  for (let page = 0; page < 20; page += 1) {
    const response = await request.get(`/api/trades/clientFilter?page=${page}&size=50`);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as Envelope<{ trades: TradePage }>;
    const found = data.trades.content.find(matches);
    if (found) return found;
    if (page >= data.trades.totalPages - 1) break;
  }
  throw new Error('The demo data has no listed business of the kind this test needs');
}

/** The card of the business named `name`. */
function cardOf(page: Page, name: string): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('filters', () => {
  test('the text "plumbing" finds plumbers', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const all = await shownCount(page);

    const found = await searchMadeBy(page, () => searchBox(page).fill('plumbing'));

    await expect(page).toHaveURL(/[?&]q=plumbing(&|$)/);
    await resultsSettled(page);
    const { total } = await shownCount(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all.total);
    expect(found.content.map((trade) => trade.subCategory)).toContain('Plumber');
    for (const trade of found.content) expect(trade.mainCategory).toBe('Plumbing & Gas');
    expect(errors).toEqual([]);
  });

  test('a state button shows only businesses with addresses in that state', async ({ page }) => {
    await page.goto('/');
    await expect(stateButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    const all = await shownCount(page);

    await stateButton(page, 'VIC').click();

    await expect(stateButton(page, 'VIC')).toHaveAttribute('aria-pressed', 'true');
    await expect(stateButton(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/[?&]state=VIC(&|$)/);
    await resultsSettled(page);
    expect((await shownCount(page)).total).toBeLessThan(all.total);
    const addresses = await cards(page).getByText(/^Address: ./).allTextContents();
    expect(addresses.length).toBeGreaterThan(0);
    // Online-only businesses have no address: '.....'.
    for (const address of addresses) expect(address).toMatch(/ VIC \d{4}$|^Address: \.{5}$/);
  });

  test('a category, then one of its sub categories under Specifics, narrows the results', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const all = await shownCount(page);
    await expect(specificsSelect(page)).toBeDisabled();

    const inCategory = await searchMadeBy(page, () => categorySelect(page).selectOption({ label: 'Plumbing & Gas' }));
    await resultsSettled(page);
    const categoryCount = await shownCount(page);
    expect(categoryCount.total).toBeLessThan(all.total);
    for (const trade of inCategory.content) expect(trade.mainCategory).toBe('Plumbing & Gas');

    await expect(specificsSelect(page)).toBeEnabled();
    await expect(specificsSelect(page).getByRole('option', { name: 'Plumber', exact: true })).toBeAttached();
    const inSub = await searchMadeBy(page, () => specificsSelect(page).selectOption({ label: 'Plumber' }));
    await resultsSettled(page);
    const subCount = await shownCount(page);
    expect(subCount.total).toBeGreaterThan(0);
    expect(subCount.total).toBeLessThan(categoryCount.total);
    for (const trade of inSub.content) expect(trade.subCategory).toBe('Plumber');
    await expect(page).toHaveURL(/[?&]cat=\d+&sub=\d+/);
    expect(errors).toEqual([]);
  });

  test('the Church select offers the churches of the chosen state and narrows to the church chosen', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    // For All, every church, each with its state.
    const options = churchSelect(page).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(100);
    const nswChurches = (await options.allTextContents())
      .filter((label) => label.endsWith(' (NSW)'))
      .map((label) => label.slice(0, -' (NSW)'.length));
    expect(nswChurches.length).toBeGreaterThan(10);

    const inState = await searchMadeBy(page, () => stateButton(page, 'NSW').click());
    await expect.poll(async () => (await options.allTextContents()).slice(1)).toEqual(nswChurches);
    await resultsSettled(page);
    const stateCount = await shownCount(page);

    // The church with the most businesses on the state's first page is sure to have some.
    const busiest = mostCommon(inState.content.map((trade) => trade.churchName));
    const inChurch = await searchMadeBy(page, () => churchSelect(page).selectOption({ label: busiest }));

    await resultsSettled(page);
    const churchCount = await shownCount(page);
    expect(churchCount.total).toBeGreaterThan(0);
    expect(churchCount.total).toBeLessThan(stateCount.total);
    for (const trade of inChurch.content) expect(trade.churchName).toBe(busiest);
    await expect(churchSelect(page).locator('option:checked')).toHaveText(busiest);
    await expect(page).toHaveURL(/[?&]state=NSW&church=[\da-f-]{36}/);
    expect(errors).toEqual([]);
  });

  test('a search nothing matches says so', async ({ page }) => {
    await page.goto('/');
    await expect(summary(page)).toBeVisible();

    await searchBox(page).fill('zzzzqqqq');

    await expect(page.getByText(NO_RESULTS)).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Search results pages' })).toHaveCount(0);
  });
});

test.describe('resets (SPEC §4)', () => {
  test('choosing another category clears Specifics', async ({ page }) => {
    await page.goto('/');
    await categorySelect(page).selectOption({ label: 'Plumbing & Gas' });
    await specificsSelect(page).selectOption({ label: 'Plumber' });
    await expect(page).toHaveURL(/[?&]sub=\d+/);

    await categorySelect(page).selectOption({ label: 'Electrical' });

    await expect(specificsSelect(page)).toHaveValue('');
    await expect(specificsSelect(page).locator('option:checked')).toHaveText('Specifics');
    await expect(specificsSelect(page).getByRole('option', { name: 'Electrician', exact: true })).toBeAttached();
    await expect(specificsSelect(page).getByRole('option', { name: 'Plumber', exact: true })).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]sub=/);
  });

  test('a state button clears the Church', async ({ page }) => {
    await page.goto('/');
    await stateButton(page, 'QLD').click();
    await expect.poll(() => churchSelect(page).getByRole('option').count()).toBeGreaterThan(1);
    await churchSelect(page).selectOption({ index: 1 });
    await expect(page).toHaveURL(/[?&]church=/);

    await stateButton(page, 'WA').click();

    await expect(churchSelect(page)).toHaveValue('');
    await expect(churchSelect(page).locator('option:checked')).toHaveText('Church');
    await expect(page).not.toHaveURL(/[?&]church=/);
    await expect(page).toHaveURL(/[?&]state=WA(&|$)/);
  });

  test('changing a filter goes back to the first page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Page 3' }).click();
    // The summary still shows the first page until the third has come.
    await expect(summary(page)).toContainText('Showing 19 - 27 of');
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);

    await stateButton(page, 'NSW').click();

    await resultsSettled(page);
    await expect(summary(page)).toContainText('Showing 1 - 9 of');
    await expect(page).not.toHaveURL(/[?&]page=/);
    const pager = page.getByRole('navigation', { name: 'Search results pages' });
    await expect(pager.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

test('pagination goes forward and back, nine businesses a page', async ({ page }) => {
  await page.goto('/');
  const first = await shownCount(page);
  expect(first).toMatchObject({ first: 1, last: 9 });
  await expect(cards(page)).toHaveCount(9);
  const firstName = await cards(page).first().getByRole('heading').textContent();
  const pager = page.getByRole('navigation', { name: 'Search results pages' });
  await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(page.getByText(`Showing 10 - 18 of ${first.total} results`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstName ?? '');

  const lastPage = Math.ceil(first.total / 9);
  await pager.getByRole('link', { name: `Page ${lastPage}` }).click();
  await expect(page.getByText(`Showing ${(lastPage - 1) * 9 + 1} - ${first.total} of ${first.total} results`)).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);

  await pager.getByRole('link', { name: 'Previous page' }).click();
  await expect(page.getByText(`Showing ${(lastPage - 2) * 9 + 1} - ${(lastPage - 1) * 9} of`)).toBeVisible();

  await page.goBack();
  await expect(page.getByText(`Showing ${(lastPage - 1) * 9 + 1} - ${first.total} of`)).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByText(`Showing 1 - 9 of ${first.total} results`)).toBeVisible();
  await expect(cards(page).first().getByRole('heading')).toHaveText(firstName ?? '');
});

test.describe('result cards', () => {
  test('a business with a website links its host, without the scheme', async ({ page, request }) => {
    const trade = await findListedTrade(request, (one) => one.website !== null);
    await page.goto(`/?q=${encodeURIComponent(trade.name)}&state=${trade.stateType}`);

    const card = cardOf(page, trade.name);
    const host = new URL(trade.website ?? '').host;
    const link = card.getByRole('link', { name: host, exact: true });
    await expect(link).toHaveAttribute('href', new URL(trade.website ?? '').href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(card.getByText('No Site! Google it?')).toHaveCount(0);
  });

  test("a business without a website offers 'No Site! Google it?'", async ({ page, request }) => {
    const trade = await findListedTrade(request, (one) => one.website === null);
    await page.goto('/');
    await searchBox(page).fill(trade.name);
    await stateButton(page, trade.stateType).click();

    const link = cardOf(page, trade.name).getByRole('link', { name: 'No Site! Google it?' });
    await expect(link).toHaveAttribute('href', `https://www.google.com/search?q=${encodeURIComponent(trade.name)}`);
  });

  test("a missing value shows as '.....'", async ({ page, request }) => {
    // An online-only business has no address; a few owners gave no phone, some businesses no public e-mail.
    const trade = await findListedTrade(
      request,
      (one) => one.fullAddress === null || one.ownerPhone === null || one.ownerEmail === null,
    );
    await page.goto(`/?q=${encodeURIComponent(trade.name)}&state=${trade.stateType}`);

    // Each card line is read as "Label: value"; the label is there for screen readers only.
    const card = cardOf(page, trade.name);
    await expect(card).toBeVisible();
    if (trade.fullAddress === null) await expect(card.getByText(/^Address: ./)).toHaveText('Address: .....');
    if (trade.ownerPhone === null) await expect(card.getByText(/^Phone: ./)).toHaveText('Phone: .....');
    if (trade.ownerEmail === null) await expect(card.getByText(/^E-mail: ./)).toHaveText('E-mail: .....');
    await expect(card.getByText('.....').first()).toBeVisible();
  });
});

test.describe('the search in the URL', () => {
  test('a reload keeps the search: box, buttons, selects and results', async ({ page }) => {
    await page.goto('/');
    await stateButton(page, 'NSW').click();
    await categorySelect(page).selectOption({ label: 'Plumbing & Gas' });
    await searchBox(page).fill('water');
    await expect(page).toHaveURL(/[?&]q=water(&|$)/);
    await resultsSettled(page);
    const before = await summary(page).or(page.getByText(NO_RESULTS)).textContent();
    const url = page.url();

    await page.reload();

    expect(page.url()).toBe(url);
    await expect(searchBox(page)).toHaveValue('water');
    await expect(stateButton(page, 'NSW')).toHaveAttribute('aria-pressed', 'true');
    await expect(categorySelect(page).locator('option:checked')).toHaveText('Plumbing & Gas');
    await resultsSettled(page);
    await expect(summary(page).or(page.getByText(NO_RESULTS))).toHaveText(before ?? '');
  });

  test('the Back button restores the previous search', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await searchBox(page).fill('tiling');
    await expect(page).toHaveURL(/[?&]q=tiling(&|$)/);
    await resultsSettled(page);
    const tiling = await summary(page).textContent();

    await stateButton(page, 'QLD').click();
    await expect(page).toHaveURL(/[?&]state=QLD(&|$)/);
    await resultsSettled(page);

    await page.goBack();
    await expect(page).not.toHaveURL(/state=/);
    await expect(stateButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(searchBox(page)).toHaveValue('tiling');
    await expect(summary(page)).toHaveText(tiling ?? '');

    // The word typed was one entry, not one per letter: one more Back is the unfiltered search.
    await page.goBack();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
    expect(errors).toEqual([]);
  });
});

test.describe('layout', () => {
  test('three cards a row on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(cards(page)).toHaveCount(9);

    const rows = await rowsOf(cards(page));
    expect(rows.map((row) => row.length)).toEqual([3, 3, 3]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();
  });

  test('one card a row on a phone, and the top menu behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(cards(page)).toHaveCount(9);

    const rows = await rowsOf(cards(page));
    expect(rows.map((row) => row.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const widths = await cards(page).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeGreaterThan(330);
    // Nothing sticks out sideways: the filters wrap.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);

    const register = page.getByRole('banner').getByRole('link', { name: 'Register' });
    await expect(register).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: /navigation|menu/i }).click();
    await expect(register).toBeVisible();
  });
});

/** The cards grouped by the row they sit in (same top edge). */
async function rowsOf(list: Locator): Promise<number[][]> {
  const tops = await list.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  const rows = new Map<number, number[]>();
  tops.forEach((top, index) => rows.set(top, [...(rows.get(top) ?? []), index]));
  return [...rows.values()];
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error('no values');
  return best[0];
}
