import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp } from '../../test/test-app';
import { loadConfig } from '../config/config';
import { CROSS_SITE_MESSAGE, tileImageSource } from './security';

const TILE_URL = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';
const { app } = await createTestApp();
const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), MAP_TILE_URL: TILE_URL });
const { app: productionApp } = await createTestApp({
  nodeEnv: 'production',
  mapTileUrl: production.mapTileUrl,
  apiDocs: production.apiDocs,
});
const documented = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), API_DOCS: 'on' });
const { app: documentedApp } = await createTestApp({ nodeEnv: 'production', apiDocs: documented.apiDocs });
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
    expect(response.headers['content-security-policy']).toContain("worker-src 'self';");
    expect(response.headers['content-security-policy']).not.toContain('blob:');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses camera, microphone, payment and usb to every page, and the position to other sites', async () => {
    const response = await productionApp.inject({ method: 'GET', url: '/healthz' });

    const policy = Object.fromEntries(
      String(response.headers['permissions-policy'])
        .split(',')
        .map((entry) => entry.trim().split('=')),
    );
    expect(policy).toMatchObject({ camera: '()', microphone: '()', payment: '()', usb: '()', geolocation: '(self)' });
  });

  it('sends the Permissions-Policy with refusals too', async () => {
    const response = await productionApp.inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('loads images only from the app itself, inline data and the configured map tile host', async () => {
    const response = await productionApp.inject({ method: 'GET', url: '/healthz' });

    const imageSources = /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ');
    expect(imageSources).toEqual(["'self'", 'data:', 'https://*.tiles.example.org']);
  });
});

describe('the API documentation', () => {
  it('is served outside production', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(page.statusCode).toBe(200);
    expect(document.json()).toHaveProperty('openapi');
  });

  it('is not served in production unless API_DOCS turns it on', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui.css']) {
      const response = await productionApp.inject({ method: 'GET', url });

      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ status: 'NOT_FOUND' });
    }
  });

  it('is still built in production, for the tests that read the routes from it', async () => {
    await productionApp.ready();

    expect(Object.keys(productionApp.swagger().paths ?? {})).toContain('/api/user/login');
  });

  it('is served in production with API_DOCS=on', async () => {
    const response = await documentedApp.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('openapi');
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

  it('names nothing for MAP_TILE_URL=none, the built-in outline of Australia, so no other origin may serve images', () => {
    expect(tileImageSource('none')).toBeUndefined();
  });
});
