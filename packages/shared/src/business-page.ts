/**
 * The public page of a business: `/business/{id}/{slug}`. The slug is for people and search engines only; the
 * id finds the business, and a page asked for with another slug points to the right one (canonical link).
 */
export function businessSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'business';
}

export function businessPath(id: string, name: string): string {
  return `/business/${id}/${businessSlug(name)}`;
}

/** What a business's cover picture is said to show, on its page and in link previews. */
export function coverPictureAlt(name: string): string {
  return `Cover picture of ${name}`;
}
