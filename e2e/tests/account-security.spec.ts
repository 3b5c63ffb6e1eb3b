import { MESSAGES } from '@churchtrades/shared/messages';
import { logInDirectly, mailTo, newEmail, newVerifiedAccount, openLink } from './account-helpers';
import { expect, test } from './fixtures';

test.describe('what hands over an account asks for the password again', () => {
  test('changes the login e-mail with the keyboard only, and it takes effect from the link mailed to the new address', async ({
    page,
  }) => {
    const password = 'Lanterns-on-the-jetty-41';
    const email = await newVerifiedAccount(page, 'Phoebe', 'Cenchreae', password);
    await logInDirectly(page, email, password);
    await page.goto('/account/profile');
    const newAddress = newEmail('phoebe.new');

    const emailField = page.getByLabel('Email address');
    await emailField.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(newAddress);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Current password')).toBeFocused();
    await page.keyboard.type(password);
    // A new account has no bio or phone yet, and the profile form wants both.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Bio')).toBeFocused();
    await page.keyboard.type('Deacon and tent maker.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0400 123 456');
    await page.keyboard.press('Enter');

    await expect(page.getByText(MESSAGES.emailChangeRequested).first()).toBeVisible();
    await expect(emailField).toHaveValue(email);
    await openLink(page, await mailTo(newAddress, 'Confirm your new'), '/verify/email');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailChanged);
    const notice = await mailTo(email, 'login email was changed');
    expect(notice.text).toContain(newAddress);
    await page.goto('/account/profile');
    await expect(page.getByLabel('Email address')).toHaveValue(newAddress);
  });
});
