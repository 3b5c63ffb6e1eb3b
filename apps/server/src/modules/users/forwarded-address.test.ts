import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { newTestAddress, testBrowser } from '../../../test/test-browser';
import { RATE_LIMITS } from './service';

// Production mode, where a proxy is the usual thing in front of the app.
const direct = await createTestApp({ nodeEnv: 'production' });
const behindOneProxy = await createTestApp({ nodeEnv: 'production', trustProxy: 1 });

const LIMIT = RATE_LIMITS.loginPerAddress.limit;

function wrongLogin(app: typeof direct.app, address: string, forwardedFor: string, attempt: number) {
  return testBrowser(app, { address }).request({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody.${attempt}@example.com.au`, password: 'wrong-password' },
  });
}

describe('the address a login is counted against', () => {
  it('is the connection’s own when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const address = newTestAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 10; attempt += 1) {
      statuses.push((await wrongLogin(direct.app, address, `198.51.100.${attempt}`, attempt)).statusCode);
    }

    expect(statuses.slice(0, LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);
  });

  it('is the right-most one a trusted proxy added, not what the client wrote before it', async () => {
    const proxy = newTestAddress();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const answer = await wrongLogin(behindOneProxy.app, proxy, `198.51.100.${attempt}, 203.0.113.9`, attempt);
      expect(answer.statusCode).toBe(401);
    }

    const refused = await wrongLogin(behindOneProxy.app, proxy, '192.0.2.1, 203.0.113.9', LIMIT);
    const someoneElse = await wrongLogin(behindOneProxy.app, proxy, '203.0.113.9, 203.0.113.10', LIMIT + 1);

    expect(refused.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(someoneElse.statusCode).toBe(401);
  });
});
