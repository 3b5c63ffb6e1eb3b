import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { AppError } from './app-error';
import { envelope } from './envelope';
import { publicCache } from './public-cache';

const { app } = await createTestApp();
let answer = 'first';
await app.register(async (scope: FastifyInstance) => {
  await scope.register(publicCache, { maxAgeSeconds: 120 });
  scope.get('/api/test-only/public', async () => envelope(200, 'Found', { answer }));
  scope.get('/api/test-only/public-missing', async () => {
    throw new AppError('NOT_FOUND', 'Not here');
  });
});
await app.register(async (scope: FastifyInstance) => {
  await scope.register(publicCache, {});
  scope.get('/api/test-only/public-revalidated', async () => envelope(200, 'Found', { answer }));
});
app.get('/api/test-only/private', async () => envelope(200, 'Yours', {}));

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('caching public answers', () => {
  it('lets anyone cache a public answer for the given time and tags it', async () => {
    const response = await get('/api/test-only/public');

    expect(response.headers['cache-control']).toBe('public, max-age=120');
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('answers a repeat with the same ETag with 304, no body, and the caching headers', async () => {
    const first = await get('/api/test-only/public');
    const repeat = await get('/api/test-only/public', { 'if-none-match': String(first.headers.etag) });

    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(first.headers.etag);
    expect(repeat.headers['cache-control']).toBe('public, max-age=120');
  });

  it('keeps the ETag while only the envelope timeStamp changes, and changes it with the data', async () => {
    const first = await get('/api/test-only/public');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await get('/api/test-only/public');
    answer = 'second';
    const changed = await get('/api/test-only/public', { 'if-none-match': String(first.headers.etag) });

    expect(later.json().timeStamp).not.toBe(first.json().timeStamp);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('never caches an error publicly nor turns it into a 304', async () => {
    const first = await get('/api/test-only/public-missing');
    const repeat = await get('/api/test-only/public-missing', { 'if-none-match': String(first.headers.etag) });

    expect(first.statusCode).toBe(404);
    expect(first.headers['cache-control']).toBeUndefined();
    expect(repeat.statusCode).toBe(404);
    expect(repeat.json()).toMatchObject({ status: 'NOT_FOUND' });
  });

  it('without a time, lets caches keep an answer but ask every time, and answers an unchanged one with 304', async () => {
    const first = await get('/api/test-only/public-revalidated');
    const repeat = await get('/api/test-only/public-revalidated', { 'if-none-match': String(first.headers.etag) });

    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(repeat.statusCode).toBe(304);
    expect(repeat.headers['cache-control']).toBe('public, no-cache');
  });

  it('leaves routes outside the public scope alone', async () => {
    const response = await get('/api/test-only/private');

    expect(response.json()).toMatchObject({ statusCode: 200, message: 'Yours' });
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
  });
});
