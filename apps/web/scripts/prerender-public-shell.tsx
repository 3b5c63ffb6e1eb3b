import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { PageLoading } from '../src/app/routes/page-loading';
import { PublicLayout } from '../src/components/layouts/public-layout';

/**
 * Writes the public layout (menu, footer) with its page's loading spinner as HTML, as the app first renders it on
 * a public page, to `dist/.vite/public-shell.html`. The server puts it in the root of the search and business
 * pages' HTML, so they paint with the stylesheet alone instead of after the app's code has run; the app's first
 * render then replaces it with the same. The `.vite` folder is never served. Runs after `vite build`.
 */
const SHELL_FILE = fileURLToPath(new URL('../dist/.vite/public-shell.html', import.meta.url));

const routes: RouteObject[] = [{ element: <PublicLayout />, children: [{ path: '*', element: <PageLoading fillsScreen /> }] }];

async function renderPublicShell(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the public layout answered ${context.status} instead of rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

await fs.writeFile(SHELL_FILE, await renderPublicShell());
