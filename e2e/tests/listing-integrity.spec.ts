import type { Locator, Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import { MESSAGES } from '@churchtrades/shared/messages';
import { logInDirectly, newVerifiedAccount } from './account-helpers';
import { directoryChoices, listedBusiness } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * A listed business is one its church stands behind, in the browser against the real server: its owner gives
 * it a public e-mail (their login e-mail is never shown), by keyboard alone, and sees it on the business page;
 * moving it to another church asks first and takes it out of the directory until that church approves it.
 */

const PASSWORD = 'Kiln-fired-pottery-on-the-hill-5';

/** Presses Tab until the element has the focus, as a person without a mouse moves through a form. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

test.describe('a listing its church stands behind', () => {
  test('the owner gives the business a public e-mail by keyboard alone and sees it on the business page', async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const name = `Keyboard Kilns ${stamp}`;
    const publicEmail = `studio.${stamp}@keyboard-kilns.example.com.au`;
    const loginEmail = await newVerifiedAccount(page, 'Aroha', 'Ngata', PASSWORD);
    await logInDirectly(page, loginEmail, PASSWORD);
    const trade = await listedBusiness(browser, page, { name, brief: 'Stoneware fired in a wood kiln' });
    const visitor = await (await browser.newContext()).newPage();

    await test.step('the business page shows no e-mail while it has none, and never the login e-mail', async () => {
      await visitor.goto(businessPath(trade.id, name));
      await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Email' })).toHaveCount(0);
      expect(await visitor.content()).not.toContain(loginEmail);
    });

    await test.step('the owner fills in the public e-mail on the Profile page with the keyboard', async () => {
      await page.goto('/trade/profile');
      const field = page.getByLabel('Public Email', { exact: true });
      await expect(field).toHaveValue('');
      await page.getByLabel('Name', { exact: true }).focus();
      await tabTo(page, field);
      await page.keyboard.type(publicEmail);
      await tabTo(page, page.getByRole('button', { name: 'Update' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText(MESSAGES.tradeUpdated)).toBeVisible();
    });

    await test.step('the business page shows it', async () => {
      await visitor.goto(businessPath(trade.id, name));
      await expect(visitor.getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${publicEmail}`);
      await expect(visitor.getByText(publicEmail)).toBeVisible();
      expect(await visitor.content()).not.toContain(loginEmail);
    });
  });

  test('moving the business to another church asks first, and takes it out of the directory', async ({ browser, page }) => {
    test.setTimeout(90_000);
    const name = `Wandering Wheels ${Date.now()}`;
    const loginEmail = await newVerifiedAccount(page, 'Tane', 'Mahuta', PASSWORD);
    await logInDirectly(page, loginEmail, PASSWORD);
    const trade = await listedBusiness(browser, page, { name, brief: 'Stoneware fired in a wood kiln' });
    const { secondChurch } = await directoryChoices(page.request);
    const church = page.getByLabel('Church', { exact: true });
    const dialog = page.getByRole('dialog', { name: `Move your business to ${secondChurch.name}?` });

    await page.goto('/trade/profile');
    await expect(page.getByText('Listed', { exact: true })).toBeVisible();
    await church.selectOption({ label: secondChurch.name });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toContainText(MESSAGES.confirmChurchChange);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(church.locator('option:checked')).not.toHaveText(secondChurch.name);

    await church.selectOption({ label: secondChurch.name });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByRole('button', { name: 'Move and submit again' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.tradeSubmittedToNewChurch)).toBeVisible();
    await expect(page.getByText('Pending approval')).toBeVisible();

    await page.goto(businessPath(trade.id, name));
    await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
  });
});
