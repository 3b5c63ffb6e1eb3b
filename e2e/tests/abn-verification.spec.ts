import type { Page } from '@playwright/test';
import { OTHER_NAMES_ABN, VERIFIED_BUSINESS } from '../abn-register';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { collectErrors, logInDirectly, newVerifiedAccount } from './account-helpers';
import { listedBusiness } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * The ABN on the Profile page against the real server, which asks a stand-in of the Australian Business Register
 * on loopback: the owner types it with the keyboard and reads what the register said.
 */

async function ownerOf(page: Page, browser: Parameters<typeof listedBusiness>[0], name: string): Promise<void> {
  const password = 'Wattle-bough-over-the-creek-7';
  const email = await newVerifiedAccount(page, 'Mirri', 'Jarrah', password);
  await logInDirectly(page, email, password);
  await listedBusiness(browser, page, { name, brief: 'Kitchens, decks and stairs built to last.' });
}

/** Types the ABN into its field, reached with Tab, over what it held, and sends the form with Enter. */
async function enterAbn(page: Page, abn: string): Promise<void> {
  await page.goto('/trade/profile');
  const field = page.getByLabel('ABN', { exact: true });
  await tabTo(page, field, 60);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(abn);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Business updated')).toBeVisible();
}

test.describe('the ABN of a business', () => {
  test('an owner enters their ABN on the Profile page and sees it verified by the register, then one registered to another name', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    await ownerOf(page, browser, VERIFIED_BUSINESS.name);

    await enterAbn(page, VERIFIED_BUSINESS.abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4'));

    const field = page.getByLabel('ABN', { exact: true });
    await expect(field).toHaveAccessibleDescription(/^Verified: active and registered to WATTLE BOUGH CARPENTRY PTY LTD, checked on /);
    await page.reload();
    await expect(field).toHaveValue(VERIFIED_BUSINESS.abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4'));
    await expect(field).toHaveAccessibleDescription(/^Verified: active and registered to WATTLE BOUGH CARPENTRY PTY LTD/);
    expect(await blockingViolations(page)).toEqual([]);

    // The same owner then gives an ABN the register holds under another name.
    await enterAbn(page, OTHER_NAMES_ABN.abn);

    await expect(page.getByLabel('ABN', { exact: true })).toHaveAccessibleDescription(
      new RegExp(`^Not verified: registered to another name: ${OTHER_NAMES_ABN.registeredName}`),
    );
    expect(errors).toEqual([]);
  });
});
