import { expect, test } from './fixtures';

test('the search page lists demo businesses as cards with paging', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');

  await expect(page.getByText(/Showing 1 - 9 of \d+ results/)).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Register' })).toBeVisible();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page.getByText(/Showing 10 - 18 of \d+ results/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByText('Page Not Found')).toBeVisible();
});
