import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './servers';

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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'off',
  },
});
