import type { Page } from '@playwright/test';
import { AUTOMATED_DECISION_KINDS, AUTOMATED_DECISIONS } from '@churchtrades/shared/automated-decisions';
import { expect, test } from './fixtures';

// The test server runs with the configuration defaults (README "Configuration").
const SUPPORT_EMAIL = 'support@churchtrades.au';
const BANK = { accountName: 'ChurchTrades Ltd', bsb: '000-000', accountNumber: '00000000' };

/** Fails the test on any console error or uncaught exception the page logs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens the home page and follows a link of the top menu, as a visitor does. */
async function openFromTopMenu(page: Page, linkName: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: linkName, exact: true }).click();
}

test('About: what ChurchTrades is, how it works, an FAQ that opens, the apps and the plans', async ({ page }) => {
  await openFromTopMenu(page, 'About');

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ChurchTrades');
  await expect(page).toHaveTitle('About · ChurchTrades');
  await expect(page.getByText('the iOS app awaits store approval', { exact: false })).toBeVisible();
  await expect(page.getByText('the Android app is in development', { exact: false })).toBeVisible();
  await expect(page.getByText('Church event notifications')).toBeVisible();

  const question = page.getByRole('button', { name: 'How do I contact support?' });
  const answer = page.getByRole('region', { name: 'How do I contact support?' });
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(answer).toContainText('We typically reply within 24-48 hours.');
});

test('Privacy Policy: last updated, decisions made automatically, under-13s, the public card, OAIC, support e-mail', async ({
  page,
}) => {
  await openFromTopMenu(page, 'Privacy Policy');

  await expect(page).toHaveURL(/\/privacypolicy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy · ChurchTrades');
  await expect(page.getByText('Last updated: December 4, 2026')).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await contents.getByRole('link', { name: 'Decisions made automatically' }).click();
  await expect(page).toHaveURL(/\/privacypolicy#automated-decisions$/);
  const decisions = page.locator('#automated-decisions');
  await expect(decisions.getByRole('heading', { level: 2 })).toBeInViewport();
  for (const kind of AUTOMATED_DECISION_KINDS) {
    await expect(decisions.getByRole('heading', { level: 3, name: AUTOMATED_DECISIONS[kind].title })).toBeAttached();
  }
  const pause = decisions.getByRole('region', { name: AUTOMATED_DECISIONS.ACCOUNT_PAUSE.title });
  await expect(pause).toContainText(AUTOMATED_DECISIONS.ACCOUNT_PAUSE.trigger);
  await expect(pause.getByRole('link', { name: 'Forgot your password' })).toHaveAttribute('href', '/resetpassword');
  await expect(page.getByText('We do not serve people under 13', { exact: false })).toBeVisible();
  await expect(page.getByText('Office of the Australian Information Commissioner', { exact: false })).toBeVisible();

  await contents.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/privacypolicy#contact$/);
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading')).toBeInViewport();
  await expect(contact.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
  await expect(contact).toContainText('We typically reply within 24-48 hours.');
});

test('Terms and Conditions: last updated, minimum age 18, free, New South Wales law, support e-mail', async ({
  page,
}) => {
  await openFromTopMenu(page, 'Terms and Conditions');

  await expect(page).toHaveURL(/\/termsandconditions$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  await expect(page).toHaveTitle('Terms and Conditions · ChurchTrades');
  await expect(page.getByText('Last updated: April 20, 2025')).toBeVisible();
  await expect(page.getByText('You must be at least 18 years old', { exact: false })).toBeVisible();
  await expect(page.getByText('We charge no fees', { exact: false })).toBeVisible();
  await expect(page.getByText('governed by the laws of New South Wales', { exact: false })).toBeVisible();
  const contact = page.locator('#contact');
  await expect(contact.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
  await expect(contact).toContainText('We typically reply within 24-48 hours.');
});

test("Donation's: free for customers, the bank account from configuration, online giving planned", async ({
  page,
}) => {
  await openFromTopMenu(page, "Donation's");

  await expect(page).toHaveURL(/\/donation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donations');
  await expect(page).toHaveTitle('Donations · ChurchTrades');
  await expect(page.getByText('ChurchTrades is free for customers.')).toBeVisible();
  const bankTransfer = page.getByRole('region', { name: 'Donate by bank transfer' });
  await expect(bankTransfer.getByRole('term')).toHaveText(['Account name', 'BSB', 'Account number']);
  await expect(bankTransfer.getByRole('definition')).toHaveText([BANK.accountName, BANK.bsb, BANK.accountNumber]);
  await expect(page.getByText('An online donation system is planned', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
});

// Opened directly rather than from the home page, so that only these pages' own requests are judged.
test('the static pages load without errors in the console', async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of ['/about', '/privacypolicy', '/termsandconditions', '/donation']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL }).filter({ visible: true }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test.describe('on a phone 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top menu folds behind a button that opens it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('banner');
    const menuButton = menu.getByRole('button', { name: 'Toggle navigation' });
    const aboutLink = menu.getByRole('link', { name: 'About', exact: true });

    await expect(menuButton).toBeVisible();
    await expect(aboutLink).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Login', 'Register', 'About', 'Privacy Policy', 'Terms and Conditions', "Donation's"]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await aboutLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ChurchTrades');
    // The menu closes behind the reader once they have chosen.
    await expect(aboutLink).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
