import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import { NEW_SOCIAL_MEDIA_REFERENCE_ID } from '@churchtrades/shared/social-media';
import { demoEmail, logInDirectly, mailTo, newVerifiedAccount } from './account-helpers';
import { expect, test } from './fixtures';

/**
 * Stored cross-site scripting: every text a person can save (account, business, address, social media,
 * church, category, moderation reason) is saved holding markup, then every page that shows it is opened.
 * Nothing the text holds may run or become an element: no dialog opens, no injected element or handler is
 * in the page, no link leads to a `javascript:` URL, and the text shows as typed. The business page's first
 * HTML (title, meta tags, JSON-LD) keeps it escaped as well.
 *
 * The pages are opened with the Content-Security-Policy bypassed: the policy would block an injected inline
 * handler by itself, and these tests are about the escaping beneath it.
 */

test.use({ bypassCSP: true });

const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';
const SCRIPT_END = '</script><script>alert(1)</script>';
const SCRIPT_URL = 'javascript:alert(1)';

/** Every dialog a page opens: a payload that ran. Each is dismissed so the page goes on. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

interface Person {
  page: Page;
  dialogs: string[];
}

async function personOn(browser: Browser): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  return { page, dialogs: watchDialogs(page) };
}

async function sent<T>(answer: ReturnType<APIRequestContext['fetch']>): Promise<T> {
  const response = await answer;
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** Nothing of the payloads became part of the page: no element, no handler, no script link, no dialog. */
async function expectInert(person: Person, where: string): Promise<void> {
  const { page } = person;
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]'), `injected element on ${where}`).toHaveCount(
    0,
  );
  // The link as the browser resolved it: it drops the tabs and line breaks a scheme may be hidden with.
  const scriptLinks = await page
    .locator('a[href], area[href]')
    .evaluateAll((links) =>
      links.map((link) => String((link as { href?: unknown }).href)).filter((href) => /^javascript:/i.test(href)),
    );
  expect(scriptLinks, `javascript: links on ${where}`).toEqual([]);
  expect(person.dialogs, `dialogs on ${where}`).toEqual([]);
}

async function open(person: Person, path: string, ready: (page: Page) => Locator): Promise<void> {
  await person.page.goto(path);
  await expect(ready(person.page).first()).toBeVisible();
  await person.page.waitForLoadState('networkidle');
}

/** Each text shows in the page (or in a field) exactly as it was typed. */
async function expectLiteral(scope: Page | Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text, { exact: false }).first()).toBeVisible();
}

const capture = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** Every text a person can save, each holding one or more of the payloads. */
function textsHoldingMarkup(word: string, stamp: number) {
  return {
    churchName: `St ${word} ${IMG}`,
    churchSuburb: `${SVG} Ryde`,
    mainCategory: `${word} Trades ${IMG}`,
    mainTags: `${SVG}, ${SCRIPT_URL}`,
    subCategory: `${SVG} Tiling ${stamp}`,
    subTags: `grout ${IMG}`,
    firstName: `Ines ${IMG}`,
    lastName: `${SVG} Kowalczyk`,
    // A phone holds only digits, spaces and + ( ) -: no markup gets in; it is still shown everywhere it was.
    phone: `0400 ${String(stamp).slice(-3)} 456`,
    bio: `Tiler ${SVG} ${SCRIPT_END}`,
    name: `${word} Tiling ${IMG} ${SVG}`,
    brief: `Bathrooms ${word} ${IMG} ${SVG} ${SCRIPT_END}`,
    service: `Bathrooms\n${IMG}\n${SVG}`,
    tagOne: IMG,
    tagTwo: SVG,
    street: `${IMG} Street`,
    fullAddress: `12 ${IMG} Street, ${SVG} Ryde NSW 2112`,
    addressSuburb: `${SVG} Ryde`,
    website: `https://tiling-${stamp}.example.com.au/${SVG}`,
    facebook: `https://www.facebook.com/${SVG}`,
    reason: `Reason ${stamp} ${IMG} ${SVG} ${SCRIPT_URL}`,
  };
}

type Texts = ReturnType<typeof textsHoldingMarkup>;
type Categories = { categories: { id: number; name: string }[] };

/** The church (its id is returned), a main category and a sub category of it, as an administrator saves them. */
async function saveChurchAndCategories(request: APIRequestContext, text: Texts): Promise<string> {
  const { church } = await sent<{ church: { churchId: string } }>(
    request.post('/api/churches/register', {
      data: { name: text.churchName, stateType: 'NSW', suburb: text.churchSuburb, postcode: '2112' },
    }),
  );
  const { category: main } = await sent<{ category: { id: number } }>(
    request.post('/api/category/create', { data: { name: text.mainCategory, tags: text.mainTags, parentId: -1 } }),
  );
  await sent(
    request.post('/api/category/create', { data: { name: text.subCategory, tags: text.subTags, parentId: main.id } }),
  );
  return church.churchId;
}

async function saveAccount(request: APIRequestContext, text: Texts, email: string): Promise<void> {
  const { firstName, lastName, bio, phone } = text;
  await sent(request.patch('/api/user/update', { data: { firstName, lastName, email, bio, phone } }));
}

/** The owner's business (its id is returned) in the new categories, with its profile, address and links. */
async function saveBusiness(request: APIRequestContext, text: Texts, churchId: string): Promise<string> {
  const mains = await sent<Categories>(request.get('/api/category/main_categories'));
  const main = mains.categories.find((category) => category.name === text.mainCategory);
  if (!main) throw new Error('The new main category is not offered');
  const subs = await sent<Categories>(request.get(`/api/category/sub_categories?parent_id=${main.id}`));
  const sub = subs.categories.find((category) => category.name === text.subCategory);
  if (!sub) throw new Error('The new sub category is not offered');

  const { name, brief, service } = text;
  const { trade } = await sent<{ trade: { id: string } }>(
    request.post('/api/trades/new', {
      data: { name, brief, mainCategoryId: main.id, categoryId: sub.id, stateType: 'NSW', churchId },
    }),
  );
  const tags = `${text.tagOne}, ${text.tagTwo}`;
  await sent(
    request.patch('/api/trades/updateTradeProfile', {
      data: { tradeId: trade.id, name, brief, service, tags, churchId, categoryId: sub.id },
    }),
  );
  await sent(
    request.post('/api/address/create', {
      data: {
        entityId: trade.id,
        fullAddress: text.fullAddress,
        streetNbr: '12',
        streetName: text.street,
        streetType: 'St',
        suburb: text.addressSuburb,
        stateType: 'NSW',
        postcode: '2112',
        latitude: -33.8151,
        longitude: 151.1043,
        showStreetAddress: true,
      },
    }),
  );
  for (const [mediaType, link] of [
    ['WEBSITE', text.website],
    ['FACEBOOK', text.facebook],
  ] as const) {
    await sent(
      request.post('/api/socialMedia/create', {
        data: { entityId: trade.id, name: link, mediaType, referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID },
      }),
    );
  }
  return trade.id;
}

test('text holding markup is saved everywhere and shown as text on every page that shows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  // One word no other business has, to find everything by.
  const word = `Quokka${stamp}`;
  const text = textsHoldingMarkup(word, stamp);

  const ownerName = `${text.firstName} ${text.lastName}`;
  const admin = await personOn(browser);
  const owner = await personOn(browser);
  const visitor = await personOn(browser);
  await logInDirectly(admin.page, demoEmail('ADMIN'));
  const password = 'Grout-lines-straight-as-pews-8';
  const ownerEmail = await newVerifiedAccount(owner.page, 'Ines', 'Kowalczyk', password);
  const ownerUser = await logInDirectly(owner.page, ownerEmail, password);
  let tradeId = '';
  let churchId = '';

  await test.step('an administrator saves a church and categories holding markup', async () => {
    churchId = await saveChurchAndCategories(admin.page.request, text);
  });

  await test.step('the owner saves an account, a business, an address and social media holding markup', async () => {
    await saveAccount(owner.page.request, text, ownerEmail);
    tradeId = await saveBusiness(owner.page.request, text, churchId);
  });

  await test.step('links that would run a script are refused on input', async () => {
    const refused = [
      ['WEBSITE', SCRIPT_URL],
      ['WEBSITE', ' JavaScript:alert(1)//example.com.au'],
      ['WEBSITE', 'data:text/html,<script>alert(1)</script>'],
      ['FACEBOOK', SCRIPT_URL],
      ['FACEBOOK', IMG],
      ['INSTAGRAM', 'javascript://www.instagram.com/%0aalert(1)'],
    ] as const;
    for (const [mediaType, name] of refused) {
      const response = await owner.page.request.post('/api/socialMedia/create', {
        data: { entityId: tradeId, name, mediaType, referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID },
      });
      expect(response.status(), `${mediaType} ${name}`).toBe(400);
    }
  });

  await test.step('the moderation queue and the business as a moderator reads it', async () => {
    await open(admin, `/moderation?church=${churchId}`, (page) => page.getByRole('article', { name: text.name }));
    const card = admin.page.getByRole('article', { name: text.name });
    await expectLiteral(card, [text.brief, text.tagOne, text.churchName, text.fullAddress, text.phone, text.website, ownerName]);
    await expect(card).toContainText(text.service);
    await expectInert(admin, 'the moderation queue');
  });

  await test.step('a moderator rejects it with a reason holding markup; the owner and moderator read it', async () => {
    await sent(
      admin.page.request.patch('/api/moderation/decide', { data: { tradeId, decision: 'REJECT', reason: text.reason } }),
    );
    await open(admin, `/moderation/trades/${tradeId}`, (page) => page.getByRole('heading', { name: text.name }));
    await expectLiteral(admin.page, [text.reason]);
    await expectInert(admin, 'the rejected business to its moderator');

    await open(owner, '/trade/profile', (page) => page.getByText(`Rejected: ${text.reason}`));
    await expectInert(owner, "the owner's rejected business");

    const mail = await mailTo(ownerEmail, 'Your business was not approved on ChurchTrades');
    expect(mail.html).not.toContain(IMG);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  await test.step('the owner resubmits it and the moderator approves it', async () => {
    await sent(owner.page.request.patch('/api/trades/resubmit', { data: { tradeId } }));
    await sent(admin.page.request.patch('/api/moderation/decide', { data: { tradeId, decision: 'APPROVE' } }));
  });

  await test.step("the search page's card", async () => {
    await open(visitor, `/?q=${word}`, (page) => page.getByRole('heading', { name: text.name }));
    const card = visitor.page.getByRole('article').filter({ has: visitor.page.getByRole('heading', { name: text.name }) });
    await expectLiteral(card, [text.brief.slice(0, 60), text.fullAddress, text.phone, ownerName]);
    await expect(card.getByRole('link', { name: `tiling-${stamp}.example.com.au` })).toHaveAttribute('href', /^https:\/\//);
    await expectInert(visitor, 'the search page');
  });

  await test.step("the map's popup", async () => {
    await open(visitor, `/?view=map&q=${word}`, (page) => page.getByRole('button', { name: text.name }));
    await visitor.page.getByRole('button', { name: text.name }).click();
    const popup = visitor.page.locator('.leaflet-popup-content');
    await expect(popup.locator('strong')).toHaveText(text.name);
    await expect(popup).toContainText(text.mainCategory);
    await expectInert(visitor, 'the map');
  });

  await test.step("the business's page", async () => {
    await open(visitor, `/business/${tradeId}`, (page) => page.getByRole('heading', { name: text.name, level: 1 }));
    const { page } = visitor;
    await expect(page).toHaveTitle(`${text.name} · ChurchTrades`);
    await expectLiteral(page, [text.brief, text.fullAddress, text.phone, text.mainCategory, text.subCategory, text.churchName, ownerName]);
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('listitem')).toHaveText([text.tagOne, text.tagTwo]);
    await expect(page.getByRole('region', { name: 'Services' })).toContainText(text.service);
    for (const link of await page.getByRole('link', { name: /Website|Facebook/ }).all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expectInert(visitor, "the business's page");
  });

  await test.step("the business page's first HTML keeps the text escaped in its head and JSON-LD", async () => {
    const response = await visitor.page.request.get(`/business/${tradeId}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const raw of ['<img src=x', '<svg onload', '<script>alert']) expect(html).not.toContain(raw);
    const escapedName = `${word} Tiling &lt;img src=x onerror=alert(1)&gt; &quot;&gt;&lt;svg onload=alert(1)&gt;`;
    expect(capture(html, /<title>([^<]*)<\/title>/)).toContain(escapedName);
    expect(capture(html, /<meta property="og:title" content="([^"]*)" \/>/)).toContain(escapedName);
    expect(capture(html, /<meta name="description" content="([^"]*)" \/>/)).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    // Every script element ends where it should: the JSON-LD cannot close its own early and open another.
    expect(html.match(/<script\b/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    const json = capture(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      name: text.name,
      description: text.brief,
      telephone: text.phone,
      address: { addressLocality: text.addressSuburb },
    });
  });

  await test.step("the owner's pages", async () => {
    const { page } = owner;
    await open(owner, '/trade/profile', (p) => p.getByRole('heading', { name: 'Profile' }));
    await expect(page.getByText('Listed', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(text.name);
    await expect(page.getByLabel('Brief (iBusiness-Card)', { exact: true })).toHaveValue(text.brief);
    await expect(page.getByLabel('Service(s)', { exact: true })).toHaveValue(text.service);
    await expect(page.getByLabel('Own Tags', { exact: true })).toHaveValue(`${text.tagOne}, ${text.tagTwo}`);
    await expect(page.getByLabel('Automated System Tags', { exact: true })).toHaveValue(new RegExp(escapeForPattern(text.subTags)));
    await expect(page.getByLabel('Serving Church Geo', { exact: true })).toHaveValue(new RegExp(escapeForPattern(text.churchSuburb)));
    await expect(page.getByLabel('Church', { exact: true }).locator('option:checked')).toHaveText(text.churchName);
    await expect(page.getByLabel('Sub category', { exact: true }).locator('option:checked')).toHaveText(text.subCategory);
    await expectLiteral(page, [ownerName, text.phone]);
    await expectInert(owner, "the owner's profile page");

    await open(owner, `/trade/address/${tradeId}`, (p) => p.getByRole('heading', { name: 'Address' }));
    await expect(page.getByLabel('Current Address', { exact: true })).toHaveValue(text.fullAddress);
    await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue(text.addressSuburb);
    await expectInert(owner, "the owner's address page");

    await open(owner, `/trade/media/${tradeId}`, (p) => p.getByRole('heading', { name: 'Social Media' }));
    await expect(page.getByRole('link', { name: text.website })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('link', { name: text.facebook })).toHaveAttribute('href', /^https:\/\//);
    await expectInert(owner, "the owner's social media page");

    await open(owner, '/account/profile', (p) => p.getByRole('heading', { name: 'Profile' }));
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue(text.firstName);
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue(text.lastName);
    await expect(page.getByLabel('Bio', { exact: true })).toHaveValue(text.bio);
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(text.phone);
    await expect(page.getByRole('banner').getByRole('button', { name: ownerName })).toBeVisible();
    await expectInert(owner, "the owner's account page");
  });

  await test.step("the administration's lists and pages", async () => {
    const { page } = admin;
    await open(admin, `/admin/churches?name=${word}`, (p) => p.getByRole('link', { name: text.churchName }));
    await expectLiteral(page, [text.churchSuburb]);
    await expectInert(admin, 'the list of churches');

    await open(admin, `/admin/churches/${churchId}`, (p) => p.getByRole('heading', { name: text.churchName }));
    await expect(page.getByLabel('Church name').first()).toHaveValue(text.churchName);
    await expect(page.getByLabel('Suburb').first()).toHaveValue(text.churchSuburb);
    await expectInert(admin, "the church's page");

    await open(admin, '/admin/categories', (p) => p.getByRole('heading', { name: text.mainCategory }));
    const main = page.getByRole('region', { name: text.mainCategory });
    await expectLiteral(main, [`Tags: ${text.mainTags}`, text.subCategory, `Tags: ${text.subTags}`]);
    await expectInert(admin, 'the categories');

    await open(admin, `/admin/users?searchText=${encodeURIComponent(ownerEmail)}`, (p) =>
      p.getByRole('link', { name: ownerName }),
    );
    await expectInert(admin, 'the list of users');

    await open(admin, `/admin/users/${ownerUser.userId}`, (p) =>
      p.getByRole('heading', { name: ownerName }),
    );
    await expectLiteral(page, [text.phone]);
    await expectInert(admin, "the user's page");

    await open(admin, `/admin/trades?name=${word}`, (p) => p.getByRole('cell', { name: text.name }).first());
    await expectInert(admin, 'the list of businesses');

    await open(admin, `/admin/audit?actor=${encodeURIComponent(demoEmail('ADMIN'))}`, (p) =>
      p.getByRole('cell', { name: text.name }).first(),
    );
    await expectLiteral(page, [text.churchName, text.mainCategory]);
    await expectInert(admin, 'the audit log');

    await open(admin, `/?q=${word}&state=NSW`, (p) => p.getByRole('heading', { name: text.name }));
    await expectInert(admin, 'the search page with its filters');
  });

  for (const person of [admin, owner, visitor]) expect(person.dialogs).toEqual([]);
});

function escapeForPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
