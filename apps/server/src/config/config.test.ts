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

  it('requires a long SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).nodeEnv).toBe('production');
  });

  it('refuses an external address service without its key, or a key without the service', () => {
    expect(() => loadConfig({ ADDRESS_API_URL: 'https://addresses.example.com.au' })).toThrow(/ADDRESS_API_KEY/);
    expect(() => loadConfig({ ADDRESS_API_KEY: 'secret' })).toThrow(/ADDRESS_API_URL/);
    expect(() => loadConfig({ ADDRESS_API_URL: 'ftp://addresses.example.com.au', ADDRESS_API_KEY: 'secret' })).toThrow(
      /ADDRESS_API_URL/,
    );
  });

  it('ends sessions after 24 hours unused and 14 days after login unless told otherwise', () => {
    expect(loadConfig({}).sessionLimits).toEqual({ idleMs: 24 * 3_600_000, lifetimeMs: 14 * 86_400_000 });
    expect(loadConfig({ SESSION_IDLE_HOURS: '2', SESSION_LIFETIME_DAYS: '1' }).sessionLimits).toEqual({
      idleMs: 2 * 3_600_000,
      lifetimeMs: 86_400_000,
    });
  });

  it('refuses session limits that are not whole, positive, or an idle time longer than the lifetime', () => {
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '1.5' })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => loadConfig({ SESSION_LIFETIME_DAYS: 'forever' })).toThrow(/SESSION_LIFETIME_DAYS/);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '49', SESSION_LIFETIME_DAYS: '2' })).toThrow(/SESSION_IDLE_HOURS/);
  });

  it('keeps only the origin of APP_ORIGIN', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://churchtrades.au/' }).appOrigin).toBe('https://churchtrades.au');
  });
});
