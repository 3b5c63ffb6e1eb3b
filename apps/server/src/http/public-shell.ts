import fs from 'node:fs';
import path from 'node:path';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The public layout (menu, footer, the page's loading spinner) as HTML, rendered when the web app was built
 * (`apps/web/scripts/prerender-public-shell.tsx`); undefined for a build without it.
 */
export function readPublicShell(distDir: string | undefined): string | undefined {
  if (distDir === undefined) return undefined;
  const file = path.join(distDir, '.vite', 'public-shell.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * A public page's HTML with the public layout already in the app's root: the browser paints it as soon as the
 * stylesheet has arrived, instead of a blank page until the app's code has loaded and run. The app's first
 * render replaces it with the same layout. Pages of the signed-in area keep the empty root: their layout is
 * another.
 */
export function withPublicShell(indexHtml: string, shell: string | undefined): string {
  if (shell === undefined) return indexHtml;
  return indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${shell}</div>`);
}
