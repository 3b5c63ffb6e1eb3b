import fs from 'node:fs/promises';
import { MESSAGES } from '@churchtrades/shared/messages';
import { demoEmail, demoPassword, logInDirectly, mailTo } from './account-helpers';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { linkIn } from '../../apps/server/test/mail-catcher';
import { expect, test } from './fixtures';

/**
 * "Download my data" (issue 31): the demo trader asks for the archive of their data with the keyboard alone,
 * gets the mail with its link, downloads the ZIP once from the page the link opens, and the link is used then.
 */
test('the demo trader asks for their data, and downloads the archive once from the mailed link, keyboard only', async ({ page }) => {
  // A mail to wait for and a whole account's archive to build: more than one page's work.
  test.slow();
  const email = demoEmail('TRADER');
  await logInDirectly(page, email);

  await page.goto('/account/data');
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  const password = page.getByLabel('Your password');
  await tabTo(page, password);
  await page.keyboard.type(demoPassword());
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Prepare my archive' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.dataExportRequested)).toBeVisible();

  const mail = await mailTo(email, 'Your ChurchTrades data is ready to download');
  await page.goto(linkIn(mail, '/account/data'));
  const download = page.getByRole('button', { name: 'Download my archive' });
  await expect(download).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await tabTo(page, download);
  const saving = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const archive = await saving;

  expect(archive.suggestedFilename()).toMatch(/^churchtrades-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await fs.readFile(await archive.path());
  // A ZIP's entries start with "PK\3\4" and carry their names uncompressed.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
  for (const name of ['account.json', 'businesses.json', 'enquiries-received.json', 'reviews-received.csv']) {
    expect(zip.includes(name), `${name} in the archive`).toBe(true);
  }
  await expect(page.getByText(/^Downloaded: churchtrades-data-/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.reload();
  await page.getByRole('button', { name: 'Download my archive' }).press('Enter');
  await expect(page.getByText(MESSAGES.dataExportLinkUsed)).toBeVisible();
});
