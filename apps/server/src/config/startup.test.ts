import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledServerArguments } from '../../test/compiled-server';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('starting the server', () => {
  it('stops with one line naming PORT when PORT=abc', async () => {
    const result = spawnSync(process.execPath, await compiledServerArguments(), {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 15_000,
    });

    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a port number');
  });
});
