import { ADDRESS_LOOKUP_LIMIT, addressSuggestionSchema } from '@churchtrades/shared/address-lookup';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { ADDRESS_FIXTURE_DIR } from '../../db/address-import/fixture';
import { importAddressRelease } from '../../db/address-import/import-release';

const { app, database } = await createTestApp();
await importAddressRelease(database.db, ADDRESS_FIXTURE_DIR);

const lookup = (text: string) => app.inject({ method: 'GET', url: `/api/address/lookup?q=${encodeURIComponent(text)}` });
const suggested = async (text: string): Promise<string[]> =>
  (await lookup(text)).json().data.addresses.map((address: { fullAddress: string }) => address.fullAddress);

describe('GET /api/address/lookup', () => {
  it('suggests addresses that start with the number and street typed, the last word half typed', async () => {
    const response = await lookup('12 george st parr');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'OK', message: 'Addresses found' });
    expect((await suggested('12 george st parr'))[0]).toBe('12 GEORGE STREET, PARRAMATTA NSW 2150');
  });

  it.each([
    'unit 3 45 smith street',
    '3/45 smith st',
    'Unit 3, 45 Smith Street, Parramatta',
    'u3/45 smith st parramatta nsw 2150',
  ])('puts the flat typed first for "%s"', async (text) => {
    expect((await suggested(text))[0]).toBe('UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150');
  });

  it('reads a last word that may be a street type being typed as that type', async () => {
    expect((await suggested('9 deakin pd'))[0]).toBe('9 DEAKIN PARADE, BONDI NSW 2026');
  });

  it('shows the building when no address at that number has the flat typed', async () => {
    expect((await suggested('unit 9 45 smith street'))[0]).toBe('45 SMITH STREET, PARRAMATTA NSW 2150');
  });

  it('shows the street address before its flats', async () => {
    expect(await suggested('45 smith st, parramatta nsw 2150')).toEqual([
      '45 SMITH STREET, PARRAMATTA NSW 2150',
      'UNIT 1, 45 SMITH STREET, PARRAMATTA NSW 2150',
      'UNIT 2, 45 SMITH STREET, PARRAMATTA NSW 2150',
      'UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150',
      'UNIT 4, 45 SMITH STREET, PARRAMATTA NSW 2150',
    ]);
  });

  it('shows each street address once before showing any flat of them, while the street is still being typed', async () => {
    const streets = (await suggested('45 smi')).map((address) => address.replace(/^[A-Z]+ \w+, /, ''));
    const firstRepeat = streets.findIndex((street, at) => streets.indexOf(street) !== at);

    expect(streets[0]).toBe('45 SMITH STREET, PARRAMATTA NSW 2150');
    expect(firstRepeat === -1 ? streets.length : firstRepeat).toBe(new Set(streets).size);
  });

  it('finds the same street in every suburb, suburbs in order', async () => {
    expect(await suggested('12 george street')).toEqual(
      expect.arrayContaining(['12 GEORGE STREET, HARRIS PARK NSW 2150', '12 GEORGE STREET, PARRAMATTA NSW 2150']),
    );
    expect((await suggested('12 george st harris'))[0]).toBe('12 GEORGE STREET, HARRIS PARK NSW 2150');
  });

  it.each([
    ['12 st kilda rd', '12 ST KILDA ROAD, MELBOURNE VIC 3000'],
    ["9 o'connell st", "9 O'CONNELL STREET, SYDNEY NSW 2000"],
    ['9 oconnell', "9 O'CONNELL STREET, SYDNEY NSW 2000"],
    ['1 northbourne av braddon act', '1 NORTHBOURNE AVENUE, BRADDON ACT 2612'],
    ['1 NORTHBOURNE AVENUE BRADDON AUSTRALIAN CAPITAL TERRITORY 2612', '1 NORTHBOURNE AVENUE, BRADDON ACT 2612'],
    ['5 hunter st west newc', '5 HUNTER STREET WEST, NEWCASTLE NSW 2300'],
  ])('reads abbreviations, apostrophes and spelt-out states: "%s"', async (text, first) => {
    expect((await suggested(text))[0]).toBe(first);
  });

  it('suggests each street that starts as typed, its lowest number first, when the street is typed first', async () => {
    const suburbOf = (address: string) => address.split(', ').at(-1);
    const streets = await suggested('george street');
    const firsts = streets.slice(0, new Set(streets.map(suburbOf)).size);

    expect(await suggested('george st harris')).toEqual([
      '12 GEORGE STREET, HARRIS PARK NSW 2150',
      '30 GEORGE STREET, HARRIS PARK NSW 2150',
    ]);
    expect(firsts).toEqual(expect.arrayContaining(['12 GEORGE STREET, HARRIS PARK NSW 2150', '1 GEORGE STREET, PARRAMATTA NSW 2150']));
    expect(firsts.map(suburbOf)).toEqual([...new Set(firsts.map(suburbOf))].sort());
    expect((await suggested('st kilda rd melb'))[0]).toBe('12 ST KILDA ROAD, MELBOURNE VIC 3000');
  });

  it.each([
    ['words in another order', 'parramatta smith 45', /45 SMITH STREET, PARRAMATTA NSW 2150$/],
    ['the street type left out', '45 smith parramatta', /45 SMITH STREET, PARRAMATTA NSW 2150$/],
    ['a hyphenated street', 'smith-jones lane', /SMITH-JONES LANE, SOUTHPORT QLD 4215$/],
    ['only the middle of a street name', 'jones lane southport', /SMITH-JONES LANE, SOUTHPORT QLD 4215$/],
  ])('falls back to addresses containing every word typed: %s', async (_case, text, pattern) => {
    const addresses = await suggested(text);

    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => pattern.test(address))).toBe(true);
  });

  it('finds a whole address typed without its state', async () => {
    expect((await suggested('45 smith st parramatta 2150'))[0]).toBe('45 SMITH STREET, PARRAMATTA NSW 2150');
  });

  it('matches a one-letter last word as the beginning of a word of the address', async () => {
    const addresses = await suggested('harris george st p');

    expect(addresses).toEqual(['12 GEORGE STREET, HARRIS PARK NSW 2150', '30 GEORGE STREET, HARRIS PARK NSW 2150']);
  });

  it('answers at most ten suggestions, each a whole address of the national file', async () => {
    const response = await lookup('1 ');
    const many = (await lookup('100')).json().data.addresses;
    const broad = (await lookup('street')).json().data.addresses;

    expect(response.json().data.addresses).toEqual([]);
    expect(many.length).toBe(ADDRESS_LOOKUP_LIMIT);
    expect(broad.length).toBeLessThanOrEqual(ADDRESS_LOOKUP_LIMIT);
    for (const address of many) expect(addressSuggestionSchema.parse(address)).toEqual(address);
    expect(many[0]).toMatchObject({ id: expect.stringMatching(/^GA/), latitude: expect.any(Number) });
  });

  it.each(['', '12', ' a ', '%%'])('answers "%s", shorter than three characters, with no suggestions', async (text) => {
    const response = await lookup(text);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.addresses).toEqual([]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await suggested('999 nowhere boulevard')).toEqual([]);
  });

  it.each([
    ['SQL', "'; drop table address_index; --"],
    ['text-search operators', "smith & | ! :* ( ) <-> 'st'"],
    ['regular-expression characters', '12 .*+?[(\\ george'],
    ['emoji', '⛪🙏 12 george'],
    ['a NUL character', '12 geo\u0000rge st'],
    ['a thousand characters', `12 george ${'street '.repeat(150)}`],
  ])('answers text with %s without failing', async (_case, text) => {
    const response = await lookup(text);

    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json().data.addresses)).toBe(true);
  });

  it('may be cached publicly for a minute (SPEC §7)', async () => {
    const response = await lookup('12 george st parr');

    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/address/lookup/{id}', () => {
  it('answers the address a suggestion named', async () => {
    const [suggestion] = (await lookup('3/45 smith st')).json().data.addresses;

    const response = await app.inject({ method: 'GET', url: `/api/address/lookup/${suggestion.id}` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Address found', data: { address: suggestion } });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it.each([
    ['an unknown id', 'GANSW799999999'],
    ['an id longer than any address id', `GANSW${'9'.repeat(70)}`],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await app.inject({ method: 'GET', url: `/api/address/lookup/${id}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'NOT_FOUND', message: 'Address not found' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
