import { PGlite } from '@electric-sql/pglite';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { compiledEntryArguments } from '../../test/compiled-server';
import { adminQuery, databaseUrl } from '../../test/postgres-admin';
import { PGLITE_EXTENSIONS } from '../db/database';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const COMMAND_TIMEOUT_MS = 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * A migrated database of this file's own, as the command finds it through its environment: a PostgreSQL
 * database in DATABASE_URL, or an embedded one in DATA_DIR unpacked from the migrated template, which is far
 * quicker than a first start's initialisation.
 */
async function ownDatabase(): Promise<Record<string, string>> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(template.templateDumpPath)]);
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    await client.close();
    return { DATA_DIR: dataDir };
  }
  const name = `churchtrades_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  afterAll(() => adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(template.serverUrl, name) };
}

const database = await ownDatabase();
const adminCommand = await compiledEntryArguments('admin/cli');

/** `npm run admin -- …` as an operator runs it, with the server's configuration. */
function admin(args: string[], target: Record<string, string> = database) {
  const { DATABASE_URL: _unset, DATA_DIR: _unsetToo, ...env } = process.env;
  return spawnSync(process.execPath, [...adminCommand, ...args], {
    cwd: SERVER_DIR,
    env: { ...env, ...target, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) },
    encoding: 'utf8',
    timeout: COMMAND_TIMEOUT_MS,
  });
}

describe('npm run admin', () => {
  it('creates an account, then resets its password to a new one it prints once', { timeout: 2 * COMMAND_TIMEOUT_MS }, () => {
    const created = admin(['create-user', '--role', 'SUPER', '--email', 'super@example.com.au', '--password', 'vestry-meeting-at-7']);

    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toBe('Created the SUPER account super@example.com.au, verified and enabled.\n');

    const reset = admin(['reset-password', '--email', 'super@example.com.au']);

    expect(reset.status).toBe(0);
    expect(reset.stdout).toMatch(/^Set a new password for super@example\.com\.au and ended its sessions\.\n/);
    expect(reset.stdout).toMatch(/Password of super@example\.com\.au, shown this once: [\w-]{24}\n$/);
  });

  it('refuses an e-mail that has an account already, exiting 1', { timeout: COMMAND_TIMEOUT_MS }, () => {
    const again = admin(['create-user', '--role', 'ADMIN', '--email', 'SUPER@example.com.au']);

    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('An account with the e-mail SUPER@example.com.au exists already');
  });

  it('exits 2 with the reason and the usage on bad arguments, before touching any database', () => {
    const result = admin(['create-user', '--role', 'OWNER', '--email', 'a@b.au'], { DATA_DIR: path.join(dataDir, 'untouched') });

    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown role OWNER: one of USER, TRADER, .*SUPER\n\nUsage:/);
    expect(fs.existsSync(path.join(dataDir, 'untouched'))).toBe(false);
  });

  it('refuses an embedded database a running server holds, saying so', () => {
    const heldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-held-'));
    // This test process stands for the server: it is running, and it is not the command's own process.
    fs.writeFileSync(path.join(heldDir, 'server.lock'), String(process.pid));
    try {
      const result = admin(['reset-password', '--email', 'a@b.au'], { DATA_DIR: heldDir });

      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        `The embedded database in ${heldDir} is already open in process ${process.pid}; stop it first or set DATABASE_URL`,
      );
    } finally {
      fs.rmSync(heldDir, { recursive: true, force: true });
    }
  });
});
