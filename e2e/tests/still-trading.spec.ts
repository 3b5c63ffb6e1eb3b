import { MESSAGES } from '@churchtrades/shared/messages';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { demoEmail, mailTo, openLink } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * The demo trader's business is due for the still-trading question on the first start, so the server asked its
 * owner by e-mail as it started. The owner answers from the e-mail, with the keyboard, without logging in.
 */
test.describe('still trading', () => {
  test('the owner confirms from the e-mail with one click and the business stays listed', async ({ page }) => {
    // Three pages checked with axe, on a machine that may be busy.
    test.setTimeout(120_000);
    const mail = await mailTo(demoEmail('TRADER'), 'still trading?');
    const tradeName = /^Is (.+) still trading\?$/.exec(mail.subject)?.[1];
    expect(tradeName, 'the business the mail asks about').toBeTruthy();
    expect(mail.text).toContain(`Is ${tradeName} still trading, and are its details right?`);

    await openLink(page, mail, '/still-trading');

    await expect(page.getByRole('heading', { name: 'Still trading?' })).toBeVisible();
    await expect(page.getByText(`Is ${tradeName} still trading, and are its details right?`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Update my details' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blockingViolations(page), 'axe on the question').toEqual([]);

    await tabTo(page, page.getByRole('button', { name: 'Yes, still trading' }));
    await page.keyboard.press('Enter');

    await expect(page.getByText(MESSAGES.stillTradingConfirmed)).toBeVisible();
    await expect(page.getByText(`Thank you for letting us know that ${tradeName} is still trading.`)).toBeVisible();
    expect(await blockingViolations(page), 'axe on the thank-you').toEqual([]);

    const search = await page.request.get(`/api/trades/clientFilter?searchText=${encodeURIComponent(tradeName!)}`);
    const names = ((await search.json()).data.trades.content as { name: string }[]).map((card) => card.name);
    expect(names).toContain(tradeName);

    await openLink(page, mail, '/still-trading');
    await expect(page.getByText(MESSAGES.stillTradingLinkUsed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes, still trading' })).toHaveCount(0);
    expect(await blockingViolations(page), 'axe on the used link').toEqual([]);
  });
});
