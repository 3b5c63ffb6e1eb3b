import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The config is also loaded from the repository root (`npx vite build apps/web`, the root vitest
  // projects list), so paths are anchored here rather than at the working directory.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      // The default react-toastify entry injects a <style> element at run time, which a strict
      // Content-Security-Policy blocks; the unstyled entry plus its CSS file (imported once in
      // src/main.tsx) gives the same look from the bundled stylesheet. Aliasing the bare name keeps a
      // single toast store: `toast()` and `<ToastContainer>` from two entries would not see each other.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    unstubGlobals: true,
    restoreMocks: true,
    // A page test clicks and types through several renders; on a loaded CI machine that outlasts the 5 s default.
    testTimeout: 20_000,
  },
});
