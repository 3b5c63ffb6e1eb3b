import type { Page } from '@playwright/test';
import { MESSAGES } from '@churchtrades/shared/messages';
import { demoEmail, logInDirectly, newVerifiedAccount } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * What each privileged role is offered in the browser, and an administrator running a user's account: the
 * menu shows each role its entries and nothing else, a priest reads without deciding, and a lock takes
 * effect on the locked user's next request.
 */

const menuLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

const MENUS = [
  { role: 'TRADER', moderation: false, administration: false },
  { role: 'PRIEST', moderation: true, administration: false },
  { role: 'MODERATOR', moderation: true, administration: false },
  { role: 'GOVERNOR', moderation: true, administration: true },
  { role: 'ADMIN', moderation: true, administration: true },
] as const;

test.describe('administration', () => {
  for (const { role, moderation, administration } of MENUS) {
    test(`the menu of a ${role} shows the entries the role allows`, async ({ page }) => {
      await logInDirectly(page, demoEmail(role));
      await page.goto('/account/profile');
      await expect(menuLink(page, 'My Business')).toBeVisible();

      await expect(menuLink(page, 'Moderation')).toHaveCount(moderation ? 1 : 0);
      await expect(menuLink(page, 'Administration')).toHaveCount(administration ? 1 : 0);
    });
  }

  test("a priest reads the church's businesses, pending ones too, without deciding", async ({ page }) => {
    await logInDirectly(page, demoEmail('PRIEST'));
    await page.goto('/moderation');

    await expect(page.getByRole('heading', { name: 'All businesses' })).toBeVisible();
    await expect(page.getByRole('article').getByText('Pending', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  });

  test('a governor administers churches only', async ({ page }) => {
    await logInDirectly(page, demoEmail('GOVERNOR'));
    await page.goto('/admin');

    const nav = page.getByRole('list', { name: 'Administration sections' });
    await expect(page).toHaveURL(/\/admin\/churches$/);
    await expect(nav.getByRole('link', { name: 'Churches' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'NSW' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'VIC', exact: true })).toHaveCount(0);
  });

  test("an administrator changes a user's role, then locks the account, which ends its session", async ({ browser, page }) => {
    const password = 'Candles-on-the-altar-at-dusk-5';
    const person = await (await browser.newContext()).newPage();
    const email = await newVerifiedAccount(person, 'Declan', 'Fitzgerald', password);
    await logInDirectly(person, email, password);
    await person.goto('/account/profile');
    await expect(menuLink(person, 'Moderation')).toHaveCount(0);

    await logInDirectly(page, demoEmail('ADMIN'));
    await page.goto('/admin/users');
    await page.getByLabel('Name or e-mail').fill(email);
    await page.getByRole('search', { name: 'Filter users' }).getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Declan Fitzgerald' }).click();

    await expect(page.getByRole('option', { name: 'ADMIN', exact: true })).toHaveCount(0);
    await page.getByLabel('Role', { exact: true }).selectOption('MODERATOR');
    await page.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText(MESSAGES.roleUpdated)).toBeVisible();

    await person.reload();
    await expect(menuLink(person, 'Moderation')).toBeVisible();

    const locked = page.getByRole('switch', { name: 'Locked' });
    await locked.click();
    await expect(locked).toBeChecked();

    await person.goto('/account/profile');
    await expect(person).toHaveURL(/\/login/);

    await page.goto(`/admin/audit?actor=${encodeURIComponent(demoEmail('ADMIN'))}`);
    await expect(page.getByRole('cell', { name: 'Declan Fitzgerald' }).first()).toBeVisible();
  });
});
