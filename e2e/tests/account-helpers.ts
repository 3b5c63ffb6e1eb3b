import type { Cookie, Page } from '@playwright/test';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { UserView } from '@churchtrades/shared/user';
import { type CaughtMail, linkIn, waitForMailInDir } from '../../apps/server/test/mail-catcher';
import { serverOfWorker } from '../servers';
import { expect, test } from './fixtures';

/** The password of the seeded demo accounts (`<role>@demo.churchtrades.au`), as the global setup gave it to the server. */
export function demoPassword(): string {
  const password = process.env.DEMO_PASSWORD;
  if (!password) throw new Error('DEMO_PASSWORD is not set: the global setup did not start the server');
  return password;
}

export function demoEmail(role: string): string {
  return `${role.toLowerCase()}@demo.churchtrades.au`;
}

let addresses = 0;

/** An address no other test registers. */
export function newEmail(name: string): string {
  addresses += 1;
  return `${name}.${Date.now()}.${addresses}@example.com.au`;
}

/** The newest mail to `to` whose subject contains `subject`, as this worker's server sent it to its catcher. */
export async function mailTo(to: string, subject: string): Promise<CaughtMail> {
  const { mailDir } = serverOfWorker(test.info().parallelIndex);
  return waitForMailInDir(mailDir, to, { subject, timeoutMs: 10_000 });
}

/** The link of the mail to this path, opened as a person clicking it would. */
export async function openLink(page: Page, mail: CaughtMail, pathname: string): Promise<void> {
  await page.goto(linkIn(mail, pathname));
}

/** Fills in and sends the login screen the page shows. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const VERIFY_SUBJECT = 'Verify your ChurchTrades account';

let signUps = 0;

/**
 * A documentation address (RFC 5737) of its own for each registration this worker makes through the API: one
 * server takes more sign-ups from its tests than the limit lets one network make in an hour.
 */
function newSignUpAddress(): string {
  signUps += 1;
  return `198.51.100.${(signUps % 254) + 1}`;
}

/**
 * Registers a new person through the API and verifies the account from the e-mailed link, on this page:
 * for tests that change an account, so that the demo accounts other tests log in with stay as seeded.
 */
export async function newVerifiedAccount(page: Page, firstName: string, lastName: string, password: string): Promise<string> {
  const email = newEmail(lastName.toLowerCase());
  const response = await page.request.post('/api/user/register', {
    data: { firstName, lastName, email, password },
    headers: { 'x-forwarded-for': newSignUpAddress() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await openLink(page, await mailTo(email, VERIFY_SUBJECT), '/verify/account');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.accountVerified);
  return email;
}

interface KeptSession {
  cookies: Cookie[];
  user: UserView;
}

// Sessions of earlier logins in this worker, by e-mail and password: the server counts logins per address, and
// every test comes from the same one, so a session still valid is used again instead of logging in anew.
const keptSessions = new Map<string, KeptSession>();

async function markLoggedIn(page: Page, role: string): Promise<void> {
  // Storage belongs to the site's origin: a page of it must be open to write there.
  await page.goto('/about');
  await page.evaluate(`localStorage.setItem('isLoggedIn', 'true'); localStorage.setItem('role', ${JSON.stringify(role)});`);
}

async function reuseSession(page: Page, kept: KeptSession): Promise<boolean> {
  await page.context().addCookies(kept.cookies);
  return (await page.request.get('/api/user/profile')).ok();
}

/**
 * Logs the browser in without the login screen, for tests about what comes after it: the session cookie
 * from the API, and the marks the login screen would have left in the browser's storage.
 */
export async function logInDirectly(page: Page, email: string, password = demoPassword()): Promise<UserView> {
  const key = `${email}\n${password}`;
  const kept = keptSessions.get(key);
  if (kept && (await reuseSession(page, kept))) {
    await markLoggedIn(page, kept.user.role);
    return kept.user;
  }
  const response = await page.request.post('/api/user/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as Envelope<{ user: UserView }>;
  keptSessions.set(key, { cookies: await page.context().cookies(), user: data.user });
  await markLoggedIn(page, data.user.role);
  return data.user;
}

/** A mark the web app keeps in the browser's storage ('isLoggedIn', 'role') for the open page's origin. */
export async function storedMark(page: Page, name: string): Promise<string | null> {
  const { origins } = await page.context().storageState();
  const site = origins.find((entry) => entry.origin === new URL(page.url()).origin);
  return site?.localStorage.find((entry) => entry.name === name)?.value ?? null;
}

/** Logout from the user's menu in the top bar. */
export async function logOut(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Uncaught exceptions and console errors of the page, except the browser's own line for each refused
 * request: a refused login is an expected 401.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
