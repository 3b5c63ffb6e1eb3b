import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>ChurchTrades</title><div id="root"></div>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A built script with the compressed copies the build writes beside it.
const SCRIPT = 'export function searchPage() { return "Find a business"; }\n'.repeat(40);
const scriptFile = path.join(distDir, 'assets', 'search-page-9b2e4d.js');
fs.writeFileSync(scriptFile, SCRIPT);
fs.writeFileSync(`${scriptFile}.br`, zlib.brotliCompressSync(SCRIPT));
fs.writeFileSync(`${scriptFile}.gz`, zlib.gzipSync(SCRIPT));

const { app } = await createTestApp({ webDistDir: distDir });

describe('serving the web app', () => {
  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli copy to a browser that accepts it, still cached for a year", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/search-page-9b2e4d.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the build's gzip copy to a browser that accepts gzip only", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/search-page-9b2e4d.js',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no compression, or when the build wrote no copy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/search-page-9b2e4d.js' });
    const withoutCopy = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(withoutCopy.statusCode).toBe(200);
    expect(withoutCopy.headers['content-encoding']).toBeUndefined();
    expect(withoutCopy.body).toBe('console.log("app")');
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
