import { escapeMarkup } from '../../lib/markup';
import type { BusinessPageHead } from './service';

/**
 * JSON that cannot end its `<script>` element or open a comment inside it (`</script>`, `<!--`), and that
 * JavaScript parsers read too (U+2028 and U+2029 end a line in older ones).
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function headTags(head: BusinessPageHead, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;
  return [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeMarkup(head.canonicalUrl)}" />`,
    meta('property', 'og:type', 'business.business'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    ...(head.imageUrl === undefined ? [] : [meta('property', 'og:image', head.imageUrl)]),
    ...(head.imageAlt === undefined ? [] : [meta('property', 'og:image:alt', head.imageAlt)]),
    `<script type="application/ld+json">${scriptSafeJson(head.structuredData)}</script>`,
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const HEAD_END = /<\/head>/i;
const DOCTYPE = /^\s*(<!doctype[^>]*>)?/i;

/** Where the page's tags go: in place of the title, else at the end of the head, else after the doctype. */
function tagsPlace(html: string): { start: number; end: number } {
  const title = TITLE.exec(html);
  if (title) return { start: title.index, end: title.index + title[0].length };
  const at = HEAD_END.exec(html)?.index ?? DOCTYPE.exec(html)![0].length;
  return { start: at, end: at };
}

/**
 * The built `index.html` cut once, at start, around the place of its `<title>`, and without its site-wide
 * description: a page's own tags take their place, so that it has one title and one description.
 */
export function businessPageTemplate(indexHtml: string, siteName: string): (head: BusinessPageHead) => string {
  const html = indexHtml.replace(DESCRIPTION, '');
  const { start, end } = tagsPlace(html);
  const before = html.slice(0, start);
  const after = html.slice(end);
  return (head) => `${before}${headTags(head, siteName)}${after}`;
}
