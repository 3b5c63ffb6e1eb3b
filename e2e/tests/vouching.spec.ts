import type { Page } from '@playwright/test';
import type { TradeChecks } from '@churchtrades/shared/church-checks';
import type { Envelope } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { ModerationTradePage } from '@churchtrades/shared/moderation';
import { demoEmail, logInDirectly } from './account-helpers';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { expect, test } from './fixtures';

/**
 * "Verified businesses", the church's part, in the browser against the real server: the demo moderator opens a
 * business of their church that nobody has vouched for and whose owner states a licence, vouches for it by
 * keyboard, named on the badge, and marks its licence checked against the state's register.
 */

async function dataOf<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** A business of the moderator's church with a licence stated, unchecked, and no vouch. */
async function businessToCheck(page: Page): Promise<{ id: string; name: string }> {
  const { trades } = await dataOf<{ trades: ModerationTradePage }>(page, '/api/moderation/trades?size=50');
  for (const trade of trades.content) {
    const { checks } = await dataOf<{ checks: TradeChecks }>(page, `/api/moderation/trades/${trade.id}/checks`);
    if (checks.mayVouch && checks.vouch === null && checks.licence && checks.licence.checkedAt === null) return trade;
  }
  throw new Error('The demo moderator has no business with an unchecked licence and no vouch');
}

test('a moderator vouches for a business from the moderation screen and marks its licence checked', async ({ page }) => {
  test.setTimeout(120_000);
  await logInDirectly(page, demoEmail('MODERATOR'));
  const business = await businessToCheck(page);

  await page.goto(`/moderation/trades/${business.id}`);
  const checks = page.getByRole('region', { name: 'Church and licence checks' });
  await expect(checks.getByText('No one at its church has vouched for this business.')).toBeVisible();
  await expect(checks.getByText(/stated by the owner, not checked yet/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await test.step('vouches by keyboard, named on the badge', async () => {
    const named = checks.getByRole('checkbox', { name: 'Name me on the badge' });
    await tabTo(page, named, 80);
    await page.keyboard.press('Space');
    await expect(named).toBeChecked();
    await tabTo(page, checks.getByRole('button', { name: 'Vouch: I know who runs it' }));
    await page.keyboard.press('Enter');

    await expect(page.getByText(MESSAGES.vouchRecorded)).toBeVisible();
    await expect(checks.getByText(/Known to .+: vouched for by .+ \(moderator\)/)).toBeVisible();
    await expect(checks.getByText('The badge names the voucher.')).toBeVisible();
    await expect(checks.getByRole('button', { name: 'Renew' })).toBeVisible();
  });

  await test.step('marks the licence checked against the register', async () => {
    await checks.getByRole('button', { name: 'Mark licence checked' }).click();

    await expect(page.getByText(MESSAGES.licenceMarkedChecked)).toBeVisible();
    await expect(checks.getByText(/checked against the [A-Z]+ public register on/)).toBeVisible();
    await expect(checks.getByRole('button', { name: 'Undo licence check' })).toBeVisible();
  });

  await test.step('both hold after a reload, and the page stays accessible', async () => {
    await page.reload();
    await expect(checks.getByText('The badge names the voucher.')).toBeVisible();
    await expect(checks.getByText(/checked against the [A-Z]+ public register on/)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
