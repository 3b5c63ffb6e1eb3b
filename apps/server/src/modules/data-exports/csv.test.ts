import { describe, expect, it } from 'vitest';
import { csvOf } from './csv';

describe('csvOf', () => {
  it('quotes commas, quotes and line breaks, and writes times, lists and empty values', () => {
    const csv = csvOf([
      { body: 'Hi, "plumber"\nthanks', at: new Date('2026-03-01T00:00:00Z'), reasons: ['LINK', 'BURST'], phone: null },
    ]);

    expect(csv).toBe('\uFEFFbody,at,reasons,phone\r\n"Hi, ""plumber""\nthanks",2026-03-01T00:00:00.000Z,LINK; BURST,\r\n');
  });

  it('keeps a text that starts like a formula from running in a spreadsheet', () => {
    expect(csvOf([{ name: '=HYPERLINK("http://example.com")', stars: -1 }])).toContain(`"'=HYPERLINK(""http://example.com"")",-1`);
  });

  it('is empty without rows', () => {
    expect(csvOf([])).toBe('');
  });
});
