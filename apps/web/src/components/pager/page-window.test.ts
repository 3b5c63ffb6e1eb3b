import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

/** Shows a window as the pager does: page numbers from 1, '…' for a gap. */
function shown(current: number, totalPages: number): string {
  return pageWindow(current, totalPages)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page + 1)))
    .join(' ');
}

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(shown(0, 1)).toBe('1');
    expect(shown(2, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('shows the first, the last and two either side of the current page', () => {
    expect(shown(10, 67)).toBe('1 … 9 10 11 12 13 … 67');
    expect(shown(0, 67)).toBe('1 2 3 … 67');
    expect(shown(66, 67)).toBe('1 … 65 66 67');
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(shown(4, 20)).toBe('1 2 3 4 5 6 7 … 20');
  });

  it('has nothing for no pages and keeps a page past the end inside the window', () => {
    expect(shown(0, 0)).toBe('');
    expect(shown(99, 10)).toBe('1 … 8 9 10');
  });
});
