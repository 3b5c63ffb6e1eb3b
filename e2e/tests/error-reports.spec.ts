import type { ClientErrorReport } from '@churchtrades/shared/client-errors';
import { expect, test } from './fixtures';

/** SPEC §8 "A shared handler logs errors": a call that fails in the browser reaches the server's log. */
test("a search the server cannot be reached for is reported to the server's log, without the search's words", async ({
  page,
}) => {
  await page.route('**/api/trades/clientFilter**', (route) => route.abort('connectionrefused'));
  const report = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/client-errors');

  await page.goto('/?q=ruth%40example.com.au');

  const sent = await report;
  expect(sent.method()).toBe('POST');
  expect(sent.postDataJSON()).toMatchObject({ kind: 'call', route: '/', status: 'FETCH_ERROR' } satisfies Partial<ClientErrorReport>);
  expect(sent.postData()).not.toContain('ruth');
  expect((await sent.response())?.status()).toBe(202);
});
