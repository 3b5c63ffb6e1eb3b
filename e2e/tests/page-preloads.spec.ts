import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The server names, in a page's HTML, the code and the API answers that page asks for first, so that the browser
 * fetches them with the entry script instead of after it. A preload the app does not take is a wasted request,
 * and the app asks again: each of these must be fetched exactly once.
 */
const SUMMARY = /Showing (\d+) - (\d+) of (\d+) results/;

/** Every request the page makes while it opens, by path and query. */
function requestsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

/**
 * The `href`s of the HTML answer's preload tags of this kind: paths on this server, with their query. The server
 * writes them as paths; the app's own (Vite adds one per lazy chunk it loads) carry the whole URL and are left out.
 */
async function preloadedHrefs(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/'));
}

/**
 * The page asked the API for exactly what its HTML preloaded, each once (a preload of another URL than the app's
 * would show as one more request), and fetched each preloaded script once.
 */
async function expectPreloadsTaken(page: Page, requests: string[]): Promise<void> {
  const apiPreloads = await preloadedHrefs(page, 'link[rel="preload"][as="fetch"]');
  const codePreloads = await preloadedHrefs(page, 'link[rel="modulepreload"]');
  const apiRequests = requests.filter((request) => request.startsWith('/api/'));
  expect(apiRequests.sort()).toEqual(apiPreloads.sort());
  for (const href of codePreloads) expect(requests.filter((request) => request === href), href).toHaveLength(1);
}

test('the search page takes the answers and code its HTML preloads, asking for none of them twice', async ({ page }) => {
  const requests = requestsOf(page);

  await page.goto('/');
  await expect(page.getByText(SUMMARY)).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(await preloadedHrefs(page, 'link[rel="preload"][as="fetch"]')).toHaveLength(3);
  expect(await preloadedHrefs(page, 'link[rel="modulepreload"]')).toContainEqual(expect.stringMatching(/search-page/));
  await expectPreloadsTaken(page, requests);
});

test('a business page takes the answers and code its HTML preloads, asking for none of them twice', async ({ page }) => {
  const answer = await page.request.get('/api/trades/clientFilter?page=0&size=9');
  const listed: { id: string; name: string } = (await answer.json()).data.trades.content[0];
  const requests = requestsOf(page);

  await page.goto(`/business/${listed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listed.name })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(await preloadedHrefs(page, 'link[rel="preload"][as="fetch"]')).toContain(`/api/trades/${listed.id}`);
  expect(await preloadedHrefs(page, 'link[rel="modulepreload"]')).toContainEqual(expect.stringMatching(/business-with-reviews/));
  await expectPreloadsTaken(page, requests);
});
