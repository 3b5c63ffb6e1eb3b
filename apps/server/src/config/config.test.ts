import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts with the documented defaults on an empty environment', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({ port: 3000, appOrigin: 'http://localhost:3000', databaseUrl: undefined });
    expect(config.mailOutboxDir).toMatch(/data[/\\]outbox$/);
    expect(config.uploadDir).toMatch(/data[/\\]uploads$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('refuses PORT=abc with a message naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('refuses a DATABASE_URL that is not a postgres URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL/);
  });

  const TOTP_KEY_HEX = 'a1'.repeat(32);

  it('requires a long SESSION_SECRET in production', () => {
    const production = { NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: TOTP_KEY_HEX };
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ ...production, SESSION_SECRET: 'x'.repeat(32) }).nodeEnv).toBe('production');
  });

  it('requires a TOTP_ENCRYPTION_KEY in production, and uses a development one elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(loadConfig({}).totpEncryptionKey).toHaveLength(32);
  });

  it('reads TOTP_ENCRYPTION_KEY as 32 bytes in hex or base64, and refuses any other length', () => {
    const bytes = Buffer.alloc(32, 0xa1);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: TOTP_KEY_HEX }).totpEncryptionKey).toEqual(bytes);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: bytes.toString('base64') }).totpEncryptionKey).toEqual(bytes);
    for (const wrong of ['a1'.repeat(16), Buffer.alloc(16).toString('base64'), 'not a key at all']) {
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: wrong })).toThrow(/TOTP_ENCRYPTION_KEY/);
    }
  });

  it('refuses an external address service without its key, or a key without the service', () => {
    expect(() => loadConfig({ ADDRESS_API_URL: 'https://addresses.example.com.au' })).toThrow(/ADDRESS_API_KEY/);
    expect(() => loadConfig({ ADDRESS_API_KEY: 'secret' })).toThrow(/ADDRESS_API_URL/);
    expect(() => loadConfig({ ADDRESS_API_URL: 'ftp://addresses.example.com.au', ADDRESS_API_KEY: 'secret' })).toThrow(
      /ADDRESS_API_URL/,
    );
  });

  it('keeps only the origin of APP_ORIGIN', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://churchtrades.au/' }).appOrigin).toBe('https://churchtrades.au');
  });
});
