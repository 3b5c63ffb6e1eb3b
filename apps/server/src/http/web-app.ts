import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SEARCH_PAGE_SIZE } from '@churchtrades/shared/constants';
import { AppError } from './app-error';
import { NOT_FOUND_MESSAGE } from './error-handler';
import { apiPreload, pageCodePreloads, readWebManifest, withPreloads } from './page-preloads';

const HASHED_ASSET = /\/assets\//;
const BUILD_MANIFEST = /^\/\.vite\//;

/** The search page, the home page most visits start at: its module in the build, and its first API requests. */
const HOME_PAGE_MODULE = 'src/features/search/components/search-page.tsx';
/**
 * What the search page asks first with no filter, as the web app writes the URLs (`e2e/tests/page-preloads.spec.ts`
 * fails if they drift): the first page of all listed businesses, the main categories and every church.
 */
const HOME_PAGE_REQUESTS = [
  `/api/trades/clientFilter?page=0&size=${SEARCH_PAGE_SIZE}&stateType=ALL`,
  '/api/category/main_categories',
  '/api/churches/stateChurches?stateType=ALL',
];
// Paths that are never pages: the API, and uploaded images (a missing one is a 404, not the app).
const NOT_PAGES = ['/api', '/uploads'];

function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const isNotPage = NOT_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return (request.method === 'GET' || request.method === 'HEAD') && !isNotPage;
}

/** The built web app's `index.html`, read once at start; undefined when the web app is not built. */
export function readIndexHtml(distDir: string | undefined): string | undefined {
  if (distDir === undefined) return undefined;
  const file = path.join(distDir, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * The home page's HTML: `index.html` with its page's code and, for the plain address, its first API answers
 * fetched alongside the entry script rather than one after the other.
 */
function homePageHtml(distDir: string): { plain: string; filtered: string } {
  const indexHtml = readIndexHtml(distDir)!;
  const code = pageCodePreloads(readWebManifest(distDir), HOME_PAGE_MODULE);
  return {
    plain: withPreloads(indexHtml, [...code, ...HOME_PAGE_REQUESTS.map(apiPreload)]),
    filtered: withPreloads(indexHtml, code),
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, and `index.html` (never cached, so a new
 * release is picked up) for every other non-API path, where the app's router shows its Not-Found screen.
 * A file is sent as the build's Brotli or gzip copy beside it (`.br`, `.gz`) when the browser accepts one,
 * compressed once at build time rather than on every answer.
 * Unknown API paths and missing uploads answer 404 in the envelope.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | undefined }) => {
  const distDir = options.distDir;
  const hasWebApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build's manifest is for the server, not for browsers.
      allowedPath: (pathName) => !BUILD_MANIFEST.test(pathName),
      setHeaders(response, filePath) {
        const cacheControl = HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
        response.header('cache-control', cacheControl);
      },
    });
    const homePage = homePageHtml(distDir);
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const html = request.url.includes('?') ? homePage.filtered : homePage.plain;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasWebApp && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
});
