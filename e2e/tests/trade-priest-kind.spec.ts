import type { Browser, Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import type { Envelope } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import { collectErrors, demoEmail, logInDirectly, newVerifiedAccount } from './account-helpers';
import { directoryChoices } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * SPEC §1 in the browser against the real server: a business is a sole trader, company or joint venture, and
 * names a priest of its church if its owner wishes. The owner picks both on the Profile page; once a moderator
 * approves the business, its public page says its kind.
 */

const PASSWORD = 'Vestments-and-candles-at-dawn-5';

async function demoModerator(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInDirectly(page, demoEmail('MODERATOR'));
  return page;
}

const chosen = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('option:checked');

test.describe('the priest and the kind of a business', () => {
  test('an owner picks a priest and the kind of business on the Profile page; the kind shows on the public page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    // The demo church is NSW's first by name; the demo priest serves it.
    const { main, firstSub, firstChurch } = await directoryChoices(page.request);
    const name = `Okonkwo Masonry ${Date.now()}`;
    const email = await newVerifiedAccount(page, 'Chidi', 'Okonkwo', PASSWORD);
    const owner = await logInDirectly(page, email, PASSWORD);

    await test.step('list the business as a company', async () => {
      await page.goto('/trade');
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Kind of business', { exact: true }).selectOption({ label: 'Company' });
      await page.getByLabel('Brief (iBusiness-Card)', { exact: true }).fill('Stone walls and steps, built by hand');
      await page.getByLabel('Main Category', { exact: true }).selectOption({ label: main.name });
      await page.getByLabel('Sub category', { exact: true }).selectOption({ label: firstSub.name });
      await page.getByLabel('State', { exact: true }).selectOption('NSW');
      await page.getByLabel('Church', { exact: true }).selectOption({ label: firstChurch.name });
      await page.getByRole('button', { name: 'List your business' }).click();
      await expect(page.getByText(MESSAGES.tradeCreated)).toBeVisible();
      await expect(chosen(page, 'Kind of business')).toHaveText('Company');
    });

    await test.step('pick the priest and another kind on the Profile page; both are kept', async () => {
      await expect(chosen(page, 'Priest')).toHaveText('No priest');
      await page.getByLabel('Priest', { exact: true }).selectOption({ label: 'Demo Priest' });
      await page.getByLabel('Kind of business', { exact: true }).selectOption({ label: 'Joint venture' });
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText(MESSAGES.tradeUpdated)).toBeVisible();

      await page.reload();
      await expect(chosen(page, 'Priest')).toHaveText('Demo Priest');
      await expect(chosen(page, 'Kind of business')).toHaveText('Joint venture');
    });

    const response = await page.request.get(`/api/trades/byUser/${owner.userId}`);
    const { trade } = ((await response.json()) as Envelope<{ trade: OwnTrade }>).data;

    await test.step("the church's moderator approves it", async () => {
      const moderator = await demoModerator(browser);
      const decided = await moderator.request.patch('/api/moderation/decide', { data: { tradeId: trade.id, decision: 'APPROVE' } });
      expect(decided.ok(), await decided.text()).toBe(true);
    });

    await test.step('its public page says its kind, to visitors and to crawlers', async () => {
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(businessPath(trade.id, trade.name));
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
      const kind = visitor.locator('div').filter({ has: visitor.getByText('Kind of business', { exact: true }) }).last();
      await expect(kind.getByText('Joint venture', { exact: true })).toBeVisible();
      const html = await (await visitor.request.get(businessPath(trade.id, trade.name))).text();
      expect(html).toContain('{"@type":"PropertyValue","name":"Kind of business","value":"Joint venture"}');
    });

    expect(errors).toEqual([]);
  });
});
