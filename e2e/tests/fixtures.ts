import { test as base } from '@playwright/test';

/** Pages are opened on the server that the global setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(baseUrl);
  },
});

export { expect } from '@playwright/test';
