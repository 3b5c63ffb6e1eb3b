import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config/config';
import type { DatabaseHandle } from '../src/db/database';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_ORIGIN: TEST_ORIGIN }, overrides);
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** Builds the real app on a fresh database for this test file, closed after the file's tests. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), db: database.db });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}
