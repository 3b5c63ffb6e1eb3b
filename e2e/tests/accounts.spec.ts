import type { Page } from '@playwright/test';
import { MESSAGES } from '@churchtrades/shared/messages';
import { Secret, TOTP } from 'otpauth';
import {
  collectErrors,
  demoEmail,
  demoPassword,
  logInDirectly,
  logOut,
  mailTo,
  newEmail,
  newVerifiedAccount,
  openLink,
  storedMark,
  submitLogin,
} from './account-helpers';
import { expect, test } from './fixtures';

/**
 * SPEC §2 Login, Two-step verification, Register, Account verification, the two reset screens, the
 * authenticated area and Account, in the browser against the real server; mail arrives through the
 * catcher of the global setup. Each test uses its own demo account or a new one, so no order matters.
 */

const VERIFY_SUBJECT = 'Verify your ChurchTrades account';
const RESET_SUBJECT = 'Reset your ChurchTrades password';

async function register(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.registrationSuccessful);
  await expect(page.getByLabel('Email address')).toHaveValue('');
}

test.describe('registration', () => {
  test('a new owner registers, opens the e-mailed link, logs in and lands on the business page', async ({ page }) => {
    const errors = collectErrors(page);
    const email = newEmail('grace');
    const password = 'Hymns-on-a-quiet-morning-7';

    await register(page, email, password);
    await openLink(page, await mailTo(email, VERIFY_SUBJECT), '/verify/account');

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.accountVerified);
    await page.getByRole('link', { name: 'Go to login' }).click();
    await submitLogin(page, email, password);

    await expect(page).toHaveURL(/\/trade\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Business' })).toBeVisible();
    await expect(page.getByText('Grace Okafor').first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(await storedMark(page, 'isLoggedIn')).toBe('true');
    expect(await storedMark(page, 'role')).toBe('TRADER');
    expect(errors).toEqual([]);
  });

  test('an account is refused at login until its e-mailed link is opened', async ({ page }) => {
    const email = newEmail('matthew');
    const password = 'Bells-ring-at-noon-on-Sunday';
    await register(page, email, password);

    await page.goto('/login');
    await submitLogin(page, email, password);

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.accountNotVerified);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a verification link without its key is invalid', async ({ page }) => {
    await page.goto('/verify/account');

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidLink);
  });
});

test.describe('login', () => {
  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, demoEmail('TRADER'), 'not-the-password');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(MESSAGES.invalidCredentials);
    await alert.getByRole('button', { name: 'Close alert' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a business page opened without the logged-in flag leads to the login and back, query kept', async ({ page }) => {
    await page.goto('/account/password?from=reminder');

    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demoEmail('TRADER'), demoPassword());

    await expect(page).toHaveURL(/\/account\/password\?from=reminder$/);
    await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  });

  test('a forgotten password is replaced through the e-mailed link; the old one stops working', async ({ page }) => {
    const oldPassword = 'Lanterns-in-the-cloister-2';
    const email = await newVerifiedAccount(page, 'Ruth', 'Okonkwo', oldPassword);
    const newPassword = 'Candles-by-the-east-window-9';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form has an e-mail field too: wait for the reset page before typing.
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetEmailSent);

    await openLink(page, await mailTo(email, RESET_SUBJECT), '/verify/password');
    await expect(page.getByText('Please enter new password')).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordResetSuccessful);
    await expect(page.getByLabel('New password')).toHaveValue('');
    await page.getByRole('link', { name: 'Go to login' }).click();
    await submitLogin(page, email, oldPassword);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await submitLogin(page, email, newPassword);
    await expect(page).toHaveURL(/\/trade\/profile$/);
  });

  test('two-step verification: turned on with a code from the secret, then asked for at the next login', async ({ page }) => {
    const password = 'Vespers-at-six-in-winter-8';
    const email = await newVerifiedAccount(page, 'Grace', 'Nguyen', password);
    await logInDirectly(page, email, password);
    await page.goto('/account/password');

    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('img', { name: 'QR code of your two-step verification key' })).toBeVisible();
    const secret = (await page.locator('code').textContent()) ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByLabel('Code from your app').fill(totp.generate());
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(MESSAGES.mfaTurnedOn).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

    await logOut(page, 'Grace Nguyen');
    expect(await storedMark(page, 'isLoggedIn')).toBe('false');
    await page.goto('/login');
    await submitLogin(page, email, password);
    await expect(page.getByRole('heading', { name: '2-Step Verification' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    // A code is accepted once; the next step's code is new and still within the one step the server allows ahead.
    await page.getByLabel('Character 1 of 6').pressSequentially(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/$/);
    expect(await storedMark(page, 'isLoggedIn')).toBe('true');
    await page.goto('/account/password');
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
  });
});

test.describe('account', () => {
  test('profile, photo and password changes are kept', async ({ page }) => {
    const errors = collectErrors(page);
    const password = 'Sunday-roast-after-mass-6';
    const email = await newVerifiedAccount(page, 'Dominic', 'Walsh', password);
    await logInDirectly(page, email, password);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText('ROLE_TRADER')).toBeVisible();

    await page.getByLabel('First name').fill('Dominic');
    await page.getByLabel('Bio').fill('Parish volunteer, keen gardener.');
    await page.getByLabel('Phone').fill('0400 123 456');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Dominic Walsh' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Bio')).toHaveValue('Parish volunteer, keen gardener.');
    await expect(page.getByLabel('Phone')).toHaveValue('0400 123 456');

    await page.getByLabel('Change Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByText(MESSAGES.photoUpdated)).toBeVisible();
    await expect(page.locator('main img.avatar')).toHaveAttribute('src', /.+/);

    await page.getByRole('link', { name: 'Password', exact: true }).first().click();
    const newPassword = 'Psalms-and-garden-roses-4';
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    await logOut(page, 'Dominic Walsh');
    await page.goto('/login');
    await submitLogin(page, email, newPassword);
    await expect(page).toHaveURL(/\/trade\/profile$/);
    expect(errors).toEqual([]);
  });

  test('a USER sees the profile form, Change Photo and the two-step switch disabled, and may change the password', async ({ page }) => {
    await logInDirectly(page, demoEmail('USER'));
    await page.goto('/account/profile');

    await expect(page.getByText('ROLE_USER')).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email address', 'Bio', 'Phone']) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Change Photo' })).toBeDisabled();

    await page.getByRole('link', { name: 'Password', exact: true }).first().click();
    for (const label of ['Current password', 'New password', 'Confirm password']) {
      await expect(page.getByLabel(label)).toBeEnabled();
    }
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  });
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
