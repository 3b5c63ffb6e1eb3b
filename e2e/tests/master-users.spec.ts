import type { Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { demoEmail, logInDirectly, mailTo, newEmail, newVerifiedAccount, openLink, submitLogin } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * An administrator registers a moderator of a church from the users screen; the moderator chooses a password by
 * the mailed link and logs in, but moderates nothing until the administrator confirms them; then they approve a
 * business waiting at that church.
 */

const INVITATION_SUBJECT = 'Your ChurchTrades account is ready: choose your password';
const OWNER_PASSWORD = 'Organ-loft-on-a-rainy-Tuesday-3';
const MODERATOR_PASSWORD = 'Belfry-lanterns-at-vespers-58';

async function apiData<T>(response: { ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** A church the administrator registers, with a business of a new owner waiting for its moderators. */
async function churchWithWaitingBusiness(admin: Page, owner: Page, stamp: number) {
  const churchName = `St Hilda's Katoomba ${stamp}`;
  const businessName = `Mountain Joinery ${stamp}`;
  const { church } = await apiData<{ church: { churchId: string } }>(
    await admin.request.post('/api/churches/register', { data: { name: churchName, stateType: 'NSW', suburb: 'Katoomba' } }),
  );
  const { categories } = await apiData<{ categories: { id: number }[] }>(await owner.request.get('/api/category/main_categories'));
  await apiData(
    await owner.request.post('/api/trades/new', {
      data: {
        name: businessName,
        brief: 'Hand-made furniture for homes and parishes',
        mainCategoryId: categories[0]!.id,
        stateType: 'NSW',
        churchId: church.churchId,
      },
    }),
  );
  return { churchName, businessName };
}

test.describe('master users', () => {
  test('an administrator registers a moderator, who sets a password, is confirmed and approves a business', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const admin = await (await browser.newContext()).newPage();
    await logInDirectly(admin, demoEmail('ADMIN'));
    const owner = await (await browser.newContext()).newPage();
    await logInDirectly(owner, await newVerifiedAccount(owner, 'Bram', 'Hollis', OWNER_PASSWORD), OWNER_PASSWORD);
    const { churchName, businessName } = await churchWithWaitingBusiness(admin, owner, stamp);
    const moderatorEmail = newEmail('moderator');
    const moderator = await (await browser.newContext()).newPage();

    await test.step('the administrator registers the moderator of the church', async () => {
      await admin.goto('/admin/users');
      await admin.getByRole('link', { name: 'Register a master user' }).click();
      const form = admin.getByRole('form', { name: 'Register a master user' });
      await form.getByLabel('First name').fill('Imogen');
      await form.getByLabel('Last name').fill('Farrell');
      await form.getByLabel('Email address').fill(moderatorEmail);
      await form.getByLabel('Phone').fill('0400 555 123');
      await form.getByLabel('Role').selectOption('MODERATOR');
      await form.getByLabel('Church name').fill(churchName);
      await expect(form.getByRole('option', { name: `${churchName} (NSW)` })).toBeAttached();
      await form.getByLabel('Church', { exact: true }).selectOption({ label: `${churchName} (NSW)` });
      await form.getByRole('button', { name: 'Add church' }).click();
      await expect(form.getByRole('list', { name: 'Churches they will serve' })).toContainText(`${churchName} (Moderator)`);
      await form.getByRole('button', { name: 'Register' }).click();

      await expect(admin.getByRole('heading', { name: 'Imogen Farrell' })).toBeVisible();
      await expect(admin.getByText("Waiting for an administrator's confirmation").first()).toBeVisible();
    });

    await test.step('the moderator chooses a password by the mailed link and logs in', async () => {
      await openLink(moderator, await mailTo(moderatorEmail, INVITATION_SUBJECT), '/verify/password');
      await expect(moderator.getByText('Please enter new password')).toBeVisible();
      await moderator.getByLabel('New password').fill(MODERATOR_PASSWORD);
      await moderator.getByLabel('Confirm password').fill(MODERATOR_PASSWORD);
      await moderator.getByRole('button', { name: 'Save' }).click();
      await expect(moderator.getByRole('alert')).toHaveText(MESSAGES.passwordResetSuccessful);
      await moderator.getByRole('link', { name: 'Go to login' }).click();
      await submitLogin(moderator, moderatorEmail, MODERATOR_PASSWORD);
      await expect(moderator).toHaveURL(/\/trade\/profile$/);
    });

    await test.step('until confirmed, the moderator is told they cannot moderate yet', async () => {
      await moderator.goto('/moderation');
      await expect(moderator.getByText(MESSAGES.awaitingConfirmation).first()).toBeVisible();
    });

    await test.step('the administrator confirms them', async () => {
      await admin.getByRole('switch', { name: 'Confirmed' }).click();
      await expect(admin.getByText(MESSAGES.masterUserConfirmation)).toBeVisible();
      await expect(admin.getByText(/^Confirmed by /).first()).toBeVisible();
    });

    await test.step("the moderator approves the business waiting at the church", async () => {
      await moderator.reload();
      const card = moderator.getByRole('article', { name: businessName });
      await expect(card.getByText('Pending', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(moderator.getByText(MESSAGES.tradeApproved)).toBeVisible();
    });
  });
});
