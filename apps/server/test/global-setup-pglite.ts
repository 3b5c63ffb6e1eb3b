import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../src/db/database';

/** Migrates one embedded database and dumps it; every test file starts from a copy of that dump. */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-template-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templateDumpPath: dumpPath });
  return () => fs.rm(dir, { recursive: true, force: true });
}
