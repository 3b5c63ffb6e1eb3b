import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Compiles the server and the command-line tools production runs into apps/server/dist, one file each with its
 * source map, so that production runs plain JavaScript (`node --enable-source-maps dist/server.js`) and needs
 * no TypeScript tooling. `npm run build:server` runs it.
 */
const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DIST_DIR = path.join(SERVER_DIR, 'dist');

const ENTRY_POINTS = ['src/server.ts', 'src/worker.ts', 'src/admin/cli.ts', 'src/db/seed/cli.ts', 'src/db/address-import/cli.ts'];

/**
 * Installed packages stay in node_modules, where the native and WebAssembly ones find the files they load beside
 * themselves; the workspace's own TypeScript packages (@churchtrades/shared) are compiled in.
 */
const installedPackagesStayInstalled: Plugin = {
  name: 'installed-packages-stay-installed',
  setup(compiler) {
    compiler.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@churchtrades/') ? undefined : { external: true },
    );
  },
};

/**
 * Each file is written beside its place and renamed into it, so that a server or command started from dist/ while
 * another build runs (two test workers, say) reads the old file or the new one, never half of one.
 */
export async function buildServer(): Promise<void> {
  const { outputFiles } = await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ENTRY_POINTS,
    outbase: 'src',
    outdir: DIST_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    sourcesContent: false,
    plugins: [installedPackagesStayInstalled],
    logLevel: 'warning',
    write: false,
  });
  await Promise.all(outputFiles.map((file) => replaceFile(file.path, file.contents)));
}

async function replaceFile(target: string, contents: Uint8Array): Promise<void> {
  const written = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(written, contents);
  await fs.rename(written, target);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
