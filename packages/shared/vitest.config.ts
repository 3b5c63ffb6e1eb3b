import { defineProject } from 'vitest/config';

// As many workers as the root config gives every project (vitest.config.ts): projects of different limits would run
// one after the other instead of side by side.
export default defineProject({ test: { name: 'shared', include: ['src/**/*.test.ts'], maxWorkers: 2 } });
