import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { businessPath } from '@churchtrades/shared/business-page';
import type { TradeCard } from '@churchtrades/shared/trade-search';
import { answerOf } from './directory-helpers';
import { expect, test } from './fixtures';

/**
 * The HTML is valid: the W3C Nu HTML Checker (vnu.jar, from the vnu-jar package; it needs Java 17 or newer)
 * finds no error in the pages as the server sends them, nor in the public pages' DOM once React has rendered
 * them. Every document is written to a folder and checked in one run, as the checker's start takes seconds.
 */
const run = promisify(execFile);
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const JAVA = process.env.JAVA ?? 'java';

interface CheckerMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

async function javaVersion(): Promise<string> {
  try {
    const { stderr } = await run(JAVA, ['-version']);
    return stderr.split('\n')[0] ?? '';
  } catch {
    throw new Error(
      `No Java found ("${JAVA}"): the HTML checker (vnu.jar) needs Java 17 or newer. ` +
        'Install it (Debian: apt-get install default-jre-headless) or name it in JAVA.',
    );
  }
}

/** The checker's errors about the files, each as "file:line: message (extract)". */
async function checkerErrors(files: string[]): Promise<string[]> {
  // The checker exits 1 when it finds an error; its JSON report goes to stderr either way.
  const stderr = await run(JAVA, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stderr: output }) => output,
    (error: { stderr?: string; message: string }) => error.stderr || error.message,
  );
  const { messages } = JSON.parse(stderr) as { messages: CheckerMessage[] };
  return messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => {
      const file = path.basename(message.url ?? '');
      return `${file}:${message.lastLine ?? '?'}: ${message.message} (${(message.extract ?? '').trim()})`;
    });
}

/** Public pages, each with what shows once it has rendered. */
const PUBLIC_PAGES: { name: string; path: string; rendered: (page: Page) => Promise<void> }[] = [
  { name: 'search', path: '/', rendered: (page) => expect(page.getByText(/Showing \d+ - \d+ of \d+ results/)).toBeVisible() },
  { name: 'about', path: '/about', rendered: heading('About ChurchTrades') },
  { name: 'privacy', path: '/privacypolicy', rendered: heading('Privacy Policy') },
  { name: 'terms', path: '/termsandconditions', rendered: heading('Terms and Conditions') },
  { name: 'donation', path: '/donation', rendered: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'login', path: '/login', rendered: heading('Login') },
  { name: 'register', path: '/register', rendered: heading('Register') },
  { name: 'not-found', path: '/no/such/page', rendered: heading('Page Not Found') },
];

function heading(name: string) {
  return (page: Page) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('the served pages and the rendered public pages are valid HTML', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(await javaVersion()).toMatch(/version "(1[7-9]|[2-9]\d)/);
  const { trades } = await answerOf<{ trades: { content: TradeCard[] } }>(request, '/api/trades/clientFilter?page=0&size=1');
  const business = trades.content[0];
  if (!business) throw new Error('The demo data has no listed business');
  const businessPage = {
    name: 'business',
    path: businessPath(business.id, business.name),
    rendered: (shown: Page) => expect(shown.getByRole('heading', { level: 1, name: business.name })).toBeVisible(),
  };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-html-'));
  const files: string[] = [];
  async function keep(name: string, html: string) {
    const file = path.join(dir, `${name}.html`);
    await fs.writeFile(file, html);
    files.push(file);
  }

  for (const { name, path: pagePath, rendered } of [...PUBLIC_PAGES, businessPage]) {
    const served = await request.get(pagePath, { headers: { accept: 'text/html' } });
    await keep(`served-${name}`, await served.text());
    await page.goto(pagePath);
    await rendered(page);
    await keep(`rendered-${name}`, await page.content());
  }

  try {
    expect(await checkerErrors(files)).toEqual([]);
    expect(files).toHaveLength(2 * (PUBLIC_PAGES.length + 1));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
