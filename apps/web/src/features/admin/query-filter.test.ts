import { describe, expect, it } from 'vitest';
import { anyText, filterParams, filterQuery, isoDate, oneOf, readFilter, readPage, uuid } from './query-filter';

const FIELDS = { text: anyText, state: oneOf(['NSW', 'VIC']), churchId: uuid, from: isoDate };
const CHURCH = '0b6f0000-0000-4000-8000-000000000001';

describe('query-filter', () => {
  it('reads each filter the URL holds, and "any" for one it does not', () => {
    const filter = readFilter(FIELDS, new URLSearchParams(`text=+jones+&state=VIC&churchId=${CHURCH}`));

    expect(filter).toEqual({ text: 'jones', state: 'VIC', churchId: CHURCH, from: '' });
  });

  it('reads a value the API would refuse as "any"', () => {
    const query = `text=${'x'.repeat(101)}&state=WA&churchId=12&from=2025-02-31x`;
    const filter = readFilter(FIELDS, new URLSearchParams(query));

    expect(filter).toEqual({ text: '', state: '', churchId: '', from: '' });
  });

  it('reads page 0 for a missing, negative or broken page', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    for (const page of ['', 'page=-1', 'page=two', 'page=1.5']) expect(readPage(new URLSearchParams(page))).toBe(0);
  });

  it('writes only what is chosen, and the page from the second on', () => {
    expect(filterQuery({ text: 'hot water', state: '', churchId: '', from: '' }, 0)).toBe('?text=hot+water');
    expect(filterQuery({ text: '', state: 'NSW', churchId: '', from: '' }, 2)).toBe('?state=NSW&page=2');
    expect(filterQuery({ text: '', state: '', churchId: '', from: '' }, 0)).toBe('');
  });

  it('asks the API for the chosen filters, the page and its size', () => {
    expect(filterParams({ text: 'jo', state: '', churchId: CHURCH, from: '' }, 1, 20)).toEqual({
      text: 'jo',
      churchId: CHURCH,
      page: 1,
      size: 20,
    });
  });
});
