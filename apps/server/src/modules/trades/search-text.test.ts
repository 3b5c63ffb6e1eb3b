import { describe, expect, it } from 'vitest';
import { parseSearchText, plainText, tsqueryText } from './search-text';

describe('reading what a person typed into the search box', () => {
  it('takes whole words and the last word, still being typed, as a prefix', () => {
    const terms = parseSearchText('Smith electri');

    expect(terms).toEqual({ words: ['smith'], prefix: 'electri' });
    expect(tsqueryText(terms!)).toBe("'smith' & 'electri':*");
  });

  it('takes a last word shorter than three characters as a whole word', () => {
    expect(parseSearchText('plumber nt')).toEqual({ words: ['plumber', 'nt'] });
  });

  it('separates words at anything that is not a letter or a digit, so no operator or quote survives', () => {
    const terms = parseSearchText("'; drop table trades; -- (((plumb:* & !gas) \\ %_ .*+?[ 🔧 o'brien");

    expect(terms).toEqual({ words: ['drop', 'table', 'trades', 'plumb', 'gas', 'o'], prefix: 'brien' });
    expect(tsqueryText(terms!)).not.toMatch(/[!|()\\%]|<->|;/);
  });

  it('keeps letters and digits of every script', () => {
    expect(parseSearchText('Café 日本語 2150')).toEqual({ words: ['café', '日本語'], prefix: '2150' });
  });

  it('finds nothing to search in symbols, emoji or space alone', () => {
    for (const text of ['', '   ', '(((', '.*+?[', '\\', '%_', '🔧🪠', "'\"`"]) {
      expect(parseSearchText(text)).toBeUndefined();
    }
  });

  it('uses each word once', () => {
    expect(parseSearchText('tiles tiles TILES tiler')).toEqual({ words: ['tiles'], prefix: 'tiler' });
    expect(parseSearchText('gutter gutter')).toEqual({ words: [], prefix: 'gutter' });
  });

  it('gives the words back as plain text for comparing with names', () => {
    expect(plainText({ words: ['fitzgerald'], prefix: 'join' })).toBe('fitzgerald join');
  });
});
