import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders found by walking up from this module's own place, not by counting `..`: the server runs from its
 * TypeScript sources (src/…) in development and from one compiled file (dist/…) in production, at other depths.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));

interface PackageManifest {
  workspaces?: unknown;
}

function nearestPackageDir(from: string, wanted: (manifest: PackageManifest) => boolean): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && wanted(JSON.parse(fs.readFileSync(file, 'utf8')) as PackageManifest)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json of the kind wanted above ${from}`);
  }
}

/** apps/server: the folder holding the migrations (drizzle/) and the demo address files. */
export const SERVER_DIR = nearestPackageDir(HERE, () => true);

/** The repository's root, whose package.json names the workspaces. */
export function repositoryDir(): string {
  return nearestPackageDir(SERVER_DIR, (manifest) => Array.isArray(manifest.workspaces));
}
