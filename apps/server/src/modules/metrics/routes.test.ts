import { MESSAGES } from '@churchtrades/shared/messages';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/factories';
import { parseExposition, sampleValue } from '../../../test/prometheus-text';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { UNMATCHED_ROUTE } from './metrics';

const { app, database } = await createTestApp();
const db = database.db;

/** A request straight from this machine, as a scraper next to the server makes it. */
const fromLoopback = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });

async function browserOf(role: 'TRADER' | 'ADMIN' | 'DEVELOPER' | 'SUPER', address?: string) {
  const browser = await loggedInBrowser(app, db, (await createAccount(db, { role })).id);
  if (address !== undefined) browser.address = address;
  return browser;
}

const token = 'scrape-token-of-the-prometheus-next-door';
const scraped = await createTestApp({ metricsToken: token });

describe('GET /metrics with METRICS_TOKEN set', () => {
  const fromElsewhere = (authorization?: string) =>
    scraped.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers a scraper on another machine bearing the token', async () => {
    const response = await fromElsewhere(`Bearer ${token}`);

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE http_requests_total counter');
  });

  it.each([
    ['another token', `Bearer ${token}x`],
    ['the token without its scheme', token],
    ['no token', undefined],
  ])('answers 401 to %s', async (_case, authorization) => {
    expect((await fromElsewhere(authorization)).json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
  });

  it('lets no token in where none is set', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(401);
  });
});

describe('GET /metrics', () => {
  it('answers a request from loopback without a session in the Prometheus text format', async () => {
    const response = await fromLoopback();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(response.body);
    expect(sampleValue(samples, 'db_info', { kind: database.kind })).toBe(1);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (database.kind === 'postgres') expect(sampleValue(samples, 'db_pool_max_clients')).toBeGreaterThan(0);
  });

  it('counts requests under their route pattern, so ids never become labels', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) await testBrowser(app).get(`/api/moderation/trades/${id}`);

    const response = await fromLoopback();

    const labels = { method: 'GET', route: '/api/moderation/trades/:id', status_code: '401' };
    expect(sampleValue(parseExposition(response.body), 'http_requests_total', labels)).toBe(2);
    expect(sampleValue(parseExposition(response.body), 'http_request_duration_seconds_count', labels)).toBe(2);
    for (const id of ids) expect(response.body).not.toContain(id);
  });

  it('counts a request no route matched under one label, not under its URL', async () => {
    const url = `/no-such-page/${randomUUID()}`;
    await testBrowser(app).get(url);

    const response = await fromLoopback();

    const labels = { method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' };
    expect(sampleValue(parseExposition(response.body), 'http_requests_total', labels)).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain(url);
  });

  it('answers 401 to an anonymous caller from another machine', async () => {
    const response = await testBrowser(app, { address: '203.0.113.7' }).get('/metrics');

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
  });

  it('answers 401 to an anonymous request a proxy on this machine passed on', async () => {
    const response = await fromLoopback({ 'x-forwarded-for': '203.0.113.7' });

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
  });

  it.each(['TRADER', 'ADMIN'] as const)('answers 403 to a %s, even from loopback', async (role) => {
    const response = await (await browserOf(role, '127.0.0.1')).get('/metrics');

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it.each(['DEVELOPER', 'SUPER'] as const)('answers a %s from anywhere', async (role) => {
    const response = await (await browserOf(role, '203.0.113.8')).get('/metrics');

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE http_requests_total counter');
  });
});
