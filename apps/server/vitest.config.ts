import { defineProject } from 'vitest/config';

/** Server tests; the root config runs them once per database kind. */
export default defineProject({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
