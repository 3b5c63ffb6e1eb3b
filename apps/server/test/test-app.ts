import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config/config';
import type { Database, DatabaseHandle } from '../src/db/database';
import { transactionalDatabase } from '../src/db/transactions';
import { createAuditRepo } from '../src/modules/audit/repo';
import { createAuditService } from '../src/modules/audit/service';
import { createOutboxRepo } from '../src/modules/mail/repo';
import { createMailService, type MailService } from '../src/modules/mail/service';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The test configuration, with its outbox and uploads in `dataDir`. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_ORIGIN: TEST_ORIGIN, DATA_DIR: dataDir }, overrides);
}

/** The session limits of a test app unless its overrides say otherwise: the configuration's defaults. */
export const testSessionLimits = loadConfig({ NODE_ENV: 'test' }).sessionLimits;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
}

/**
 * Builds the real app on a fresh database and data directory for this test file, removed after the file's
 * tests. Mail goes to the outbox unless `overrides.smtpUrl` names a mail catcher.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppDependencies, 'clock' | 'logDestination'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-data-'));
  const config = testConfig(dataDir, overrides);
  const database = await createTestDatabase();
  const app = await buildApp({ config, db: database.db, ...options });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config };
}

/** The mail service a job or service under test queues through: the outbox of `db`, in its callers' transactions. */
export function outboxMailService(db: Database, from: string): MailService {
  const joined = transactionalDatabase(db);
  return createMailService({
    repo: createOutboxRepo(joined.db),
    transactions: joined.transactions,
    audit: createAuditService(createAuditRepo(joined.db)),
    from,
  });
}
