import { MESSAGES } from '@churchtrades/shared/messages';
import type { Locator, Page } from '@playwright/test';
import type { CaughtMail } from '../../apps/server/test/mail-catcher';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { logInDirectly, mailTo, newEmail, newVerifiedAccount, openLink } from './account-helpers';
import { listedBusiness } from './directory-helpers';
import { expect, test } from './fixtures';

/** Types into a field reached with the Tab key, as a keyboard-only visitor fills a form. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The mail's link whose path starts with `prefix` (the owner's link names the enquiry). */
function linkStartingWith(mail: CaughtMail, prefix: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const found = links.find((link) => new URL(link).pathname.startsWith(prefix));
  if (!found) throw new Error(`No link to ${prefix}… in the mail "${mail.subject}"; its links: ${links.join(', ')}`);
  return found;
}

/**
 * The whole way of an enquiry between a visitor without an account and a business's owner, neither giving away
 * their address: the visitor asks from the business page, confirms their address from the mail, the owner answers
 * on the dashboard, and the visitor answers back through the private link of the owner's mail.
 */
test.describe('enquiries', () => {
  test('a visitor asks, confirms from the mail, the owner answers and the visitor answers back', async ({ page, browser }) => {
    // Four pages checked with axe and a proof of work solved, on a machine that may be busy.
    test.setTimeout(240_000);
    const password = 'Wattle-Enquiry-Harbour-58';
    const ownerEmail = await newVerifiedAccount(page, 'Olive', 'Enquiryowner', password);
    await logInDirectly(page, ownerEmail, password);
    const trade = await listedBusiness(browser, page, {
      name: `Olive Tiling ${Date.now()}`,
      brief: 'Bathroom and kitchen tiling across the Hills District, with a written quote.',
    });

    const visitor = await (await browser.newContext()).newPage();
    const visitorEmail = newEmail('vera.visitor');
    await visitor.goto(`/business/${trade.id}`);
    await tabTo(visitor, visitor.getByRole('button', { name: 'Send an enquiry' }));
    await visitor.keyboard.press('Enter');

    const form = visitor.getByRole('dialog', { name: `Send an enquiry to ${trade.name}` });
    await typeInto(visitor, form.getByLabel('Your name'), 'Vera Visitor');
    await typeInto(visitor, form.getByLabel('Your e-mail address'), visitorEmail);
    await typeInto(visitor, form.getByLabel('Your suburb'), 'Castle Hill');
    await typeInto(visitor, form.getByLabel('Your message'), 'Could you quote for retiling a small bathroom in March?');
    expect(await blockingViolations(visitor), 'axe on the enquiry form').toEqual([]);
    await tabTo(visitor, form.getByRole('button', { name: 'Send the enquiry' }));
    await visitor.keyboard.press('Enter');
    await expect(form.getByText(MESSAGES.enquiryAwaitingConfirmation)).toBeVisible({ timeout: 30_000 });

    await openLink(visitor, await mailTo(visitorEmail, 'Confirm your enquiry'), '/enquiries/confirm');
    await expect(visitor.getByText(MESSAGES.enquiryConfirmed)).toBeVisible();

    const newEnquiry = await mailTo(ownerEmail, `New enquiry for ${trade.name}`);
    expect(newEnquiry.text).toContain('Could you quote for retiling a small bathroom in March?');
    await page.goto(linkStartingWith(newEnquiry, '/trade/enquiries/'));
    await expect(page.getByText('Could you quote for retiling a small bathroom in March?')).toBeVisible();
    await expect(page.getByText(visitorEmail)).toBeVisible();
    await typeInto(page, page.getByLabel('Your answer'), 'Happy to: would Tuesday morning suit for a look?');
    expect(await blockingViolations(page), 'axe on the owner’s enquiry').toEqual([]);
    await tabTo(page, page.getByRole('button', { name: 'Send answer' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.enquiryReplySent)).toBeVisible();

    await openLink(visitor, await mailTo(visitorEmail, `${trade.name} answered your enquiry`), '/enquiries/conversation');
    await expect(visitor.getByText('Happy to: would Tuesday morning suit for a look?')).toBeVisible();
    await typeInto(visitor, visitor.getByLabel('Your answer'), 'Tuesday at nine is perfect, thank you.');
    await tabTo(visitor, visitor.getByRole('button', { name: 'Send the answer' }));
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText('Tuesday at nine is perfect, thank you.')).toBeVisible();
    expect(await blockingViolations(visitor), 'axe on the conversation').toEqual([]);

    const answeredBack = await mailTo(ownerEmail, `Vera Visitor answered about ${trade.name}`);
    expect(answeredBack.text).toContain('Tuesday at nine is perfect, thank you.');
    await visitor.context().close();
  });
});
