import type { ClientErrorReport } from '@churchtrades/shared/client-errors';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { testBrowser } from '../../../test/test-browser';
import { CLIENT_ERROR_RATE_LIMIT } from './service';

/** Every line the app logs, parsed. */
const logged: Record<string, unknown>[] = [];
const { app } = await createTestApp(
  { logLevel: 'warn' },
  { logDestination: { write: (line) => logged.push(JSON.parse(line) as Record<string, unknown>) } },
);

const REPORT: ClientErrorReport = {
  kind: 'call',
  route: '/business/:id/:slug',
  status: 503,
  name: 'HttpError',
  message: 'The service is unavailable for a moment',
};

const reportsLogged = () => logged.filter((line) => line.msg === 'error in the web app');

describe('POST /api/client-errors', () => {
  it("writes a report to the server's log at warn and answers 202 in the envelope", async () => {
    const response = await testBrowser(app).post('/api/client-errors', REPORT);

    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ statusCode: 202, status: 'ACCEPTED', message: 'Error report received' });
    expect(reportsLogged().at(-1)).toMatchObject({ level: 40, clientError: REPORT });
  });

  it('takes a render error, which has no status', async () => {
    const render = { kind: 'render', route: '/about', name: 'TypeError', message: "Cannot read properties of undefined (reading 'x')" };

    const response = await testBrowser(app).post('/api/client-errors', render);

    expect(response.statusCode).toBe(202);
    expect(reportsLogged().at(-1)).toMatchObject({ clientError: render });
  });

  it('refuses a route with a query string, which could carry an e-mail address, and logs nothing', async () => {
    const before = reportsLogged().length;

    const response = await testBrowser(app).post('/api/client-errors', { ...REPORT, route: '/?q=ruth@example.com.au' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'BAD_REQUEST', message: 'The route must be a path without a query' });
    expect(reportsLogged()).toHaveLength(before);
  });

  it('refuses fields beyond the report, such as a body or a user id', async () => {
    const response = await testBrowser(app).post('/api/client-errors', { ...REPORT, userId: 'a1b2c3' });

    expect(response.statusCode).toBe(400);
  });

  it('refuses an oversized report with 413 before reading it', async () => {
    const response = await testBrowser(app).post('/api/client-errors', { ...REPORT, message: 'x'.repeat(4000) });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, status: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a report whose message is longer than the web app ever sends', async () => {
    const response = await testBrowser(app).post('/api/client-errors', { ...REPORT, message: 'x'.repeat(301) });

    expect(response.statusCode).toBe(400);
  });

  it('limits the reports of one network, with 429 and a Retry-After', async () => {
    const browser = testBrowser(app);
    for (let sent = 0; sent < CLIENT_ERROR_RATE_LIMIT.limit; sent += 1) {
      expect((await browser.post('/api/client-errors', REPORT)).statusCode).toBe(202);
    }
    const before = reportsLogged().length;

    const refused = await browser.post('/api/client-errors', REPORT);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(reportsLogged()).toHaveLength(before);
    expect((await testBrowser(app).post('/api/client-errors', REPORT)).statusCode).toBe(202);
  });

  it('refuses a report from another site (Origin check)', async () => {
    const response = await testBrowser(app).request({
      method: 'POST',
      url: '/api/client-errors',
      payload: REPORT,
      headers: { origin: 'https://elsewhere.example' },
    });

    expect(response.statusCode).toBe(403);
  });
});
