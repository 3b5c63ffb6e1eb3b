import type { SitemapUrl } from './service';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

function urlEntry({ loc, lastmod }: SitemapUrl): string {
  const modified = lastmod === undefined ? '' : `<lastmod>${lastmod.toISOString()}</lastmod>`;
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/** A `<urlset>`: the pages themselves, a line each. */
export function urlSetXml(urls: SitemapUrl[]): string {
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...urls.map(urlEntry), '</urlset>', ''].join('\n');
}

/** A `<sitemapindex>`: the sitemap files that hold the pages. */
export function sitemapIndexXml(sitemaps: string[]): string {
  const entries = sitemaps.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</sitemapindex>', ''].join('\n');
}
