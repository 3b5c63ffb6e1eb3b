import path from 'node:path';
import { buildServer, DIST_DIR } from '../build';

let building: Promise<void> | undefined;

/**
 * The node arguments that run the server as production does, from dist/, compiled from the sources in hand once
 * per test run (a second or two) so that no test runs an outdated build.
 */
export async function compiledServerArguments(): Promise<string[]> {
  building ??= buildServer();
  await building;
  return ['--enable-source-maps', path.join(DIST_DIR, 'server.js')];
}
