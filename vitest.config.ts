import { defineConfig } from 'vitest/config';
import { databaseKinds, serverProject } from './apps/server/test-projects.ts';
import { SlowestTestFiles } from './scripts/slowest-test-files.ts';

export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vite.config.ts',
      ...databaseKinds().map((kind) => serverProject(kind, 'everyday')),
    ],
    // Two cores, a worker for each.
    maxWorkers: 2,
    reporters: ['default', new SlowestTestFiles()],
  },
});
