import fs from 'node:fs';
import path from 'node:path';
import { escapeMarkup } from '../lib/markup';

/** One entry of the web build's manifest (`vite build` with `build.manifest`): a module's file and what it needs. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
const HEAD_END = /<\/head>/i;

/** The built web app's manifest, read once at start; undefined when the web app is not built. */
export function readWebManifest(distDir: string | undefined): WebManifest | undefined {
  if (distDir === undefined) return undefined;
  const file = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as WebManifest) : undefined;
}

/** The manifest keys of a module and of every module it imports statically, itself first. */
function staticGraph(manifest: WebManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || manifest[key] === undefined) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticGraph(manifest, imported, seen);
  return seen;
}

/**
 * The tags that have the browser fetch a lazily loaded page's code while it reads the HTML, instead of after
 * the entry script has run and asked for it: each script the page module needs beyond the entry's own, and its
 * styles (preloaded only: Vite adds them as stylesheets when the module loads, so they never block the first paint).
 * None for a module the build does not have.
 */
export function pageCodePreloads(manifest: WebManifest | undefined, pageModule: string): string[] {
  if (manifest?.[pageModule] === undefined) return [];
  const loadedWithEntry = staticGraph(manifest, ENTRY);
  const needed = [...staticGraph(manifest, pageModule)].filter((key) => !loadedWithEntry.has(key));
  const chunks = needed.map((key) => manifest[key]!);
  return [
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeMarkup(chunk.file)}" />`),
    ...chunks.flatMap((chunk) => chunk.css ?? []).map((css) => `<link rel="preload" as="style" href="/${escapeMarkup(css)}" />`),
  ];
}

/**
 * A tag that starts an API request with the HTML. The app's own `fetch` of the same URL then takes the answer
 * instead of asking again: it sends credentials (`credentials: 'include'`), hence `use-credentials`.
 */
export function apiPreload(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeMarkup(url)}" />`;
}

/**
 * A tag that has the browser fetch the picture at the top of a page with the HTML, first among the images, instead
 * of after the page's code has run and drawn it.
 */
export function imagePreload(url: string): string {
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeMarkup(url)}" />`;
}

/** The HTML with the tags at the end of its head. */
export function withPreloads(html: string, tags: string[]): string {
  const headEnd = HEAD_END.exec(html);
  if (!headEnd || tags.length === 0) return html;
  return `${html.slice(0, headEnd.index)}${tags.join('\n    ')}\n  ${html.slice(headEnd.index)}`;
}
