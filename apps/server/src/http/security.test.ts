import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp } from '../../test/test-app';
import { CROSS_SITE_MESSAGE, tileImageSource } from './security';

const { app } = await createTestApp();
app.post('/api/test-only/change', async () => ({ changed: true }));

describe('security', () => {
  it('refuses a state-changing request from another site with 403', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/change',
      headers: { origin: 'https://evil.example' },
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
  });

  it('judges by Referer when no Origin is sent', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/change',
      headers: { referer: 'https://evil.example/page' },
    });

    expect(response.statusCode).toBe(403);
  });

  it('accepts a state-changing request from the app itself', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/change',
      headers: { origin: TEST_ORIGIN },
    });

    expect(response.statusCode).toBe(200);
  });

  it('sends a Content-Security-Policy and the other security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describe('tileImageSource', () => {
  it('names a plain-http tile server by its origin', () => {
    expect(tileImageSource('http://127.0.0.1:4100/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4100');
  });

  it('turns a {s} subdomain template into a wildcard', () => {
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });

  it('names nothing for a value that is not a URL', () => {
    expect(tileImageSource('not a url')).toBeUndefined();
  });
});
