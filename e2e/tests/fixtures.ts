import { test as base } from '@playwright/test';
import { serverOfWorker } from '../servers';

/** Pages are opened on the server that the global setup started for this test's worker. */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => {
    await use(serverOfWorker(testInfo.parallelIndex).baseUrl);
  },
});

export { expect } from '@playwright/test';
