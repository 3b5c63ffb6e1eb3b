import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: REPOSITORY });

/** What the boundary rule says of `code` written in `file` (a path under apps/web/src, which need not exist). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPOSITORY, 'apps/web/src', file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

// The imported files exist: an import the rule cannot resolve is one it lets through.
describe('the web app lint rule on imports', () => {
  it('refuses a feature importing another feature, however the path is spelt', async () => {
    const code = [
      "export { useFinishLogin } from '../../auth/hooks/use-finish-login';",
      "export { LoginPage } from '../../../features/auth/components/login-page';",
    ].join('\n');

    const errors = await boundaryErrors('features/search/components/search-page.tsx', code);

    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('Features do not import each other');
  });

  it('refuses a feature importing app/', async () => {
    const errors = await boundaryErrors('features/search/components/search-page.tsx', "export { routes } from '../../../app/router';");

    expect(errors).toEqual([expect.stringContaining('a feature does not import it')]);
  });

  it('refuses shared code importing a feature or app/', async () => {
    const feature = "export { LoginPage } from '../features/auth/components/login-page';";
    const app = "export { routes } from '../app/router';";

    for (const folder of ['components', 'hooks', 'lib', 'config']) {
      expect(await boundaryErrors(`${folder}/shared.ts`, `${feature}\n${app}`)).toHaveLength(2);
    }
  });

  it('refuses test helpers in what the app ships, and lets tests use them', async () => {
    const code = "export { makeUser } from '../../../testing/user-factory';";

    expect(await boundaryErrors('features/search/components/search-page.tsx', code)).toEqual([
      expect.stringContaining('Only tests import test helpers'),
    ]);
    expect(await boundaryErrors('features/search/components/search-page.test.tsx', code)).toEqual([]);
  });

  it('lets a feature import its own files, shared code and the paths table', async () => {
    const code = [
      "export { SearchFilters } from './search-filters';",
      "export { useDebouncedValue } from '../../../hooks/use-debounced-value';",
      "export { api } from '../../../lib/api';",
      "export { paths } from '../../../config/paths';",
    ].join('\n');

    expect(await boundaryErrors('features/search/components/search-page.tsx', code)).toEqual([]);
  });
});
