import { MESSAGES } from '@churchtrades/shared/messages';
import type { Envelope } from '@churchtrades/shared/envelope';
import { reviewerDisplayName } from '@churchtrades/shared/reviews';
import type { TradePage } from '@churchtrades/shared/trade-search';
import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO_INVITED_REVIEWER, NEIGHBOUR_MODERATOR_EMAIL } from '../../apps/server/src/db/seed/demo-people';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { demoEmail, logInDirectly, mailTo, openLink } from './account-helpers';
import { answerOf } from './directory-helpers';
import { expect, test } from './fixtures';

/** Types into a field reached with the Tab key, as a keyboard-only visitor fills a form. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Presses a button reached with the Tab key. */
async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const REVIEW = 'Ruth came home to a bathroom retiled in two days, tidy and exactly as quoted. We would ask them again.';
const ANSWER = 'Thank you, Ruth: it was a pleasure to work on your bathroom.';
const REPORT = 'I do not believe this customer exists; the wording reads like an advertisement.';
const REMOVAL = 'The reviewer could not show that the work was done.';
const REVIEWER = reviewerDisplayName(DEMO_INVITED_REVIEWER.name);
/** A documentation address (RFC 5737): the invited visitor's own network. */
const VISITOR_ADDRESS = '203.0.113.41';

/**
 * A review's whole way, keyboard only: the demo trader's business answered a visitor's enquiry 16 days before the
 * first start, so the server invited the visitor to review it; they write the review from the invitation's link,
 * the owner answers it publicly, another visitor reports it, a moderator of another church (no conflict of
 * interest) removes it, and the business page keeps a public note of the removal.
 */
test.describe('reviews', () => {
  test('an invited visitor reviews, the owner answers, a visitor reports, another church removes, the note shows', async ({ page, browser }) => {
    // Five pages checked with axe, on a machine that may be busy.
    test.setTimeout(240_000);
    // The visitor writes from home, not from the network the demo trader logs in from: every page of the suite comes
    // from loopback, and a review from its business's owner's network is held for a moderator.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': VISITOR_ADDRESS });
    const invitation = await mailTo(DEMO_INVITED_REVIEWER.email, 'How was');
    const tradeName = /^How was (.+)\?$/.exec(invitation.subject)?.[1];
    expect(tradeName, 'the business the invitation names').toBeTruthy();

    await openLink(page, invitation, '/reviews/write');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tradeName!);
    await tabTo(page, page.getByRole('radio', { name: 'I was a customer', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('radio', { name: '1 star', exact: true }));
    await page.keyboard.press('Space');
    for (let more = 0; more < 4; more += 1) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await typeInto(page, page.getByLabel('Your review'), REVIEW);
    expect(await blockingViolations(page), 'axe on the review form').toEqual([]);
    await press(page, page.getByRole('button', { name: 'Publish the review' }));
    await expect(page.getByText(MESSAGES.reviewPublished)).toBeVisible();

    const owner = await newPage(browser);
    await logInDirectly(owner, demoEmail('TRADER'));
    await owner.goto('/trade/reviews');
    const received = owner.getByRole('article', { name: REVIEWER }).filter({ hasText: REVIEW });
    await expect(received).toBeVisible();
    await typeInto(owner, received.getByLabel('Answer publicly'), ANSWER);
    expect(await blockingViolations(owner), 'axe on the owner’s reviews').toEqual([]);
    await press(owner, received.getByRole('button', { name: 'Publish answer' }));
    await expect(received.getByText(ANSWER)).toBeVisible();

    const search = await answerOf<{ trades: { content: { id: string; name: string }[] } }>(
      page.request,
      `/api/trades/clientFilter?searchText=${encodeURIComponent(tradeName!)}`,
    );
    const trade = search.trades.content.find((card) => card.name === tradeName);
    expect(trade, 'the business in search').toBeTruthy();

    const visitor = await newPage(browser);
    await visitor.goto(`/business/${trade!.id}`);
    const published = visitor.getByRole('article', { name: REVIEWER }).filter({ hasText: REVIEW });
    await expect(published).toBeVisible();
    await expect(published.getByText(`Answer from ${tradeName}`)).toBeVisible();
    await expect(published.getByText(ANSWER)).toBeVisible();
    await press(visitor, published.getByRole('button', { name: `Report the review by ${REVIEWER}` }));
    const reportDialog = visitor.getByRole('dialog', { name: `Report the review by ${REVIEWER}` });
    await expect(reportDialog.getByLabel('Why do you report this review?')).toBeFocused();
    await visitor.keyboard.type(REPORT);
    expect(await blockingViolations(visitor), 'axe on the report').toEqual([]);
    await press(visitor, reportDialog.getByRole('button', { name: 'Report the review' }));
    await expect(visitor.getByText(MESSAGES.reviewReported)).toBeVisible();

    const moderator = await newPage(browser);
    await logInDirectly(moderator, NEIGHBOUR_MODERATOR_EMAIL);
    await moderator.goto('/moderation/reviews');
    const reported = moderator.getByRole('article', { name: `${REVIEWER}'s review of ${tradeName}` });
    await expect(reported.getByText(REPORT)).toBeVisible();
    expect(await blockingViolations(moderator), 'axe on the moderators’ reviews').toEqual([]);
    await press(moderator, reported.getByRole('button', { name: 'Remove', exact: true }));
    const removeDialog = moderator.getByRole('dialog', { name: `Remove ${REVIEWER}'s review of ${tradeName}?` });
    await expect(removeDialog.getByLabel('Reason, shown publicly')).toBeFocused();
    await moderator.keyboard.type(REMOVAL);
    await press(moderator, removeDialog.getByRole('button', { name: 'Remove review' }));
    await expect(moderator.getByText(MESSAGES.reviewRemoved)).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText(new RegExp(`^A review was removed on \\d{1,2} \\w+ \\d{4}: ${REMOVAL}$`))).toBeVisible();
    await expect(visitor.getByText(REVIEW)).toHaveCount(0);
    expect(await blockingViolations(visitor), 'axe on the business page with its note').toEqual([]);

    for (const opened of [owner, visitor, moderator]) await opened.context().close();
  });
});

test.describe('4 stars and up', () => {
  test('a visitor keeps the businesses rated 4 stars and up, with their stars on the cards, and the address keeps it', async ({ page }) => {
    await page.goto('/');
    // The page settles its first search in the URL: a tick made meanwhile could be undone by it.
    await page.waitForLoadState('networkidle');
    const filter = page.getByRole('checkbox', { name: '4 stars and up' });
    const answer = page.waitForResponse((response) => response.url().includes('/api/trades/clientFilter'));
    await tabTo(page, filter);
    await page.keyboard.press('Space');
    const rated = ((await (await answer).json()) as Envelope<{ trades: TradePage }>).data.trades;

    await expect(page).toHaveURL(/[?&]minRating=4(&|$)/);
    expect(rated.totalElements).toBeGreaterThan(0);
    expect(rated.content.every(({ rating }) => rating !== null && rating.average >= 4)).toBe(true);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(rated.content.length);
    for (const card of await cards.all()) {
      await expect(card.getByRole('img', { name: /^\d\.\d out of 5 stars from \d+ reviews$/ })).toBeVisible();
    }
    expect(await blockingViolations(page), 'axe on the rated businesses').toEqual([]);

    await page.reload();
    await expect(filter).toBeChecked();
    await expect(cards).toHaveCount(rated.content.length);
  });
});
