import type { ClientErrorReport } from '@churchtrades/shared/client-errors';
import { describe, expect, it } from 'vitest';
import {
  createErrorReporter,
  REPORTS_PER_MINUTE,
  routePattern,
  SAME_ERROR_SILENCE_MS,
  UNKNOWN_ROUTE,
} from './error-reporter';

const TRADE_ID = '44444444-4444-4444-8444-444444444444';

function reporterAt(pathname = `/business/${TRADE_ID}/parramatta-roofing`) {
  const sent: ClientErrorReport[] = [];
  const logged: unknown[][] = [];
  const clock = { now: 1_000_000 };
  const reporter = createErrorReporter({
    send: (report) => sent.push(report),
    log: (...values) => logged.push(values),
    pathname: () => pathname,
    now: () => clock.now,
  });
  return { reporter, sent, logged, clock };
}

describe('the shared error handler', () => {
  it('sends a failed call with the route pattern, the status and the endpoint, and logs it to the console', () => {
    const { reporter, sent, logged } = reporterAt();

    reporter.callFailed('getBusinessPage', { status: 503, data: { statusCode: 503, message: 'unavailable' } });

    expect(sent).toEqual([
      { kind: 'call', route: '/business/:id/:slug?', status: 503, name: 'getBusinessPage', message: 'HTTP 503' },
    ]);
    expect(logged).toHaveLength(1);
  });

  it('sends transport failures by their SPEC §8 code', () => {
    const { reporter, sent } = reporterAt('/');

    reporter.callFailed('searchTrades', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    reporter.callFailed('searchTrades', { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' });
    reporter.callFailed('searchTrades', { status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' });

    expect(sent.map((report) => report.status)).toEqual(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR']);
    expect(sent[2]?.message).toBe('HTTP 502: SyntaxError');
  });

  it("lets by the server's answers in the envelope that screens show (a wrong password, a missing field)", () => {
    const { reporter, sent, logged } = reporterAt('/login');

    for (const status of [400, 401, 403, 404, 409, 429]) {
      reporter.callFailed('login', { status, data: { statusCode: status, status: 'X', message: 'Refused' } });
    }

    expect(sent).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('sends a 4xx that is not the envelope (a proxy in the way)', () => {
    const { reporter, sent } = reporterAt('/about');

    reporter.callFailed('getSiteInfo', { status: 405, data: 'Method Not Allowed' });

    expect(sent).toEqual([expect.objectContaining({ status: 405, route: '/about' })]);
  });

  it('sends a render error by its name and message', () => {
    const { reporter, sent } = reporterAt('/donation');

    reporter.renderFailed(new TypeError("Cannot read properties of undefined (reading 'bank')"));

    expect(sent).toEqual([
      { kind: 'render', route: '/donation', name: 'TypeError', message: "Cannot read properties of undefined (reading 'bank')" },
    ]);
  });

  it('sends no personal data: no ids, no query, e-mail addresses masked, texts cut short', () => {
    const { reporter, sent } = reporterAt(`/admin/users/${TRADE_ID}`);

    reporter.renderFailed(new Error(`No account for ruth.newcomer@example.com.au ${'x'.repeat(400)}`));

    const [report] = sent;
    expect(report?.route).toBe('/admin/users/:id');
    expect(report?.message).toMatch(/^No account for \[e-mail\] x+$/);
    expect(report?.message).toHaveLength(300);
    expect(JSON.stringify(report)).not.toContain('ruth');
    expect(JSON.stringify(report)).not.toContain(TRADE_ID);
  });

  it('sends a path no route claims as an unknown route, as it could hold anything typed', () => {
    expect(routePattern('/ruth@example.com.au/secret')).toBe(UNKNOWN_ROUTE);
    expect(routePattern('/trade/address/abc')).toBe('/trade/address/:tradeId');
  });

  it(`sends at most ${REPORTS_PER_MINUTE} reports a minute, and logs every error all the same`, () => {
    const { reporter, sent, logged, clock } = reporterAt('/');

    for (let n = 0; n < REPORTS_PER_MINUTE + 3; n += 1) reporter.renderFailed(new Error(`failure ${n}`));
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    expect(logged).toHaveLength(REPORTS_PER_MINUTE + 3);

    clock.now += 60_000;
    reporter.renderFailed(new Error('a minute later'));
    expect(sent.at(-1)?.message).toBe('a minute later');
  });

  it('sends the same error once in a while, however often it happens', () => {
    const { reporter, sent, clock } = reporterAt('/');
    const again = () => reporter.callFailed('searchTrades', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });

    again();
    clock.now += 2 * 60_000;
    again();
    expect(sent).toHaveLength(1);

    clock.now += SAME_ERROR_SILENCE_MS;
    again();
    expect(sent).toHaveLength(2);
  });
});
