import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const WEB_FEATURES = fs
  .readdirSync(path.join(WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The web app's imports go one way (STYLE.md habit 10, as bulletproof-react's do): app/ composes the features,
// a feature uses shared code, and shared code knows no feature. Paths are relative to apps/web/src.
const WEB_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'Features do not import each other: what two share moves to components/, hooks/, lib/ or packages/shared.',
  })),
  { target: './features', from: './app', message: 'app/ composes the features; a feature does not import it.' },
  {
    target: ['./components', './hooks', './lib', './config'],
    from: ['./features', './app'],
    message: 'Shared code imports no feature, nor app/.',
  },
];

// Test helpers may import anything, but nothing the app ships imports them.
const WEB_TEST_HELPERS_ZONE = {
  target: '.',
  from: ['./testing/**', './features/*/testing/**'],
  message: 'Only tests import test helpers.',
};

const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/testing/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/drizzle/meta/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: WEB_SRC, zones: WEB_ZONES }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: WEB_SRC, zones: [...WEB_ZONES, WEB_TEST_HELPERS_ZONE] }],
    },
  },
  {
    // Playwright fixtures that use no other fixture must still destructure their first argument.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
