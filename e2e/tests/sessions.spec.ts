import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@churchtrades/shared/messages';
import { logInDirectly, newVerifiedAccount, submitLogin } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * The account's Sessions page (issue "Accounts and listings an attacker cannot get around", point 11): one
 * person logged in from two browsers sees both, and from one of them logs the other out with the keyboard.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page to it. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element.matches(':focus'))) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${limit} presses of Tab`).toBeFocused();
}

test('logged in from two browsers, a person sees both and logs the other out everywhere else, keyboard only', async ({
  browser,
  baseURL,
}) => {
  // Two browsers, a registration with its e-mail and two logins: more than one page's work.
  test.slow();
  const laptopContext = await browser.newContext({ baseURL });
  const laptop = await laptopContext.newPage();
  const phoneContext = await browser.newContext({ baseURL, userAgent: IPHONE });
  const phone = await phoneContext.newPage();
  const password = 'Psalms-by-candlelight-at-dusk-4';
  const email = await newVerifiedAccount(laptop, 'Lydia', 'Thyatira', password);
  await logInDirectly(laptop, email, password);
  await phone.goto('/login');
  await submitLogin(phone, email, password);
  await expect(phone).toHaveURL(/\/trade\/profile$/);

  await laptop.goto('/account/sessions');
  const sessions = laptop.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveText(/Chrome on Linux/);
  await expect(sessions.filter({ hasNotText: 'This device' })).toHaveText(/Safari on iPhone.*Network 127\.0\.0\.1.*Last seen/);

  const everywhereElse = laptop.getByRole('button', { name: 'Log out everywhere else' });
  await tabTo(laptop, everywhereElse);
  await laptop.keyboard.press('Enter');

  await expect(laptop.getByText(MESSAGES.otherSessionsEnded)).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(everywhereElse).toBeDisabled();
  await phone.goto('/account/profile');
  await expect(phone).toHaveURL(/\/login$/);
  expect((await phone.request.get('/api/user/profile')).status()).toBe(401);
  expect((await laptop.request.get('/api/user/profile')).status()).toBe(200);
  await Promise.all([laptopContext.close(), phoneContext.close()]);
});
