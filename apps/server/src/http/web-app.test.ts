import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>ChurchTrades</title><div id="root"></div>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const { app } = await createTestApp({ webDistDir: distDir });

describe('serving the web app', () => {
  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page path with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/no/such/page?x=1']) {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API paths and missing uploads with the 404 envelope, not the page', async () => {
    for (const url of ['/api/unknown', '/uploads/photos/00000000000000000000000000000000.webp']) {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'NOT_FOUND' });
    }
  });
});
