export type PageWindowItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/**
 * Which page numbers a pager shows (pages from 0): the first, the last, and `radius` either side of the
 * current one, with a gap where pages are left out. A gap would hide a single page, so that page is
 * shown instead: the pager then never reads "1 … 3".
 */
export function pageWindow(current: number, totalPages: number, radius = 2): PageWindowItem[] {
  if (totalPages < 1) return [];
  const last = totalPages - 1;
  const here = Math.min(Math.max(current, 0), last);
  const shown = new Set<number>([0, last]);
  for (let page = Math.max(0, here - radius); page <= Math.min(last, here + radius); page += 1) {
    shown.add(page);
  }

  const items: PageWindowItem[] = [];
  let previous: number | undefined;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
