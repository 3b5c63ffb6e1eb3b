import { describe, expect, it } from 'vitest';
import { readSearchView, searchViewQuery } from './search-view';

describe('List | Map in the URL', () => {
  it('reads the list by default and the map from view=map', () => {
    expect(readSearchView(new URLSearchParams(''))).toBe('list');
    expect(readSearchView(new URLSearchParams('view=globe'))).toBe('list');
    expect(readSearchView(new URLSearchParams('q=roof&view=map'))).toBe('map');
  });

  it('writes view=map, keeping the filters and the page, and leaves the default list out', () => {
    expect(searchViewQuery(new URLSearchParams('q=roof&page=2'), 'map')).toBe('?q=roof&page=2&view=map');
    expect(searchViewQuery(new URLSearchParams('q=roof&view=map'), 'list')).toBe('?q=roof');
    expect(searchViewQuery(new URLSearchParams('view=map'), 'list')).toBe('');
  });
});
