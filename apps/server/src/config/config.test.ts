import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPOSITORY_DATA_DIR = fileURLToPath(new URL('../../../../data', import.meta.url));

describe('configuration', () => {
  it('starts with the documented defaults on an empty environment', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({ port: 3000, appOrigin: 'http://localhost:3000', databaseUrl: undefined });
    expect(config.mailOutboxDir).toMatch(/data[/\\]outbox$/);
    expect(config.uploadDir).toMatch(/data[/\\]uploads$/);
    expect(config.exportDir).toMatch(/data[/\\]exports$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps its data in data/ at the repository root by default, even when started from the server workspace', () => {
    const printDataDir = "const { loadConfig } = await import('./src/config/config.ts'); console.log(loadConfig({}).dataDir);";
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', printDataDir], {
      cwd: SERVER_DIR,
      encoding: 'utf8',
      timeout: 15_000,
    });

    expect(result.stdout.trim()).toBe(REPOSITORY_DATA_DIR);
    expect(loadConfig({}).dataDir).toBe(REPOSITORY_DATA_DIR);
  });

  it('reads a relative DATA_DIR from the folder the process runs in', () => {
    expect(loadConfig({ DATA_DIR: 'elsewhere/data' }).dataDir).toBe(path.resolve('elsewhere/data'));
    expect(loadConfig({ DATA_DIR: '/srv/churchtrades' }).mailOutboxDir).toBe('/srv/churchtrades/outbox');
    expect(loadConfig({ DATA_DIR: '/srv/churchtrades' }).exportDir).toBe('/srv/churchtrades/exports');
    expect(loadConfig({ EXPORT_DIR: '/mnt/archives' }).exportDir).toBe('/mnt/archives');
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

  it('lets no scraper in by token unless METRICS_TOKEN is set, and refuses a short one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters');
  });

  it("checks only an ABN's digits without ABR_GUID, and asks the register's own address by default", () => {
    expect(loadConfig({}).abr).toEqual({ guid: undefined, url: 'https://abr.business.gov.au', timeoutMs: 5000 });
    expect(loadConfig({ ABR_GUID: 'issued-guid', ABR_URL: 'http://127.0.0.1:9000' }).abr).toMatchObject({
      guid: 'issued-guid',
      url: 'http://127.0.0.1:9000',
    });
    expect(() => loadConfig({ ABR_URL: 'ftp://abr.example.com.au' })).toThrow(/ABR_URL/);
  });

  it('listens on this machine only, outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('listens on every interface in production, as a container must', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('serves the API documentation outside production, and in production only with API_DOCS=on', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('has no demo password of its own: one is made at first start unless DEMO_PASSWORD is set', () => {
    expect(loadConfig({}).demoPassword).toBeUndefined();
    expect(loadConfig({ DEMO_PASSWORD: 'Kookaburra-Wattle-Billabong-42' }).demoPassword).toBe('Kookaburra-Wattle-Billabong-42');
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
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

  it('trusts no proxy unless TRUST_PROXY names them, by hops or by addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '203.0.113.7, 10.0.0.0/8,2001:db8::/32,loopback' }).trustProxy).toEqual([
      '203.0.113.7',
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each(['true', '-1', '1.5', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '203.0.113.7/8/1'])(
    'refuses TRUST_PROXY=%s with a message saying what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be a number of proxy hops, or a comma-separated list/);
    },
  );
});

describe('MAP_TILE_URL', () => {
  it('takes none: no tile server, the maps draw the built-in outline of Australia', () => {
    expect(loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'none' }).mapTileUrl).toBe('none');
  });
});
