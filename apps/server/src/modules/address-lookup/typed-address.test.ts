import { describe, expect, it } from 'vitest';
import { countingKey, lookupKey, plainWords, streetKey } from './address-words';
import { readTypedAddress, wordSearch } from './typed-address';

describe('lookup keys', () => {
  it('write a street address number first, street type in full, without the state; and its street alone', () => {
    const parts = {
      number: '45A',
      streetName: "O'CONNELL",
      streetType: 'STREET',
      streetSuffix: 'NORTH',
      locality: 'PARRAMATTA',
      postcode: '2150',
    };

    expect(lookupKey(parts)).toBe('45a oconnell street north parramatta 2150');
    expect(streetKey(parts)).toBe('oconnell street north parramatta 2150');
  });

  it('keep a hyphen between numbers only', () => {
    expect(plainWords('12-14 Smith-Jones Rd, Café')).toBe('12-14 smith jones rd cafe');
  });

  it.each([
    ['3', '000003'],
    ['03', '000003'],
    ['12A', '000012a'],
    ['G01', 'g000001'],
    ['12-14', '000012-000014'],
    ['LOT 7', 'lot000007'],
  ])('sort number %s as %s', (flat, key) => {
    expect(countingKey(flat)).toBe(key);
  });
});

const STREET = '\\m(st|street)\\M';

describe('readTypedAddress', () => {
  it('reads number and street first, the last word half typed', () => {
    expect(readTypedAddress('12 george st parr')).toEqual({
      key: 'number first',
      keyStarts: ['12 george street parr'],
      flatKey: null,
      state: null,
      number: '12',
      words: { whole: ['12', 'george'], beginning: 'parr', checks: [STREET] },
    });
  });

  it.each([
    ['unit 3 45 smith street', '45 smith street'],
    ['3/45 smith st', '45 smith street'],
    ['3 / 45 Smith St', '45 smith street'],
    ['u3/45 smith st', '45 smith street'],
    ['Unit 3, 45 Smith Street', '45 smith street'],
    ['unit 3/45 smith st', '45 smith street'],
    ['3 45 smith st', '45 smith street'],
  ])('reads the flat before the street number in "%s"', (text, keyStart) => {
    expect(readTypedAddress(text)).toMatchObject({ keyStarts: [keyStart], flatKey: '000003', number: '45' });
  });

  it('reads a whole address with commas and the state, which keys leave out', () => {
    expect(readTypedAddress('45 smith st, parramatta nsw 2150')).toMatchObject({
      keyStarts: ['45 smith street parramatta 2150'],
      state: 'NSW',
      words: { whole: ['45', 'smith', 'parramatta', '2150'], beginning: null, checks: [STREET, '\\m(nsw)\\M'] },
    });
    expect(readTypedAddress('45 Smith Street Parramatta New South Wales 2150')).toMatchObject({
      keyStarts: ['45 smith street parramatta 2150'],
      state: 'NSW',
      words: { whole: ['45', 'smith', 'parramatta', '2150'], checks: ['\\m(street)\\M', '\\m(nsw)\\M'] },
    });
  });

  it.each([
    ['12 st kilda rd', '12 st kilda road'],
    ['12 victoria st', '12 victoria street'],
    ['1 smith st victoria point', '1 smith street victoria point'],
    ['1 smith st act', '1 smith street act'],
    ['12 the avenue', '12 the avenue'],
    ['lot 12 smith rd', 'lot 12 smith road'],
    ['12-14 smith-jones ave', '12-14 smith jones avenue'],
    ["12 o'connell st", '12 oconnell street'],
    ['45', '45'],
  ])('keeps words that only look like a street type or a state in "%s"', (text, keyStart) => {
    const typed = readTypedAddress(text);

    expect(typed.keyStarts[0]).toBe(keyStart);
    expect(typed.state).toBeNull();
  });

  it.each([
    ['21 haddad pd', ['21 haddad pd', '21 haddad parade']],
    ['1 greenhaven cir', ['1 greenhaven circle', '1 greenhaven circuit']],
    ['4 main tc', ['4 main tc', '4 main terrace']],
    ['4 main t', ['4 main t']],
  ])('reads a last word that may be a street type being typed as that type too: "%s"', (text, keyStarts) => {
    expect(readTypedAddress(text).keyStarts).toEqual(keyStarts);
  });

  it('leaves out a state being typed after the suburb', () => {
    expect(readTypedAddress('45 smith st parramatta ns')).toMatchObject({
      keyStarts: ['45 smith street parramatta'],
      state: null,
    });
    expect(readTypedAddress('45 smith st n')).toMatchObject({ keyStarts: ['45 smith street n'] });
  });

  it('takes a state abbreviation after the suburb as the state', () => {
    expect(readTypedAddress('1 northbourne av braddon act')).toMatchObject({
      keyStarts: ['1 northbourne avenue braddon'],
      state: 'ACT',
    });
    expect(readTypedAddress('3 main rd richmond victoria')).toMatchObject({
      keyStarts: ['3 main road richmond'],
      state: 'VIC',
    });
  });

  it('reads a street typed first as the beginning of a street key', () => {
    expect(readTypedAddress('George St Parramatta NSW')).toMatchObject({
      key: 'street first',
      keyStarts: ['george street parramatta'],
      state: 'NSW',
      words: { whole: ['george', 'parramatta'], beginning: null, checks: [STREET, '\\m(nsw)\\M'] },
    });
    expect(readTypedAddress('st kilda rd').keyStarts[0]).toBe('st kilda road');
    expect(readTypedAddress('unit 3').keyStarts).toEqual([]);
  });

  it.each([
    ['12 george st p', ['12', 'george'], [STREET, '\\mp']],
    ['33a collins stre', ['33a', 'collins'], ['\\mstre']],
    ['george stree', ['george'], ['\\mstree']],
    ['smith st nor', ['smith'], [STREET, '\\mnor']],
    ['apt 2 smith victoria', ['2', 'smith'], ['\\m(apt|apartment)\\M', '\\m(victoria|vic)\\M']],
  ])('checks common words and short or common beginnings rather than look them up: "%s"', (text, whole, checks) => {
    expect(readTypedAddress(text).words).toEqual({ whole, beginning: null, checks });
  });
});

describe('wordSearch', () => {
  const wordsOf = (text: string) => readTypedAddress(text).words;

  it('looks the words up, the last as a beginning, and leaves the common ones to checks', () => {
    expect(wordSearch(wordsOf('12 george st parr'))).toEqual({ query: '12 & george & parr:*', checks: [STREET] });
    expect(wordSearch(wordsOf('13 hill'))).toEqual({ query: '13 & hill:*', checks: [] });
  });

  it('searches by a postcode alone', () => {
    expect(wordSearch(wordsOf('2150'))).toEqual({ query: '2150', checks: [] });
  });

  it.each(['unit 3', '12 st', 'lot 4', '3/4', 'apart', 'north'])('does not search by words for "%s", none distinctive', (text) => {
    expect(wordSearch(wordsOf(text))).toBeNull();
  });
});
