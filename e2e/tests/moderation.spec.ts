import type { Browser, Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradePage } from '@churchtrades/shared/trade-search';
import { demoEmail, logInDirectly, mailTo, newVerifiedAccount } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * The directory run by its churches, in the browser against the real server: an administrator opens a
 * church and a category, an owner lists a business there, the church's moderator rejects it with a reason,
 * the owner edits and resubmits, the moderator approves, and only then does the public search show it.
 * A moderator of another church can neither see nor decide on it.
 */

const REJECTED_SUBJECT = 'Your business was not approved on ChurchTrades';
const APPROVED_SUBJECT = 'Your business is listed on ChurchTrades';
const PASSWORD = 'Stained-glass-in-the-morning-7';

interface Person {
  page: Page;
  email: string;
}

/** A verified account of a new person, logged in on a browser of their own. */
async function newPerson(browser: Browser, firstName: string, lastName: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  const email = await newVerifiedAccount(page, firstName, lastName, PASSWORD);
  await logInDirectly(page, email, PASSWORD);
  return { page, email };
}

async function demoPerson(browser: Browser, role: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  await logInDirectly(page, demoEmail(role));
  return { page, email: demoEmail(role) };
}

async function publicMatches(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/trades/clientFilter?searchText=${encodeURIComponent(name)}`);
  const { data } = (await response.json()) as Envelope<{ trades: TradePage }>;
  return data.trades.content.filter((trade) => trade.name === name).length;
}

/** The business as the moderation page shows it (its search card preview inside is an article too, unnamed). */
const businessCard = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('moderation and administration', () => {
  test('a business waits for its church moderator, is rejected, resubmitted, approved, then found', async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const churchName = `St Brigid's Marrickville ${stamp}`;
    const mainCategory = `Bell Foundry ${stamp}`;
    const subCategory = `Bell Tuning ${stamp}`;
    const businessName = `Harmony Bells ${stamp}`;
    const reason = 'Please say which suburbs you travel to';

    const admin = await demoPerson(browser, 'ADMIN');
    const moderator = await newPerson(browser, 'Maeve', 'Donnelly');
    const owner = await newPerson(browser, 'Tomas', 'Keane');
    const otherModerator = await demoPerson(browser, 'MODERATOR');

    await test.step('the administrator registers a church and gives it a moderator', async () => {
      const { page } = admin;
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/churches$/);
      const form = page.getByRole('region', { name: 'Register church' });
      await form.getByLabel('Church name').fill(churchName);
      await form.getByLabel('State').selectOption('NSW');
      await form.getByLabel('Suburb').fill('Marrickville');
      await form.getByLabel('Postcode').fill('2204');
      await form.getByRole('button', { name: 'Register church' }).click();
      await expect(page.getByText(MESSAGES.churchRegistered)).toBeVisible();

      await page.getByRole('search', { name: 'Search churches' }).getByLabel('Name').fill(churchName);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: churchName }).click();
      await expect(page.getByRole('heading', { name: churchName })).toBeVisible();
      const addMember = page.getByRole('region', { name: 'Add by email' });
      await addMember.getByLabel('Email').fill(moderator.email);
      await addMember.getByLabel('Church role').selectOption('MODERATOR');
      await addMember.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('list', { name: 'Moderators' }).getByText('Maeve Donnelly')).toBeVisible();
    });

    await test.step('the administrator creates a category and a sub category', async () => {
      const { page } = admin;
      await page.getByRole('link', { name: 'Categories' }).click();
      const newMain = page.getByRole('form', { name: 'Create main category' });
      await newMain.getByLabel('Name').fill(mainCategory);
      await newMain.getByLabel('Tags').fill('bells, carillon');
      await newMain.getByRole('button', { name: 'Create main category' }).click();
      const newSub = page.getByRole('form', { name: `Create sub category of ${mainCategory}` });
      await expect(newSub).toBeVisible();
      await newSub.getByLabel('Name').fill(subCategory);
      await newSub.getByRole('button', { name: `Create sub category of ${mainCategory}` }).click();
      await expect(page.getByRole('list', { name: `Sub categories of ${mainCategory}` }).getByText(subCategory)).toBeVisible();
    });

    await test.step('the owner lists a business at that church in that category; search does not show it', async () => {
      const { page } = owner;
      await page.goto('/trade');
      await expect(page.getByRole('heading', { name: 'List your business' })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(businessName);
      await page.getByLabel('Brief (iBusiness-Card)', { exact: true }).fill('Church bells cast, tuned and restored');
      await page.getByLabel('Main Category', { exact: true }).selectOption({ label: mainCategory });
      await page.getByLabel('Sub category', { exact: true }).selectOption({ label: subCategory });
      await page.getByLabel('State', { exact: true }).selectOption('NSW');
      await page.getByLabel('Church', { exact: true }).selectOption({ label: churchName });
      await page.getByRole('button', { name: 'List your business' }).click();
      await expect(page.getByText('Pending approval')).toBeVisible();

      expect(await publicMatches(page, businessName)).toBe(0);
    });

    await test.step('a moderator of another church neither sees nor decides on it', async () => {
      const { page } = otherModerator;
      await page.goto('/moderation');
      await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();
      await expect(page.getByText(/\d+ business/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: businessName })).toHaveCount(0);

      const owned = await owner.page.request.get(`/api/trades/byUser/${await userIdOf(owner.page)}`);
      const tradeId = ((await owned.json()) as Envelope<{ trade: { id: string } }>).data.trade.id;
      await page.goto(`/moderation/trades/${tradeId}`);
      await expect(page.getByText(MESSAGES.forbidden)).toBeVisible();
      const decided = await page.request.patch('/api/moderation/decide', { data: { tradeId, decision: 'APPROVE' } });
      expect(decided.status()).toBe(403);
      expect(await publicMatches(page, businessName)).toBe(0);
    });

    await test.step("the church's moderator rejects it with a reason, which reaches the owner", async () => {
      const { page } = moderator;
      await page.goto('/account/profile');
      await page.getByRole('banner').getByRole('link', { name: 'Moderation' }).click();
      const card = businessCard(page, businessName);
      await expect(card.getByText('Pending', { exact: true })).toBeVisible();
      await expect(card.getByRole('region', { name: 'Search card preview' })).toContainText(businessName);
      await card.getByRole('button', { name: 'Reject' }).click();
      await card.getByRole('button', { name: 'Reject' }).click();
      await expect(card.getByText(MESSAGES.reasonRequired)).toBeVisible();
      await card.getByLabel('Reason for rejecting').fill(reason);
      await card.getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByText(MESSAGES.tradeRejected)).toBeVisible();
      await expect(page.getByRole('heading', { name: businessName })).toHaveCount(0);

      const mail = await mailTo(owner.email, REJECTED_SUBJECT);
      expect(mail.text).toContain(reason);
    });

    await test.step('the owner edits and resubmits it', async () => {
      const { page } = owner;
      await page.reload();
      await expect(page.getByText(`Rejected: ${reason}`)).toBeVisible();
      await page.getByLabel('Brief (iBusiness-Card)', { exact: true }).fill('Church bells tuned across the Inner West');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText(MESSAGES.tradeUpdated)).toBeVisible();
      await page.getByRole('button', { name: 'Resubmit for approval' }).click();
      await expect(page.getByText(MESSAGES.tradeResubmitted)).toBeVisible();
      await expect(page.getByText('Pending approval')).toBeVisible();
    });

    await test.step('the moderator approves it; the owner is told and search finds it', async () => {
      const { page } = moderator;
      await page.reload();
      const card = businessCard(page, businessName);
      await expect(card).toContainText('Church bells tuned across the Inner West');
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText(MESSAGES.tradeApproved)).toBeVisible();

      const mail = await mailTo(owner.email, APPROVED_SUBJECT);
      expect(mail.text).toContain(businessName);

      await page.goto(`/?q=${encodeURIComponent(businessName)}`);
      await expect(page.getByRole('heading', { name: businessName })).toBeVisible();
    });

    await test.step('the administrator reads what happened in the audit log', async () => {
      const { page } = admin;
      await page.goto('/admin/audit');
      await expect(page.getByRole('cell', { name: businessName }).first()).toBeVisible();
      await expect(page.getByRole('cell', { name: churchName }).first()).toBeVisible();
    });
  });
});

async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/user/profile');
  return ((await response.json()) as Envelope<{ user: { userId: string } }>).data.user.userId;
}
