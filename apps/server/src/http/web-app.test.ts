import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>ChurchTrades</title></head><body><div id="root"></div></body></html>',
);
// The build's manifest: the entry, the search page and a chunk they share.
fs.mkdirSync(path.join(distDir, '.vite'));
fs.writeFileSync(
  path.join(distDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-3f9a1c.js', isEntry: true, imports: ['_api-77aa01.js'] },
    '_api-77aa01.js': { file: 'assets/api-77aa01.js' },
    '_card-0c0c0c.js': { file: 'assets/card-0c0c0c.js', css: ['assets/card-5d5d5d.css'] },
    'src/features/search/components/search-page.tsx': {
      file: 'assets/search-page-9b2e4d.js',
      isDynamicEntry: true,
      imports: ['index.html', '_api-77aa01.js', '_card-0c0c0c.js'],
    },
  }),
);
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

  it('sends the file itself to a client that accepts no compression, and compresses one the build left without a copy', async () => {
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
    expect(withoutCopy.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(withoutCopy.rawPayload).toString()).toBe('console.log("app")');
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

  it("has the browser fetch the search page's code and first answers with the home page's HTML", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const head = response.body.slice(0, response.body.indexOf('</head>'));

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/search-page-9b2e4d.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/card-0c0c0c.js" />');
    expect(head).toContain('<link rel="preload" as="style" href="/assets/card-5d5d5d.css" />');
    // The entry script loads these itself.
    expect(head).not.toContain('api-77aa01.js');
    expect(head).not.toContain('index-3f9a1c.js');
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/trades/clientFilter?page=0&amp;size=9&amp;stateType=ALL" />',
    );
    expect(head).toContain('href="/api/category/main_categories"');
    expect(head).toContain('href="/api/churches/stateChurches?stateType=ALL"');
  });

  it('preloads no answers for a filtered search, whose requests differ, but still its code', async () => {
    const response = await app.inject({ method: 'GET', url: '/?q=plumber&stateType=NSW' });

    expect(response.body).toContain('href="/assets/search-page-9b2e4d.js"');
    expect(response.body).not.toContain('as="fetch"');
  });

  it("keeps the build's manifest from browsers", async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });

    expect(response.headers['content-type']).not.toMatch(/json/);
    expect(response.body).not.toContain('search-page-9b2e4d.js');
  });

  it('answers unknown API paths and missing uploads with the 404 envelope, not the page', async () => {
    for (const url of ['/api/unknown', '/uploads/photos/00000000000000000000000000000000.webp']) {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'NOT_FOUND' });
    }
  });
});
