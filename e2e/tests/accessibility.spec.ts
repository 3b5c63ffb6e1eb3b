import type { Locator, Page } from '@playwright/test';
import type { Envelope } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { demoEmail, demoPassword, logInDirectly, newEmail } from './account-helpers';
import { blockingViolations, tabTo } from './accessibility-helpers';
import { expect, test } from './fixtures';

/**
 * Every page of the web app, as a visitor, a business owner, a moderator and an administrator see it, at a
 * phone's width and a desktop's, passes axe without a serious or critical violation; so do the states a page
 * opens into (the phone menu, the user's menu, a form's errors, a map's popup, a reason to reject). The login
 * and register forms are filled in and sent with the keyboard alone.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

interface Screen {
  path: string;
  /** Shown once the page has loaded what it shows. */
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

async function dataOf<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** The page as it is now has no serious or critical violation; soft, so one run lists every page's. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await blockingViolations(page), `axe on ${what} at ${page.viewportSize()?.width}px`).toEqual([]);
}

async function visit(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible();
  // Lazy pages and their data arrive after the first paint; axe must see what a person sees.
  await page.waitForLoadState('networkidle');
}

async function expectScreensAccessible(page: Page, screens: readonly Screen[]): Promise<void> {
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await visit(page, screen);
      await expectAccessible(page, screen.path);
    });
  }
}

/** A map has drawn its tiles, so its controls and attribution are there for axe to see. */
const mapDrawn = (page: Page) => page.locator('.leaflet-tile-loaded').first();

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every public page, to a visitor', async ({ page }) => {
      test.setTimeout(180_000);
      const { trades } = await dataOf<{ trades: { content: { id: string; name: string }[] } }>(
        page,
        '/api/trades/clientFilter?page=0&size=9',
      );
      const listed = trades.content[0];
      if (!listed) throw new Error('The demo data lists no business');

      await expectScreensAccessible(page, [
        { path: '/', ready: (p) => p.getByText(/Showing 1 - 9 of \d+ results/) },
        { path: '/?view=map', ready: mapDrawn },
        { path: '/about', ready: heading('About ChurchTrades') },
        { path: '/privacypolicy', ready: heading('Privacy Policy') },
        { path: '/termsandconditions', ready: heading('Terms and Conditions') },
        { path: '/donation', ready: heading('Donations') },
        { path: `/business/${listed.id}`, ready: heading(listed.name) },
        { path: '/login', ready: heading('Login') },
        { path: '/register', ready: heading('Register') },
        { path: '/resetpassword', ready: heading('Reset Password') },
        { path: '/verify/account?key=not-a-key', ready: (p) => p.getByRole('alert') },
        { path: '/verify/password?key=not-a-key', ready: heading('Reset Password') },
        { path: '/verify/email?key=not-a-key', ready: (p) => p.getByRole('alert') },
        { path: `/verify/deletion/undo?key=${'k'.repeat(43)}`, ready: heading('Keep your account') },
        { path: '/no/such/page', ready: heading('Page Not Found') },
      ]);

      await test.step('the login and register forms showing their errors', async () => {
        await visit(page, { path: '/login', ready: heading('Login') });
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
        await expectAccessible(page, 'the login form with errors');

        await page.getByLabel('Email address').fill(newEmail('nobody'));
        await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page.getByRole('alert')).toContainText(MESSAGES.invalidCredentials);
        await expectAccessible(page, 'the login form refused');

        await visit(page, { path: '/register', ready: heading('Register') });
        await page.getByRole('button', { name: 'Register' }).click();
        await expect(page.getByText(MESSAGES.firstNameRequired)).toBeVisible();
        await expectAccessible(page, 'the register form with errors');
      });

      await test.step("a map marker's popup", async () => {
        const query = encodeURIComponent(listed.name);
        await visit(page, { path: `/?view=map&q=${query}`, ready: mapDrawn });
        await page.getByRole('button', { name: listed.name }).first().click();
        await expect(page.getByRole('link', { name: 'View business' })).toBeVisible();
        await expectAccessible(page, 'the map with a popup open');
      });

      if (viewport.name === 'phone') {
        await test.step('the phone menu, open', async () => {
          await visit(page, { path: '/about', ready: heading('About ChurchTrades') });
          await page.getByRole('button', { name: 'Toggle navigation' }).click();
          await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
          await expectAccessible(page, 'the open phone menu');
        });
      }
    });

    test("an owner's pages, with a business", async ({ page }) => {
      test.setTimeout(180_000);
      const owner = await logInDirectly(page, demoEmail('TRADER'));
      const { trade } = await dataOf<{ trade: { id: string; name: string } | null }>(
        page,
        `/api/trades/byUser/${owner.userId}`,
      );
      if (!trade) throw new Error('The demo trader has no business');

      await expectScreensAccessible(page, [
        { path: '/', ready: (p) => p.getByText(/Showing 1 - 9 of \d+ results/) },
        { path: `/business/${trade.id}`, ready: heading(trade.name) },
        { path: '/trade/profile', ready: heading('Profile') },
        { path: `/trade/address/${trade.id}`, ready: heading('Address') },
        { path: `/trade/media/${trade.id}`, ready: heading('Social Media') },
        { path: `/trade/offers/${trade.id}`, ready: heading('Subscription Needed!') },
        { path: `/trade/setting/${trade.id}`, ready: heading('Settings') },
        { path: '/trade/enquiries', ready: heading('Enquiries') },
        { path: '/trade/enquiries?folder=ANSWERED', ready: heading('Enquiries') },
        {
          path: '/trade/reviews',
          ready: (p) => p.getByRole('list', { name: 'Reviews of your business' }).or(p.getByText(/^No reviews yet/)),
        },
        { path: '/account/profile', ready: heading('Profile') },
        { path: '/account/password', ready: heading('Two-step verification') },
        { path: '/account/sessions', ready: heading('Sessions') },
        { path: '/account/data', ready: heading('Download my data') },
        { path: '/account/delete', ready: heading('Delete my account') },
      ]);

      await test.step("the user's menu, open", async () => {
        const name = `${owner.firstName} ${owner.lastName}`;
        await visit(page, { path: '/account/profile', ready: heading('Profile') });
        const banner = page.getByRole('banner');
        if (viewport.name === 'phone') {
          await banner.getByRole('button', { name: 'Toggle navigation' }).click();
          // A tap on the user's menu while the phone menu still slides open can be lost.
          await expect(banner.locator('#account-menu')).toHaveClass(/(^|\s)show(\s|$)/);
        }
        await banner.getByRole('button', { name }).click();
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
        await expectAccessible(page, "the open user's menu");
      });
    });

    test("a moderator's pages", async ({ page }) => {
      test.setTimeout(90_000);
      await logInDirectly(page, demoEmail('MODERATOR'));
      const { trades } = await dataOf<{ trades: { content: { id: string; name: string }[] } }>(
        page,
        '/api/moderation/queue?page=0',
      );
      const waiting = trades.content[0];
      if (!waiting) throw new Error('The demo moderator has no business waiting');

      await expectScreensAccessible(page, [
        { path: '/moderation', ready: heading('Queue') },
        { path: '/moderation/enquiries', ready: (p) => p.getByRole('button', { name: 'Dismiss' }).first() },
        {
          path: '/moderation/reviews',
          ready: (p) => p.getByRole('article').first().or(p.getByText('No review is reported, held or flagged.')),
        },
        { path: `/moderation/trades/${waiting.id}`, ready: heading(waiting.name) },
      ]);

      await test.step('the reason asked before rejecting', async () => {
        await page.getByRole('button', { name: 'Reject' }).click();
        await expect(page.getByLabel('Reason for rejecting')).toBeVisible();
        await expectAccessible(page, 'the reason form');
      });
    });

    test("a priest's pages: the form to list a business, and the church's businesses to read", async ({ page }) => {
      await logInDirectly(page, demoEmail('PRIEST'));

      await expectScreensAccessible(page, [
        { path: '/trade/profile', ready: heading('List your business') },
        { path: '/moderation', ready: heading('All businesses') },
      ]);
    });

    test("an administrator's pages", async ({ page }) => {
      test.setTimeout(180_000);
      await logInDirectly(page, demoEmail('ADMIN'));
      const { churches } = await dataOf<{ churches: { content: { churchId: string; name: string }[] } }>(
        page,
        '/api/churches/manage?page=0',
      );
      const { users } = await dataOf<{ users: { content: { userId: string; firstName: string; lastName: string }[] } }>(
        page,
        '/api/masterUser/filter?page=0',
      );
      const church = churches.content[0];
      const user = users.content[0];
      if (!church || !user) throw new Error('The demo data has no church or no user');

      await expectScreensAccessible(page, [
        { path: '/admin/churches', ready: heading('Register church') },
        { path: `/admin/churches/${church.churchId}`, ready: heading(church.name) },
        { path: '/admin/categories', ready: heading('New main category') },
        { path: '/admin/users', ready: (p) => p.getByRole('table') },
        { path: `/admin/users/${user.userId}`, ready: heading(`${user.firstName} ${user.lastName}`) },
        { path: '/admin/trades', ready: (p) => p.getByRole('table') },
        { path: '/admin/audit', ready: heading('Audit log') },
        { path: '/admin/mails', ready: heading('Failed emails') },
        { path: '/moderation', ready: heading('Queue') },
      ]);
    });
  });
}

test.describe('forms with the keyboard alone', () => {
  test('logs in: Tab through the fields to the button, Shift+Tab back, Enter sends', async ({ page }) => {
    const email = demoEmail('USER');
    await page.goto('/login');
    const emailField = page.getByLabel('Email address');
    const passwordField = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login' });

    await tabTo(page, emailField);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(passwordField).toBeFocused();
    await page.keyboard.type('Not-my-password-9');
    await page.keyboard.press('Tab');
    await expect(login).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText(MESSAGES.invalidCredentials);

    await tabTo(page, passwordField);
    await page.keyboard.press('Shift+Tab');
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveValue(email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(demoPassword());
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/trade\/profile$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'My Business' })).toBeVisible();
  });

  test('registers: Enter on the empty form points at the first field, then Tab through and send', async ({ page }) => {
    await page.goto('/register');
    const fields = ['First name', 'Last name', 'Email address', 'Password'].map((label) =>
      page.getByLabel(label, { exact: true }),
    );
    const [firstName, lastName, email, password] = fields as [Locator, Locator, Locator, Locator];
    const register = page.getByRole('button', { name: 'Register' });

    await tabTo(page, firstName);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.firstNameRequired)).toBeVisible();
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');

    const values = ['Ines', 'Kowalczyk', newEmail('kowalczyk'), 'Bells-over-the-harbour-at-noon-2'];
    for (const [index, value] of values.entries()) {
      await expect(fields[index]!).toBeFocused();
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    // The hidden field robots fill is out of the tab order: the button comes straight after the password.
    await expect(register).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(lastName).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(register).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('alert')).toContainText(MESSAGES.registrationSuccessful);
  });
});
