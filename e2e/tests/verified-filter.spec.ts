import type { Locator, Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { isVerified } from '@churchtrades/shared/verification';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { expect, test } from './fixtures';

/**
 * "Verified only" and the badges, on the demo data: some listed businesses have an active ABN, are known to their
 * church or had their licence checked, most have none of these.
 */

const SUMMARY = /Showing (\d+) - (\d+) of (\d+) results/;

const verifiedOnly = (page: Page) => page.getByRole('checkbox', { name: 'Verified only' });
const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function totalShown(page: Page): Promise<number> {
  const summary = page.getByText(SUMMARY);
  await expect(summary).toBeVisible();
  return Number(SUMMARY.exec((await summary.textContent()) ?? '')?.[3]);
}

/** Runs `act` and resolves with the trades of the search it makes (the page's own answer). */
async function searchMadeBy(page: Page, act: () => Promise<unknown>): Promise<TradePage> {
  const answer = page.waitForResponse((response) => response.url().includes('/api/trades/clientFilter'));
  await act();
  const body = (await (await answer).json()) as Envelope<{ trades: TradePage }>;
  return body.data.trades;
}

/** The first badge of a card, by its label. */
function badgeOf(card: Locator, label: RegExp): Locator {
  return card.getByRole('button', { name: label }).first();
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor keeps only verified businesses, and reads what a badge means', async ({ page }) => {
      await page.goto('/');
      // The page settles its first search in the URL: a tick made meanwhile could be undone by it.
      await page.waitForLoadState('networkidle');
      const everyone = await totalShown(page);

      const verified = await searchMadeBy(page, () => verifiedOnly(page).check());

      await expect(page).toHaveURL(/[?&]verified=true(&|$)/);
      await expect(verifiedOnly(page)).toBeChecked();
      expect(verified.totalElements).toBeGreaterThan(0);
      expect(verified.totalElements).toBeLessThan(everyone);
      expect(verified.content.every((trade) => isVerified(trade.badges))).toBe(true);
      await expect.poll(() => totalShown(page)).toBe(verified.totalElements);
      const shown = cards(page);
      await expect(shown).toHaveCount(verified.content.length);
      for (const card of await shown.all()) {
        await expect(card.getByRole('list', { name: /^What was checked about / })).toBeVisible();
      }

      // A reload, or the link shared, shows the same search.
      await page.reload();
      await expect(verifiedOnly(page)).toBeChecked();
      await expect.poll(() => totalShown(page)).toBe(verified.totalElements);

      const withAbn = verified.content.findIndex((trade) => trade.badges.abn !== null);
      expect(withAbn).toBeGreaterThanOrEqual(0);
      const card = cards(page).nth(withAbn);
      const abnBadge = badgeOf(card, /ABN active/);
      await tabTo(page, abnBadge, 200);
      await page.keyboard.press('Enter');
      await expect(abnBadge).toHaveAttribute('aria-expanded', 'true');
      const detail = page.locator(`#${await abnBadge.getAttribute('aria-controls')}`);
      await expect(detail).toContainText('the Australian Business Register said that ABN');
      await expect(detail).toContainText('is active and registered to this business');
      await expect(detail).toContainText('It does not prove a licence, insurance or the quality of the work.');
      const box = await detail.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewport.width);
      expect(await blockingViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      await expect(abnBadge).toBeFocused();

      const churchCard = verified.content.findIndex((trade) => trade.badges.church !== null);
      if (churchCard >= 0) {
        const churchBadge = badgeOf(cards(page).nth(churchCard), /^Known to /);
        await churchBadge.click();
        await expect(page.getByText(/said they know the person running this business/)).toBeVisible();
      }

      // A click, not uncheck(): the box follows the URL, which the router changes a moment after the click.
      const everyoneAgain = await searchMadeBy(page, () => verifiedOnly(page).click());
      await expect(verifiedOnly(page)).not.toBeChecked();
      await expect(page).not.toHaveURL(/verified=/);
      expect(everyoneAgain.totalElements).toBe(everyone);
    });
  });
}

test('the business page of a verified business shows its badges and explains them', async ({ page, request }) => {
  const response = await request.get('/api/trades/clientFilter?verified=true&size=50');
  const { data } = (await response.json()) as Envelope<{ trades: TradePage }>;
  const licensed = data.trades.content.find((trade) => trade.badges.licence !== null);
  expect(licensed, 'a demo business with a checked licence').toBeDefined();

  await page.goto(businessPath(licensed!.id, licensed!.name));
  await expect(page.getByRole('heading', { level: 1, name: licensed!.name })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Licence checked' }).click();

  await expect(page.getByText(/a ChurchTrades moderator found .* licence .* on the public register of/)).toBeVisible();
  await expect(page.getByText(/It does not prove insurance or the quality of the work/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
