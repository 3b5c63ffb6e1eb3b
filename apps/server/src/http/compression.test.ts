import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createChurch } from '../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';

const { app, database } = await createTestApp();

// Enough churches in one state for their list to pass 1 kB.
for (let index = 0; index < 20; index += 1) {
  await createChurch(database.db, { name: `Uniting Church of Compression Creek ${index}`, stateType: 'TAS' });
}
const CHURCHES = '/api/churches/stateChurches?stateType=TAS';

describe('compressed answers', () => {
  it('sends an answer of 1 kB or more as Brotli or gzip, whichever the browser accepts', async () => {
    const plain = await app.inject({ method: 'GET', url: CHURCHES });
    const brotli = await app.inject({ method: 'GET', url: CHURCHES, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzipped = await app.inject({ method: 'GET', url: CHURCHES, headers: { 'accept-encoding': 'gzip' } });

    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString()).data).toEqual(plain.json().data);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString()).data).toEqual(plain.json().data);
  });

  it('sends a small answer as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/site', headers: { 'accept-encoding': 'br' } });

    expect(response.rawPayload.byteLength).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: it is refused as it arrived', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'a-password-1' })),
    });

    // Inflated, it would have been checked as a login (401); as it arrived, it is not JSON.
    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
  });
});
