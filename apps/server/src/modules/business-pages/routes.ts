import { REVIEWS_PAGE_SIZE } from '@churchtrades/shared/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { NOT_FOUND_MESSAGE } from '../../http/error-handler';
import { apiPreload, imagePreload, pageCodePreloads, type WebManifest, withPreloads } from '../../http/page-preloads';
import { businessPageTemplate } from './page-html';
import { type BusinessPageHead, type BusinessPageService, SITE_NAME } from './service';
import { sitemapIndexXml, urlSetXml } from './sitemap-xml';

export interface BusinessPageRoutesOptions {
  pages: BusinessPageService;
  /** The built web app's index.html; without it there are no pages to serve (an API-only run). */
  indexHtml: string | undefined;
  /** The web build's manifest: which files the business page's code is in. */
  manifest: WebManifest | undefined;
}

// The page with its reviews, and its "Send an enquiry", a child route the web app's router loads with it.
const BUSINESS_PAGE_MODULES = [
  'src/app/routes/business-with-reviews.tsx',
  'src/features/enquiries/components/business-enquiry.tsx',
];

const XML = 'application/xml; charset=utf-8';
// Crawlers come back for these now and then; an hour's delay before a new business is named costs nothing.
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';

/**
 * What search engines and link previews read without running the web app: a business page's first HTML
 * answer with its own head, the sitemaps and robots.txt. Nothing here depends on a session.
 */
export const businessPageRoutes: FastifyPluginAsyncZod<BusinessPageRoutesOptions> = async (
  app,
  { pages, indexHtml, manifest },
) => {
  if (indexHtml !== undefined) {
    const pageWith = businessPageTemplate(indexHtml, SITE_NAME);
    const pageCode = [...new Set(BUSINESS_PAGE_MODULES.flatMap((module) => pageCodePreloads(manifest, module)))];
    // The page's code, the answers it asks for first (the business, its first page of reviews, and the map's tiles
    // when it has a map) and the cover picture at its top come with the HTML. The URLs are written as the web app
    // writes them in its requests (`e2e/tests/page-preloads.spec.ts` fails if they drift).
    const preloadsOf = (id: string, head: BusinessPageHead) => [
      ...pageCode,
      apiPreload(`/api/trades/${encodeURIComponent(id)}`),
      apiPreload(`/api/trades/${encodeURIComponent(id)}/reviews?page=0&size=${REVIEWS_PAGE_SIZE}`),
      ...(head.showsMap ? [apiPreload('/api/site')] : []),
      ...(head.coverPicture === undefined ? [] : [imagePreload(head.coverPicture)]),
    ];

    // The slug is for people and search engines only: a shortened link without it finds the business too.
    for (const path of ['/business/:id/:slug', '/business/:id']) {
      app.get(path, { schema: { hide: true, params: z.object({ id: z.string() }) } }, async (request, reply) => {
        const head = await pages.pageHead(request.params.id);
        // Never cached, as every page of the app, so that a new release (and an unlisting) shows at once.
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        // The app itself, unchanged, shows its Not-Found screen; the status tells crawlers.
        if (!head) return reply.code(404).send(indexHtml);
        return reply.send(withPreloads(pageWith(head), preloadsOf(request.params.id, head)));
      });
    }
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const sitemap = await pages.sitemap();
    const xml = sitemap.kind === 'urls' ? urlSetXml(sitemap.urls) : sitemapIndexXml(sitemap.sitemaps);
    return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(xml);
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const urls = await pages.sitemapFile(request.params.file);
      if (!urls) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(urlSetXml(urls));
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', ROBOTS_CACHE).type('text/plain; charset=utf-8').send(pages.robotsTxt()),
  );
};
