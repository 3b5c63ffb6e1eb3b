import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { collectErrors, demoEmail, logInDirectly, newVerifiedAccount } from './account-helpers';
import { answerOf, directoryChoices } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * SPEC §2 "Trade account layout" in the browser against the real server: a new owner lists a business and
 * fills in every page of it, and each change is still there after a reload.
 */

// A 1×1 PNG: the server decodes uploads, so the logo must be a real image.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An address of the demo address index, as the lookup suggests it for a common street name. */
async function indexedAddress(request: APIRequestContext): Promise<AddressSuggestion> {
  for (const word of ['george', 'smith', 'chifley', 'victoria']) {
    const { addresses } = await answerOf<{ addresses: AddressSuggestion[] }>(request, `/api/address/lookup?q=${word}`);
    const found = addresses.find((address) => address.localityName && address.postcode);
    if (found) return found;
  }
  throw new Error('The address lookup suggests nothing for common street names');
}

/** Registers an owner through the API, verifies the account from the e-mailed link and logs in. */
async function newOwner(page: Page): Promise<void> {
  const password = 'Carpenters-bench-by-the-river-3';
  const email = await newVerifiedAccount(page, 'Ngozi', 'Okafor', password);
  await logInDirectly(page, email, password);
}

const businessPage = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Business pages' }).getByRole('link', { name, exact: true });

/** Clicks a switch or box of the settings and waits until the server's answer shows in it. */
async function flip(box: Locator): Promise<boolean> {
  const before = await box.isChecked();
  await box.click();
  await expect(box).toBeChecked({ checked: !before });
  await expect(box).toBeEnabled();
  return !before;
}

test.describe('the business pages', () => {
  test('a new owner lists a business and fills in every page; each change is kept', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const choices = await directoryChoices(page.request);
    const address = await indexedAddress(page.request);
    const firstName = `Okafor Joinery ${Date.now()}`;
    const newName = `${firstName} and Sons`;
    await newOwner(page);

    await test.step('list the business', async () => {
      await page.goto('/trade');
      await expect(page).toHaveURL(/\/trade\/profile$/);
      await expect(page.getByRole('heading', { name: 'List your business' })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(firstName);
      const brief = page.getByLabel('Brief (iBusiness-Card)', { exact: true });
      await brief.fill('Kitchens, decks and cabinets built to last');
      await page.getByLabel('Main Category', { exact: true }).selectOption({ label: choices.main.name });
      await page.getByLabel('Sub category', { exact: true }).selectOption({ label: choices.firstSub.name });
      await page.getByLabel('State', { exact: true }).selectOption('NSW');
      await page.getByLabel('Church', { exact: true }).selectOption({ label: choices.firstChurch.name });
      await page.getByRole('button', { name: 'List your business' }).click();

      await expect(page.getByText(MESSAGES.tradeCreated)).toBeVisible();
      await expect(page.getByText('Pending approval')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      const ownerCard = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Business Owner' }) });
      await expect(ownerCard.getByText('Ngozi Okafor')).toBeVisible();
    });

    await test.step('change the profile', async () => {
      await page.getByLabel('Name', { exact: true }).fill(newName);
      await page.getByLabel('Service(s)', { exact: true }).fill('Kitchens\nDecks\nCabinets');
      await page.getByLabel('Own Tags', { exact: true }).fill('timber carpentry');
      await page.getByLabel('Sub category', { exact: true }).selectOption({ label: choices.secondSub.name });
      await page.getByLabel('Church', { exact: true }).selectOption({ label: choices.secondChurch.name });
      await page.getByRole('button', { name: 'Update' }).click();
      // Another church is a new submission: the owner is asked first.
      await page.getByRole('dialog').getByRole('button', { name: 'Move and submit again' }).click();
      await expect(page.getByText(MESSAGES.tradeSubmittedToNewChurch)).toBeVisible();
      await expect(page.getByRole('heading', { name: newName })).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(newName);
      await expect(page.getByLabel('Service(s)', { exact: true })).toHaveValue('Kitchens\nDecks\nCabinets');
      await expect(page.getByLabel('Own Tags', { exact: true })).toHaveValue('timber carpentry');
      const chosen = (label: string) => page.getByLabel(label, { exact: true }).locator('option:checked');
      await expect(chosen('Sub category')).toHaveText(choices.secondSub.name);
      await expect(chosen('Church')).toHaveText(choices.secondChurch.name);
      expect(await page.getByLabel('Automated System Tags', { exact: true }).inputValue()).toContain(choices.secondSub.name);
      await expect(page.getByLabel('Serving Church Geo', { exact: true })).toHaveValue(/NSW$/);
    });

    await test.step('choose the address from the lookup', async () => {
      await businessPage(page, 'Address').click();
      await expect(page.getByRole('heading', { name: 'Address' })).toBeVisible();
      const search = page.getByRole('combobox', { name: 'Search address' });
      await search.pressSequentially(address.fullAddress.toLowerCase());
      await page.getByRole('option', { name: address.fullAddress, exact: true }).click();
      await expect(page.getByLabel('Current Address', { exact: true })).toHaveValue(address.fullAddress);
      await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue(address.localityName);
      await expect(page.getByLabel('Postal Code', { exact: true })).toHaveValue(address.postcode ?? '');
      const showStreet = page.getByRole('switch', { name: 'Show my street address publicly' });
      // A new business works at its own place by default, so its street is shown unless the owner says not.
      await expect(showStreet).toBeChecked();
      await showStreet.uncheck();
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText(MESSAGES.addressCreated)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
      await expect(search).toHaveValue('');

      await page.reload();
      await expect(page.getByLabel('Current Address', { exact: true })).toHaveValue(address.fullAddress);
      await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue(address.localityName);
      await expect(page.getByLabel('AUS State', { exact: true })).toHaveValue(address.stateAbbreviation);
      await expect(page.getByRole('switch', { name: 'Show my street address publicly' })).not.toBeChecked();
    });

    await test.step('add two social media entries, change one and delete the other', async () => {
      const openLink = (entry: string) => page.getByRole('link', { name: `Open ${entry} (opens in new tab)`, exact: true });
      await businessPage(page, 'SocialMedia').click();
      await expect(page.getByText(/No social media yet/)).toBeVisible();
      const name = page.getByLabel('Name', { exact: true });
      const media = page.getByLabel('Media', { exact: true });

      await media.selectOption('FACEBOOK');
      await name.fill('okaforjoinery');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(openLink('okaforjoinery')).toBeVisible();
      await expect(name).toHaveValue('');

      await media.selectOption('WEBSITE');
      await name.fill('https://okafor-joinery.example.com.au');
      await page.getByRole('button', { name: 'Save' }).click();
      const website = openLink('https://okafor-joinery.example.com.au');
      await expect(website).toHaveAttribute('href', 'https://okafor-joinery.example.com.au');
      await expect(website).toHaveAttribute('target', '_blank');

      // A click anywhere on the row loads it, its name included; its Open link is apart.
      await page.getByRole('cell').getByText('okaforjoinery', { exact: true }).click();
      await expect(name).toHaveValue('okaforjoinery');
      await name.fill('okafor.joinery.sydney');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(MESSAGES.socialMediaUpdated)).toBeVisible();
      await expect(openLink('okafor.joinery.sydney')).toHaveAttribute(
        'href',
        'https://www.facebook.com/okafor.joinery.sydney',
      );

      await page.getByRole('button', { name: 'Website' }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(MESSAGES.socialMediaDeleted)).toBeVisible();
      await expect(website).toHaveCount(0);

      await page.reload();
      await expect(openLink('okafor.joinery.sydney')).toBeVisible();
      await expect(openLink('okaforjoinery')).toHaveCount(0);
      await expect(openLink('https://okafor-joinery.example.com.au')).toHaveCount(0);
    });

    await test.step('flip every setting', async () => {
      await businessPage(page, 'Settings').click();
      await expect(page.getByText('Check all applicable...')).toBeVisible();
      const boxes = [
        page.getByRole('switch', { name: 'Enabled' }),
        page.getByRole('checkbox', { name: 'Customer Location' }),
        page.getByRole('checkbox', { name: 'Business Location' }),
        page.getByRole('checkbox', { name: 'Online' }),
      ];
      const states: boolean[] = [];
      for (const box of boxes) states.push(await flip(box));

      await page.reload();
      for (const [index, box] of boxes.entries()) await expect(box).toBeChecked({ checked: states[index] });
    });

    await test.step('change the logo', async () => {
      await expect(page.getByRole('img', { name: 'No logo yet' })).toBeVisible();
      const logoFile = { name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG };
      await page.getByLabel('Change Logo', { exact: true }).setInputFiles(logoFile);
      await expect(page.getByText(MESSAGES.logoUpdated)).toBeVisible();
      const logo = page.getByRole('img', { name: `Logo of ${newName}` });
      await expect(logo).toHaveAttribute('src', /.+/);

      await page.reload();
      // Loaded and decoded: the stored file is an image the browser can show.
      await expect(logo).toHaveJSProperty('complete', true);
      await expect(logo).not.toHaveJSProperty('naturalWidth', 0);
    });

    await test.step('offers need a subscription', async () => {
      await businessPage(page, 'Offers').click();
      await expect(page.getByText('Subscription Needed!')).toBeVisible();
    });

    await test.step('the business waits for a moderator before search shows it', async () => {
      await expect(page.getByText('Pending approval')).toBeVisible();
      const { trades } = await answerOf<{ trades: TradePage }>(
        page.request,
        `/api/trades/clientFilter?page=0&size=9&searchText=${encodeURIComponent(newName)}`,
      );
      expect(trades.content.map((trade) => trade.name)).not.toContain(newName);
    });

    expect(errors).toEqual([]);
  });

  test("the demo trader's approved business is listed", async ({ page }) => {
    await logInDirectly(page, demoEmail('TRADER'));
    await page.goto('/trade/profile');

    await expect(page.getByText('Listed', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
  });

  test('a USER sees the business form disabled', async ({ page }) => {
    await logInDirectly(page, demoEmail('USER'));
    await page.goto('/trade/profile');

    await expect(page.getByText(MESSAGES.readOnlyAccount)).toBeVisible();
    for (const label of ['Name', 'Brief (iBusiness-Card)', 'Main Category', 'State']) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'List your business' })).toBeDisabled();
  });
});
