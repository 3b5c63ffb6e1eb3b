import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { adminQuery, databaseUrl } from './postgres-admin';

export type TestDatabaseTemplate =
  | { kind: 'pglite'; templateDumpPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** A fresh, migrated database of its own for one test file (PGlite, or PostgreSQL when configured). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const dump = await fs.readFile(template.templateDumpPath);
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  return createPostgresTestDatabase(template.serverUrl, template.template);
}

/** A fresh PostgreSQL database made from the migrated template, dropped when closed; `url` for other processes. */
export async function createPostgresTestDatabase(
  serverUrl: string,
  template: string,
): Promise<DatabaseHandle & { url: string }> {
  const name = `churchtrades_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
