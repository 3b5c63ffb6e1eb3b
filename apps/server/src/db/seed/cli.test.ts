import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledEntryArguments } from '../../../test/compiled-server';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const COMMAND_TIMEOUT_MS = 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-seed-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run db:seed', () => {
  it('refuses in production, saying why, before opening any database', { timeout: COMMAND_TIMEOUT_MS }, async () => {
    const { DATABASE_URL: _unset, ...env } = process.env;
    const target = path.join(dataDir, 'untouched');

    const result = spawnSync(process.execPath, await compiledEntryArguments('db/seed/cli'), {
      cwd: SERVER_DIR,
      env: { ...env, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), DATA_DIR: target },
      encoding: 'utf8',
      timeout: COMMAND_TIMEOUT_MS,
    });

    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Seeding failed: NODE_ENV is production: the demo data is never seeded there/);
    expect(fs.existsSync(target)).toBe(false);
  });
});
