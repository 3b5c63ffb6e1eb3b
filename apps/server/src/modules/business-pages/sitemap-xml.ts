import { escapeMarkup } from '../../lib/markup';
import type { SitemapUrl } from './service';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function urlEntry({ loc, lastmod }: SitemapUrl): string {
  const modified = lastmod === undefined ? '' : `<lastmod>${lastmod.toISOString()}</lastmod>`;
  return `<url><loc>${escapeMarkup(loc)}</loc>${modified}</url>`;
}

/** A `<urlset>`: the pages themselves, a line each. */
export function urlSetXml(urls: SitemapUrl[]): string {
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...urls.map(urlEntry), '</urlset>', ''].join('\n');
}

/** A `<sitemapindex>`: the sitemap files that hold the pages. */
export function sitemapIndexXml(sitemaps: string[]): string {
  const entries = sitemaps.map((loc) => `<sitemap><loc>${escapeMarkup(loc)}</loc></sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</sitemapindex>', ''].join('\n');
}
