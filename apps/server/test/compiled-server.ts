import path from 'node:path';
import { buildServer, DIST_DIR } from '../build';

let building: Promise<void> | undefined;

/**
 * The node arguments that run one of production's entry points (`server`, `admin/cli`, `db/seed/cli`) as
 * production does, from dist/, compiled from the sources in hand once per test process (a second or two) so that
 * no test runs an outdated build.
 */
export async function compiledEntryArguments(entry: string): Promise<string[]> {
  building ??= buildServer();
  await building;
  return ['--enable-source-maps', path.join(DIST_DIR, `${entry}.js`)];
}

export function compiledServerArguments(): Promise<string[]> {
  return compiledEntryArguments('server');
}
