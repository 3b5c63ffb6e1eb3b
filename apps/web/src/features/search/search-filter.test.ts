import { SEARCH_TEXT_MAX_LENGTH } from '@churchtrades/shared/constants';
import { mapPointsQuerySchema } from '@churchtrades/shared/map';
import { STATE_FILTER_BUTTON_ORDER } from '@churchtrades/shared/states';
import { tradeSearchQuerySchema } from '@churchtrades/shared/trade-search';
import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  EMPTY_SEARCH_FILTER,
  filterParams,
  readSearchFilter,
  type SearchFilter,
  searchFilterQuery,
  tradeSearchParams,
} from './search-filter';

const CHURCH = '0b6f3c1e-5a4d-4c2b-9e8f-1a2b3c4d5e6f';

function read(query: string): SearchFilter {
  return readSearchFilter(new URLSearchParams(query));
}

function filter(overrides: Partial<SearchFilter>): SearchFilter {
  return { ...EMPTY_SEARCH_FILTER, ...overrides };
}

describe('search filter in the URL', () => {
  it('reads every filter and the page', () => {
    expect(read(`q=hot+water&state=NSW&cat=4&sub=27&church=${CHURCH}&verified=true&minRating=4&page=3`)).toEqual({
      text: 'hot water',
      state: 'NSW',
      category: 4,
      subCategory: 27,
      churchId: CHURCH,
      verified: true,
      minRating: 4,
      page: 3,
    });
  });

  it('reads an empty query as no filter on page 0', () => {
    expect(read('')).toEqual(EMPTY_SEARCH_FILTER);
  });

  it('reads a page that is not a whole positive number as page 0', () => {
    for (const bad of ['-1', 'abc', '1.5', '1e400', '']) {
      expect(read(`page=${bad}`).page).toBe(0);
    }
  });

  it('reads a value that cannot be right as none chosen, so an edited link still shows a search', () => {
    expect(read('state=XYZ&cat=-1&church=not-a-uuid')).toEqual(EMPTY_SEARCH_FILTER);
    expect(read('cat=1.5').category).toBeNull();
    expect(read('cat=0').category).toBeNull();
    expect(read('state=vic').state).toBe('VIC');
  });

  it('keeps a sub category only beside its main category', () => {
    expect(read('sub=27')).toEqual(EMPTY_SEARCH_FILTER);
    expect(read('cat=4&sub=x')).toEqual(filter({ category: 4 }));
  });

  it('trims the text and cuts it where the server does', () => {
    expect(read('q=%20%20plumbing%20').text).toBe('plumbing');
    expect(read(`q=${'a'.repeat(250)}`).text).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
  });

  it('writes every filter, leaving defaults out and keeping other parameters', () => {
    const full = filter({ text: 'hot water', state: 'QLD', category: 4, subCategory: 27, churchId: CHURCH, page: 2 });
    expect(searchFilterQuery(new URLSearchParams('x=1'), full)).toBe(
      `?x=1&q=hot+water&state=QLD&cat=4&sub=27&church=${CHURCH}&page=2`,
    );
    expect(searchFilterQuery(new URLSearchParams('q=old&state=NSW&page=4'), EMPTY_SEARCH_FILTER)).toBe('');
  });

  it('reads back what it writes', () => {
    const filters = [
      EMPTY_SEARCH_FILTER,
      filter({ text: 'Smith & Sons 100% #1', state: 'NT', page: 1 }),
      filter({ category: 4, subCategory: 27, churchId: CHURCH, state: 'TAS' }),
      filter({ verified: true, text: 'plumber' }),
      filter({ minRating: 4, state: 'VIC' }),
    ];
    for (const original of filters) {
      expect(read(searchFilterQuery(new URLSearchParams(), original))).toEqual(original);
    }
  });

  it('keeps "Verified only" as verified=true, and reads any other value as not ticked', () => {
    expect(searchFilterQuery(new URLSearchParams(), filter({ verified: true }))).toBe('?verified=true');
    expect(read('verified=true').verified).toBe(true);
    for (const other of ['1', 'yes', 'TRUE', 'false', '']) expect(read(`verified=${other}`).verified).toBe(false);
  });

  it('keeps "4 stars and up" as minRating=4, and reads any other value as any rating', () => {
    expect(searchFilterQuery(new URLSearchParams(), filter({ minRating: 4 }))).toBe('?minRating=4');
    expect(read('minRating=4').minRating).toBe(4);
    for (const other of ['3', '5', '4.0', 'four', '']) expect(read(`minRating=${other}`).minRating).toBeNull();
  });

  it('reads the state of every state button from the URL', () => {
    for (const state of STATE_FILTER_BUTTON_ORDER.filter((value) => value !== 'ALL')) {
      expect(read(`state=${state}`).state).toBe(state);
    }
  });
});

describe('changing the filter (SPEC §4)', () => {
  const onPageThree = filter({ text: 'tiles', state: 'NSW', category: 4, subCategory: 27, churchId: CHURCH, page: 3 });

  it('goes back to the first page on any change', () => {
    expect(applyFilterChange(onPageThree, { text: 'roof' })).toEqual({ ...onPageThree, text: 'roof', page: 0 });
    expect(applyFilterChange(onPageThree, { subCategory: 28 })).toEqual({ ...onPageThree, subCategory: 28, page: 0 });
    const otherChurch = 'ffffffff-5a4d-4c2b-9e8f-1a2b3c4d5e6f';
    expect(applyFilterChange(onPageThree, { churchId: otherChurch })).toEqual({
      ...onPageThree,
      churchId: otherChurch,
      page: 0,
    });
  });

  it('clears the sub category when the category changes', () => {
    expect(applyFilterChange(onPageThree, { category: 5 })).toEqual({
      ...onPageThree,
      category: 5,
      subCategory: null,
      page: 0,
    });
    expect(applyFilterChange(onPageThree, { category: null })).toMatchObject({ category: null, subCategory: null });
  });

  it('clears the church when the state changes', () => {
    expect(applyFilterChange(onPageThree, { state: 'VIC' })).toEqual({
      ...onPageThree,
      state: 'VIC',
      churchId: null,
      page: 0,
    });
  });

  it('goes back to the first page when "Verified only" is ticked or cleared', () => {
    expect(applyFilterChange(onPageThree, { verified: true })).toEqual({ ...onPageThree, verified: true, page: 0 });
  });

  it('goes back to the first page when "4 stars and up" is ticked or cleared', () => {
    expect(applyFilterChange(onPageThree, { minRating: 4 })).toEqual({ ...onPageThree, minRating: 4, page: 0 });
    expect(applyFilterChange({ ...onPageThree, minRating: 4 }, { minRating: null })).toEqual({ ...onPageThree, page: 0 });
  });

  it('changes nothing, and keeps the page, when the value chosen is the one already chosen', () => {
    expect(applyFilterChange(onPageThree, { state: 'NSW', category: 4, text: ' tiles ' })).toBe(onPageThree);
  });
});

describe('the API query of a filter', () => {
  it('names the filters as the server reads them, leaving out those not chosen', () => {
    expect(tradeSearchParams(EMPTY_SEARCH_FILTER, 9)).toEqual({ page: 0, size: 9, stateType: 'ALL' });
    const full = filter({ text: 'tiles', state: 'WA', category: 4, subCategory: 27, churchId: CHURCH, page: 2 });
    const params = tradeSearchParams(full, 9);
    expect(params).toEqual({ page: 2, size: 9, stateType: 'WA', searchText: 'tiles', mCat: 4, sCat: 27, churchId: CHURCH });
    expect(tradeSearchQuerySchema.parse(params)).toEqual({ ...params, verified: false });
  });

  it('asks for verified businesses only when "Verified only" is ticked, in the words the server accepts', () => {
    const params = tradeSearchParams(filter({ verified: true, state: 'NSW' }), 9);
    expect(params).toEqual({ page: 0, size: 9, stateType: 'NSW', verified: 'true' });
    expect(tradeSearchQuerySchema.parse(params)).toMatchObject({ verified: true, stateType: 'NSW' });
    expect(mapPointsQuerySchema.parse(filterParams(filter({ verified: true })))).toMatchObject({ verified: true });
    expect(tradeSearchParams(EMPTY_SEARCH_FILTER, 9)).not.toHaveProperty('verified');
  });

  it('asks for businesses rated 4 stars and up when ticked, in the words the server accepts, the map too', () => {
    const params = tradeSearchParams(filter({ minRating: 4 }), 9);
    expect(params).toEqual({ page: 0, size: 9, stateType: 'ALL', minRating: '4' });
    expect(tradeSearchQuerySchema.parse(params)).toMatchObject({ minRating: 4 });
    expect(mapPointsQuerySchema.parse(filterParams(filter({ minRating: 4 })))).toMatchObject({ minRating: 4 });
    expect(tradeSearchParams(EMPTY_SEARCH_FILTER, 9)).not.toHaveProperty('minRating');
  });

  it("asks the map for the same filters without paging: it shows every match", () => {
    const full = filter({ text: 'tiles', state: 'WA', category: 4, subCategory: 27, churchId: CHURCH, page: 2 });
    const params = filterParams(full);
    expect(params).toEqual({ stateType: 'WA', searchText: 'tiles', mCat: 4, sCat: 27, churchId: CHURCH });
    expect(mapPointsQuerySchema.parse(params)).toEqual({ ...params, verified: false });
    expect(filterParams(EMPTY_SEARCH_FILTER)).toEqual({ stateType: 'ALL' });
  });
});
