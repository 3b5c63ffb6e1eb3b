import { MESSAGES } from '@churchtrades/shared/messages';
import { LEAVING_VISITOR_EMAIL } from '../../apps/server/src/db/seed/demo-people';
import { demoPassword, logInDirectly, mailTo, newVerifiedAccount, openLink, submitLogin } from './account-helpers';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { expect, test } from './fixtures';

const PASSWORD = 'quiet-cloister-at-dusk';

/**
 * "Delete my account" (issue 31): a new person deletes their account with the keyboard alone, is logged out and
 * kept out, then keeps it by the mailed link and logs in again.
 */
test('a person deletes their account by keyboard, and keeps it by the mailed link', async ({ page }) => {
  test.slow();
  const email = await newVerifiedAccount(page, 'Dana', 'Departing', PASSWORD);
  await logInDirectly(page, email, PASSWORD);

  await page.goto('/account/delete');
  await expect(page.getByRole('heading', { name: 'Delete my account', level: 2 })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await tabTo(page, page.getByLabel('Your password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel('Type DELETE to confirm'));
  await page.keyboard.type('DELETE');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.accountDeletionRequested)).toBeVisible();
  // Logged out: the account pages are left, for the home page or, when the account's guard is first, the login.
  await expect(page).not.toHaveURL(/\/account\//);

  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByText(MESSAGES.accountDeletionPending)).toBeVisible();

  await openLink(page, await mailTo(email, 'Your ChurchTrades account will be deleted'), '/verify/deletion/undo');
  const keep = page.getByRole('button', { name: 'Keep my account' });
  await expect(keep).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await tabTo(page, keep);
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.accountDeletionUndone)).toBeVisible();

  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/(account|trade)\//);
});

test("the demo's leaving visitor waits to be deleted: logging in says so", async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, LEAVING_VISITOR_EMAIL, demoPassword());

  await expect(page.getByText(MESSAGES.accountDeletionPending)).toBeVisible();
});
