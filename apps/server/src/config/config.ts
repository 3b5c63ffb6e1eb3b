import path from 'node:path';
import { z } from 'zod';

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
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  APP_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).default('http://localhost:3000'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: optionalText,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('ChurchTrades <no-reply@churchtrades.au>'),
  MAIL_OUTBOX_DIR: optionalText,
  UPLOAD_DIR: optionalText,
  ADDRESS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ADDRESS_API_KEY: optionalText,
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SUPPORT_EMAIL: z.email().default('support@churchtrades.au'),
  BANK_ACCOUNT_NAME: z.string().default('ChurchTrades Ltd'),
  BANK_BSB: z.string().default('000-000'),
  BANK_ACCOUNT_NUMBER: z.string().default('00000000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  DEMO_PASSWORD: z.string().min(5).default('Pews-and-Parish-Picnics-2025'),
  DEMO_SEED: z.coerce.number().int().default(20250420),
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
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  uploadDir: string;
  addressApiUrl: string | undefined;
  addressApiKey: string | undefined;
  /** How long the external address service may take to answer before the lookup gives up. */
  addressApiTimeoutMs: number;
  mapTileUrl: string;
  supportEmail: string;
  bank: { accountName: string; bsb: string; accountNumber: string };
  logLevel: Environment['LOG_LEVEL'];
  redisUrl: string | undefined;
  demoPassword: string;
  demoSeed: number;
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-change-me';
/** A person waits for suggestions while typing: longer than this, and typing on is the better answer. */
const ADDRESS_API_TIMEOUT_MS = 3000;

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
  if ((vars.ADDRESS_API_URL === undefined) !== (vars.ADDRESS_API_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: ADDRESS_API_URL and ADDRESS_API_KEY must be set together');
  }
  const dataDir = path.resolve(vars.DATA_DIR);
  return Object.freeze({
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    appOrigin: new URL(vars.APP_ORIGIN).origin,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir,
    sessionSecret: vars.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailOutboxDir: path.resolve(vars.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    uploadDir: path.resolve(vars.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    addressApiUrl: vars.ADDRESS_API_URL,
    addressApiKey: vars.ADDRESS_API_KEY,
    addressApiTimeoutMs: ADDRESS_API_TIMEOUT_MS,
    mapTileUrl: vars.MAP_TILE_URL,
    supportEmail: vars.SUPPORT_EMAIL,
    bank: { accountName: vars.BANK_ACCOUNT_NAME, bsb: vars.BANK_BSB, accountNumber: vars.BANK_ACCOUNT_NUMBER },
    logLevel: vars.LOG_LEVEL,
    redisUrl: vars.REDIS_URL,
    demoPassword: vars.DEMO_PASSWORD,
    demoSeed: vars.DEMO_SEED,
    webDistDir: undefined,
    ...overrides,
  });
}
