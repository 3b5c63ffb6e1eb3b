import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

function serverProject(kind: 'pglite' | 'postgres'): TestProjectConfiguration {
  return {
    extends: './apps/server/vitest.config.ts',
    test: {
      name: `server:${kind}`,
      root: './apps/server',
      globalSetup: [`./test/global-setup-${kind}.ts`],
    },
  };
}

// Integration tests run on the embedded database always, and on PostgreSQL too when one is given.
const serverProjects = [serverProject('pglite'), ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : [])];

export default defineConfig({
  test: {
    projects: ['packages/shared/vitest.config.ts', 'apps/web/vite.config.ts', ...serverProjects],
  },
});
