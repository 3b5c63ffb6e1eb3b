import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './servers';

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell), as Playwright runs its own headless
 * Chromium: a third less CPU than the full browser in its headless mode, most of the suite's time on two cores.
 * The full browser where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './server-setup.ts',
  fullyParallel: false,
  // A server for each worker (servers.ts); the specs of a file run in order, in one worker.
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  // Every run ends with its ten slowest files, so that a file growing slower is seen the day it does.
  reportSlowTests: { max: 10, threshold: 0 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
});
