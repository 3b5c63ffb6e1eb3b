import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import type { Category } from '@churchtrades/shared/category';
import type { Envelope } from '@churchtrades/shared/envelope';
import { demoEmail, logInDirectly, newVerifiedAccount } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * Being found: the map of the search results (tiles from a stand-in on loopback), "Near me", and the public
 * page of a business, against the real server. The businesses are listed at a church whose "Moderated" switch
 * is off, so they are listed as they are submitted.
 */

const ACLAND_STREET = { latitude: -37.8676, longitude: 144.9809 };
const PASSWORD = 'Organ-practice-on-thursday-4';

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** A church in VIC that lists its businesses without waiting for a moderator. */
async function unmoderatedChurch(admin: Page, name: string): Promise<string> {
  const { church } = await dataOf<{ church: { churchId: string } }>(
    await admin.request.post('/api/churches/register', {
      data: { name, stateType: 'VIC', suburb: 'St Kilda', postcode: '3182', ...ACLAND_STREET },
    }),
  );
  await dataOf(await admin.request.patch(`/api/churches/toggleModerated?churchId=${church.churchId}`));
  return church.churchId;
}

/** A new owner's business at the church, with an address on Acland Street; its id. */
async function listedBusiness(browser: Browser, churchId: string, name: string, lastName: string): Promise<{ page: Page; id: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = await newVerifiedAccount(page, 'Aoife', lastName, PASSWORD);
  await logInDirectly(page, email, PASSWORD);
  const { categories } = await dataOf<{ categories: Category[] }>(await page.request.get('/api/category/main_categories'));
  const { trade } = await dataOf<{ trade: { id: string; listingState: string } }>(
    await page.request.post('/api/trades/new', {
      data: { name, brief: 'Piano tuning and repairs', mainCategoryId: categories[0]!.id, stateType: 'VIC', churchId },
    }),
  );
  expect(trade.listingState).toBe('LISTED');
  await dataOf(
    await page.request.post('/api/address/create', {
      data: {
        entityId: trade.id,
        fullAddress: '12 Acland St, St Kilda VIC 3182',
        suburb: 'St Kilda',
        stateType: 'VIC',
        postcode: '3182',
        ...ACLAND_STREET,
      },
    }),
  );
  return { page, id: trade.id };
}

/** Makes the business work online only: SPEC §1 keeps it off the map. */
async function onlineOnly(owner: Page, tradeId: string): Promise<void> {
  await dataOf(await owner.request.patch(`/api/trades/toggletradeonline?key=${tradeId}`));
  await dataOf(await owner.request.patch(`/api/trades/toggletradeatbusiness?key=${tradeId}`));
}

test.describe('find and be found', () => {
  test('the map shows the filtered businesses, none online-only, and a popup leads to the business page', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const admin = await (await browser.newContext()).newPage();
    await logInDirectly(admin, demoEmail('ADMIN'));
    const churchId = await unmoderatedChurch(admin, `Sacred Heart St Kilda ${stamp}`);
    const onTheMap = `Acland Piano Tuning ${stamp}`;
    const online = `Online Piano Lessons ${stamp}`;
    const shop = await listedBusiness(browser, churchId, onTheMap, 'Brennan');
    const lessons = await listedBusiness(browser, churchId, online, 'Quinn');
    await onlineOnly(lessons.page, lessons.id);

    await page.goto(`/?state=VIC&church=${churchId}`);
    await expect(page.getByRole('heading', { name: online })).toBeVisible();
    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click();
    await expect(page).toHaveURL(/[?&]view=map(&|$)/);

    const map = page.getByRole('region', { name: 'Map of businesses' });
    await expect(page.getByText('1 business on the map')).toBeVisible();
    await expect(map.getByText('The map cannot be shown right now.')).toHaveCount(0);
    await expect(map.getByRole('button', { name: online })).toHaveCount(0);
    await map.getByRole('button', { name: onTheMap }).click();
    await map.getByRole('link', { name: 'View business' }).click();

    await expect(page).toHaveURL(new RegExp(`${businessPath(shop.id, onTheMap)}$`));
    await expect(page.getByRole('heading', { level: 1, name: onTheMap })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    await expect(page.getByRole('region', { name: `Map of ${onTheMap}` })).toBeVisible();

    await test.step('the first answer of the page carries its title, canonical link and JSON-LD', async () => {
      const response = await page.request.get(businessPath(shop.id, 'another-slug'));
      const html = await response.text();
      expect(html).toContain(`<title>${onTheMap}`);
      expect(html).toContain(`<link rel="canonical" href="${new URL(businessPath(shop.id, onTheMap), page.url()).href}"`);
      const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? '';
      expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'LocalBusiness', name: onTheMap });
    });
  });

  test('"Near me" orders the results by distance from the visitor and shows it', async ({ browser }) => {
    const context = await browser.newContext({ geolocation: ACLAND_STREET, permissions: ['geolocation'] });
    const page = await context.newPage();
    await page.goto('/?state=VIC');

    await page.getByRole('button', { name: 'Near me' }).click();

    await expect(page.getByText('Nearest to you first')).toBeVisible();
    await expect(page).toHaveURL(/[?&]near=-37\.868(%2C|,)144\.981/);
    const distances = page.getByText(/^\d+(\.\d)? km away$/);
    await expect(distances.first()).toBeVisible();
    const kilometres = (await distances.allTextContents()).map((text) => Number.parseFloat(text));
    expect(kilometres.length).toBeGreaterThan(1);
    expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  });
});
