import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repositoryDir } from '../install-dirs';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: optionalText,
  PORT: port.default(3000),
  APP_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).default('http://localhost:3000'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().optional(),
  SESSION_SECRET: optionalText,
  TOTP_ENCRYPTION_KEY: optionalText,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('ChurchTrades <no-reply@churchtrades.au>'),
  MAIL_OUTBOX_DIR: optionalText,
  MAIL_MAX_TRIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(30, 'must be at most 30')
    .default(10),
  MAIL_RETRY_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive('must be more than 0 seconds')
    .max(3600, 'must be at most 3600 seconds')
    .default(30),
  BACKGROUND_WORK: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(3600),
  UPLOAD_DIR: optionalText,
  EXPORT_DIR: optionalText,
  ADDRESS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ADDRESS_API_KEY: optionalText,
  ABR_GUID: optionalText,
  ABR_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://abr.business.gov.au'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SUPPORT_EMAIL: z.email().default('support@churchtrades.au'),
  BANK_ACCOUNT_NAME: z.string().default('ChurchTrades Ltd'),
  BANK_BSB: z.string().default('000-000'),
  BANK_ACCOUNT_NUMBER: z.string().default('00000000'),
  API_DOCS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  TRUST_PROXY: optionalText,
  METRICS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_SEED: z.coerce.number().int().default(20250420),
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .default(24),
  SESSION_LIFETIME_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(14),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  nodeEnv: Environment['NODE_ENV'];
  host: string;
  port: number;
  appOrigin: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  sessionSecret: string;
  /** A bearer token that lets a scraper on another machine read /metrics; undefined: loopback and operators only. */
  metricsToken: string | undefined;
  /** The AES-256 key (32 bytes) that encrypts the accounts' TOTP secrets in the database. */
  totpEncryptionKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** How a mail the server refuses or cannot be reached for is tried again, until it counts as failed. */
  mailRetries: { maxTries: number; firstDelayMs: number };
  /**
   * Whether this process delivers the outbox's mails and runs the scheduled jobs. Off for app processes of a
   * deployment that runs `npm run worker` beside them.
   */
  backgroundWork: boolean;
  /** How often the housekeeping job (expired sessions, keys, counters, old mails) runs, across all processes. */
  housekeepingIntervalMs: number;
  uploadDir: string;
  /** Where the archives of people's data wait, 24 hours at most, for their owners to download them. */
  exportDir: string;
  addressApiUrl: string | undefined;
  addressApiKey: string | undefined;
  /** How long the external address service may take to answer before the lookup gives up. */
  addressApiTimeoutMs: number;
  /**
   * The Australian Business Register's ABN Lookup (its JSON AbnDetails call under `url`), asked with `guid`;
   * without a guid only an ABN's check digits are checked.
   */
  abr: { guid: string | undefined; url: string; timeoutMs: number };
  mapTileUrl: string;
  supportEmail: string;
  bank: { accountName: string; bsb: string; accountNumber: string };
  /** Whether Swagger UI and the OpenAPI document are served at /api/docs. */
  apiDocs: boolean;
  /**
   * Which proxies in front of the app may say, in X-Forwarded-For, whom they forwarded a request for: how many
   * hops of them, or their addresses and networks. 0: none, the address the connection came from counts.
   */
  trustProxy: number | string[];
  logLevel: Environment['LOG_LEVEL'];
  /** Unset: the first start makes a password of its own and prints it with the demo accounts. */
  demoPassword: string | undefined;
  demoSeed: number;
  /** A session ends when unused for `idleMs`, and `lifetimeMs` after its login however much it is used. */
  sessionLimits: { idleMs: number; lifetimeMs: number };
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-change-me';
const DEVELOPMENT_TOTP_ENCRYPTION_KEY = Buffer.from('development-only-totp-key-change', 'utf8');
const TOTP_KEY_BYTES = 32;

/** The key for TOTP secrets: 32 bytes written as 64 hex digits or in base64; production must set its own. */
function totpEncryptionKeyOf(value: string | undefined, nodeEnv: Environment['NODE_ENV']): Buffer {
  if (value === undefined) {
    if (nodeEnv === 'production') {
      throw new ConfigError('Invalid configuration: TOTP_ENCRYPTION_KEY must be set in production (32 random bytes, hex or base64)');
    }
    return DEVELOPMENT_TOTP_ENCRYPTION_KEY;
  }
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const key = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || key.length !== TOTP_KEY_BYTES) {
    throw new ConfigError('Invalid configuration: TOTP_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or in base64');
  }
  return key;
}
/** A person waits for suggestions while typing: longer than this, and typing on is the better answer. */
const ADDRESS_API_TIMEOUT_MS = 3000;

/** An owner waits for the register while their profile saves: past this the save answers without it. */
const ABR_TIMEOUT_MS = 5000;

const TRUST_PROXY_PROBLEM =
  'Invalid configuration: TRUST_PROXY must be a number of proxy hops, or a comma-separated list of proxy addresses or networks (203.0.113.7, 10.0.0.0/8, loopback)';
/** The names proxy-addr knows for the local networks. */
const PROXY_NETWORK_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NETWORK_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const longest = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= longest;
}

function readTrustProxy(value: string | undefined): number | string[] {
  if (value === undefined) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) throw new ConfigError(TRUST_PROXY_PROBLEM);
  return entries;
}

/** Reads the environment once; a wrong value stops the start with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && (vars.SESSION_SECRET?.length ?? 0) < 32) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET must be at least 32 characters in production');
  }
  if (vars.METRICS_TOKEN !== undefined && vars.METRICS_TOKEN.length < 32) {
    throw new ConfigError('Invalid configuration: METRICS_TOKEN must be at least 32 characters');
  }
  if ((vars.ADDRESS_API_URL === undefined) !== (vars.ADDRESS_API_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: ADDRESS_API_URL and ADDRESS_API_KEY must be set together');
  }
  if (vars.SESSION_IDLE_HOURS > vars.SESSION_LIFETIME_DAYS * 24) {
    throw new ConfigError('Invalid configuration: SESSION_IDLE_HOURS must not be longer than SESSION_LIFETIME_DAYS');
  }
  // By default the repository's data/, whichever workspace starts the process; a relative path given is the
  // user's, from the folder they are in.
  const dataDir = vars.DATA_DIR === undefined ? path.join(repositoryDir(), 'data') : path.resolve(vars.DATA_DIR);
  const production = vars.NODE_ENV === 'production';
  return Object.freeze({
    nodeEnv: vars.NODE_ENV,
    // Outside production only this machine may connect; a container must listen on every interface to be reached.
    host: vars.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: vars.PORT,
    appOrigin: new URL(vars.APP_ORIGIN).origin,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir,
    sessionSecret: vars.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    metricsToken: vars.METRICS_TOKEN,
    totpEncryptionKey: totpEncryptionKeyOf(vars.TOTP_ENCRYPTION_KEY, vars.NODE_ENV),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailOutboxDir: path.resolve(vars.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    mailRetries: { maxTries: vars.MAIL_MAX_TRIES, firstDelayMs: vars.MAIL_RETRY_SECONDS * 1000 },
    backgroundWork: vars.BACKGROUND_WORK === 'on',
    housekeepingIntervalMs: vars.HOUSEKEEPING_INTERVAL_SECONDS * 1000,
    uploadDir: path.resolve(vars.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    exportDir: path.resolve(vars.EXPORT_DIR ?? path.join(dataDir, 'exports')),
    addressApiUrl: vars.ADDRESS_API_URL,
    addressApiKey: vars.ADDRESS_API_KEY,
    addressApiTimeoutMs: ADDRESS_API_TIMEOUT_MS,
    abr: { guid: vars.ABR_GUID, url: vars.ABR_URL, timeoutMs: ABR_TIMEOUT_MS },
    mapTileUrl: vars.MAP_TILE_URL,
    supportEmail: vars.SUPPORT_EMAIL,
    bank: { accountName: vars.BANK_ACCOUNT_NAME, bsb: vars.BANK_BSB, accountNumber: vars.BANK_ACCOUNT_NUMBER },
    // The API is described to whoever asks in development; in production only when the operator says so.
    apiDocs: (vars.API_DOCS ?? (production ? 'off' : 'on')) === 'on',
    trustProxy: readTrustProxy(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL,
    demoPassword: vars.DEMO_PASSWORD,
    demoSeed: vars.DEMO_SEED,
    sessionLimits: { idleMs: vars.SESSION_IDLE_HOURS * HOUR_MS, lifetimeMs: vars.SESSION_LIFETIME_DAYS * DAY_MS },
    webDistDir: undefined,
    ...overrides,
  });
}
