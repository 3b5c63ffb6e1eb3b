import { expect, test } from './fixtures';

/**
 * The search and business pages' HTML holds the public layout, rendered when the app was built, so the browser
 * paints the menu and footer with the stylesheet alone; the app's first render then puts the same layout in its
 * place.
 */
const SUMMARY = /Showing (\d+) - (\d+) of (\d+) results/;

/** The total of the layout shifts the page has had (Chromium's `layout-shift` entries). */
function layoutShiftTotal(): Promise<number> {
  return new Promise((resolve) => {
    let total = 0;
    const observer = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(total);
    }, 500);
  });
}

test.describe('without the app code', () => {
  test.use({ javaScriptEnabled: false });

  test("the search page's HTML shows the menu, the footer and that the page is loading", async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('navigation').getByRole('link', { name: 'ChurchTrades' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Register', includeHidden: true })).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByText(/© \d{4} ChurchTrades/)).toBeVisible();
  });
});

test('the app renders the same layout its HTML painted, once, and nothing moves', async ({ page, request }) => {
  const html = await (await request.get('/')).text();

  await page.goto('/');
  await expect(page.getByText(SUMMARY)).toBeVisible();

  // Both read by the browser, so that they are written alike.
  const paintedHeader = await page.evaluate(
    (source) => new DOMParser().parseFromString(source, 'text/html').querySelector('header')?.outerHTML,
    html,
  );
  expect(paintedHeader).toContain('ChurchTrades');
  expect(await page.locator('header').evaluateAll((headers) => headers.map((header) => header.outerHTML))).toEqual([
    paintedHeader,
  ]);
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCount(1);
  expect(await page.evaluate(layoutShiftTotal)).toBe(0);
});
