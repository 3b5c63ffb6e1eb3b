import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIn, waitForMailInDir } from '../../test/mail-catcher';
import { createTestApp } from '../../test/test-app';
import { testBrowser } from '../../test/test-browser';
import { REDACTED, redactedUrl } from './request-log';

/** Every line the app logs, as written. */
const logged: string[] = [];
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="en-AU"><title>ChurchTrades</title></html>');
const { app, config } = await createTestApp(
  { nodeEnv: 'production', logLevel: 'info', webDistDir: distDir },
  { logDestination: { write: (line) => logged.push(line) } },
);

async function loggedLine(message: string, about: string): Promise<void> {
  for (let tries = 0; !logged.some((line) => line.includes(message) && line.includes(about)); tries += 1) {
    if (tries > 100) throw new Error(`"${message}" about ${about} was never logged`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('redactedUrl', () => {
  it('hides the value of key and of every parameter named as a secret, keeping the rest', () => {
    expect(redactedUrl('/verify/account?key=abc123&from=mail')).toBe(`/verify/account?key=${REDACTED}&from=mail`);
    expect(redactedUrl('/x?page=2&token=t&Code=c&password=p&secret=s')).toBe(
      `/x?page=2&token=${REDACTED}&Code=${REDACTED}&password=${REDACTED}&secret=${REDACTED}`,
    );
  });

  it('hides a key whose name is percent-encoded or given twice', () => {
    expect(redactedUrl('/verify/password?%6Bey=abc&key=def')).toBe(`/verify/password?%6Bey=${REDACTED}&key=${REDACTED}`);
  });

  it('leaves a URL without secrets as it came', () => {
    for (const url of ['/api/trades/clientFilter?q=plumber&page=0', '/healthz', '/x?key', '/x?%E0%A4%A=1']) {
      expect(redactedUrl(url)).toBe(url);
    }
  });
});

describe('the request log in production', () => {
  it('never holds the key of a verification link, opened as a page or sent to the API', async () => {
    const email = `log.${Date.now()}@example.com.au`;
    const browser = testBrowser(app);
    await browser.post('/api/user/register', {
      firstName: 'Lachlan',
      lastName: 'Ward',
      email,
      password: 'Kookaburra-Wattle-Billabong-42',
    });
    const key = keyIn(await waitForMailInDir(config.mailOutboxDir, email), '/verify/account');
    await loggedLine('mail written to the outbox', email);

    const page = await app.inject({ method: 'GET', url: `/verify/account?key=${key}`, headers: { accept: 'text/html' } });
    const verified = await app.inject({ method: 'GET', url: `/api/user/verify/account?key=${key}` });
    const unknown = await app.inject({ method: 'GET', url: `/api/no-such-route?key=${key}&token=${key}` });

    expect([page.statusCode, verified.statusCode, unknown.statusCode]).toEqual([200, 200, 404]);
    expect(logged.join('\n')).toContain(`/api/user/verify/account?key=${REDACTED}`);
    expect(logged.join('\n')).not.toContain(key);
  });

  it('names a mail written to the outbox without its links', async () => {
    const email = `outbox.${Date.now()}@example.com.au`;
    await testBrowser(app).post('/api/user/register', {
      firstName: 'Matilda',
      lastName: 'Brown',
      email,
      password: 'Kookaburra-Wattle-Billabong-42',
    });
    await waitForMailInDir(config.mailOutboxDir, email);
    await loggedLine('mail written to the outbox', email);

    const line = JSON.parse(logged.find((candidate) => candidate.includes(email) && candidate.includes('outbox'))!);

    expect(line).toMatchObject({ to: email, subject: expect.any(String), file: expect.any(String) });
    expect(line).not.toHaveProperty('links');
  });
});
