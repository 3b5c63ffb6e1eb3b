import { defineConfig } from 'vitest/config';
import { databaseKinds, serverProject } from './apps/server/test-projects.ts';
import { SlowestTestFiles } from './scripts/slowest-test-files.ts';

/** `npm run test:slow`: the fault runs under load, which take minutes and the whole machine each. */
export default defineConfig({
  test: {
    projects: databaseKinds().map((kind) => serverProject(kind, 'slow')),
    maxWorkers: 1,
    reporters: ['default', new SlowestTestFiles()],
  },
});
