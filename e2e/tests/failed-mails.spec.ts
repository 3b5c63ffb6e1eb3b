import { MESSAGES } from '@churchtrades/shared/messages';
import { demoEmail, logInDirectly, mailTo } from './account-helpers';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { expect, test } from './fixtures';

/**
 * An administrator finds an email the mail server refused (the demo data holds two, to mistyped addresses),
 * sends it again with the keyboard alone, and it is delivered: this server's mail server takes any address.
 */
test.describe('failed emails', () => {
  test('an administrator sends a failed email again: it leaves the list, is delivered, and the audit log links to it', async ({
    page,
  }) => {
    await logInDirectly(page, demoEmail('ADMIN'));
    await page.goto('/admin');
    await page.getByRole('list', { name: 'Administration sections' }).getByRole('link', { name: 'Failed emails' }).click();

    await expect(page).toHaveURL(/\/admin\/mails$/);
    await expect(page.getByRole('heading', { name: 'Failed emails' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows.first()).toContainText('Recipient address rejected');
    const failedCount = await rows.count();
    const first = rows.first();
    const [to, subject] = await Promise.all([first.getByRole('cell').nth(0).innerText(), first.getByRole('cell').nth(1).innerText()]);
    expect(to).toMatch(/\.invalid$/);
    await page.waitForLoadState('networkidle');
    expect(await blockingViolations(page), 'axe on the failed emails page').toEqual([]);

    const sendAgain = first.getByRole('button', { name: `Send again to ${to}` });
    await tabTo(page, sendAgain, 60);
    await page.keyboard.press('Enter');

    await expect(page.getByText(MESSAGES.failedMailResent)).toBeVisible();
    await expect(page.getByRole('cell', { name: to, exact: true })).toHaveCount(0);
    await expect(rows).toHaveCount(failedCount - 1);
    const delivered = await mailTo(to, subject);
    expect(delivered.subject).toBe(subject);

    await page.goto('/admin/audit?action=mail.resend');
    await page.getByRole('link', { name: `${subject} to ${to}` }).first().click();
    await expect(page).toHaveURL(/\/admin\/mails$/);
  });
});
