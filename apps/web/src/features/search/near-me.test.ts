import { describe, expect, it } from 'vitest';
import { nearParams, nearQuery, readNear, visitorPosition } from './near-me';

function read(query: string) {
  return readNear(new URLSearchParams(query));
}

describe('"Near me" in the URL', () => {
  it('reads the position of `near`, rounded to 3 decimals', () => {
    expect(read('near=-33.8688,151.2093')).toEqual({ lat: -33.869, lng: 151.209 });
    expect(read('q=plumber&near=-12.5,130.8')).toEqual({ lat: -12.5, lng: 130.8 });
  });

  it('reads no position from a missing or impossible `near`, so an edited link still shows a search', () => {
    for (const bad of ['', 'near=', 'near=-33.8', 'near=-33.8,', 'near=abc,151', 'near=-95,151', 'near=-33,181', 'near=1,2,3', 'near=Infinity,1']) {
      expect(read(bad)).toBeNull();
    }
  });

  it('writes the rounded position, back to the first page, the other parameters kept', () => {
    const params = new URLSearchParams('q=tiler&state=NSW&page=3&view=map');
    expect(nearQuery(params, { lat: -33.869, lng: 151.2 })).toBe('?q=tiler&state=NSW&view=map&near=-33.869%2C151.200');
  });

  it('leaves `near` out when cleared', () => {
    expect(nearQuery(new URLSearchParams('near=-33.869,151.209&page=2&q=roof'), null)).toBe('?q=roof');
    expect(nearQuery(new URLSearchParams('near=-33.869,151.209'), null)).toBe('');
  });

  it('reads back what it writes', () => {
    const near = visitorPosition(-37.81362, 144.96305);
    expect(read(nearQuery(new URLSearchParams(), near))).toEqual({ lat: -37.814, lng: 144.963 });
  });

  it('asks the server for lat and lng only with a position', () => {
    expect(nearParams({ lat: -27.47, lng: 153.026 })).toEqual({ lat: -27.47, lng: 153.026 });
    expect(nearParams(null)).toEqual({});
  });
});
