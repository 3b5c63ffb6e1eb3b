import { describe, expect, it } from 'vitest';
import { readSearchFilter, searchFilterQuery } from './search-filter';

describe('search filter in the URL', () => {
  it('reads the page from ?page=, from 0', () => {
    expect(readSearchFilter(new URLSearchParams('page=3'))).toEqual({ page: 3 });
    expect(readSearchFilter(new URLSearchParams(''))).toEqual({ page: 0 });
  });

  it('reads a page that is not a whole positive number as page 0', () => {
    for (const bad of ['-1', 'abc', '1.5', '1e400', '']) {
      expect(readSearchFilter(new URLSearchParams({ page: bad }))).toEqual({ page: 0 });
    }
  });

  it('writes the page, leaves page 0 out and keeps other parameters', () => {
    expect(searchFilterQuery(new URLSearchParams('x=1'), { page: 2 })).toBe('?x=1&page=2');
    expect(searchFilterQuery(new URLSearchParams('page=4'), { page: 0 })).toBe('');
  });
});
