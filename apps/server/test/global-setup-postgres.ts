import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { adminQuery, databaseUrl } from './postgres-admin';

/** Migrates a template database once; every test file gets `CREATE DATABASE … TEMPLATE` of it. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `churchtrades_template_${process.pid}`;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
