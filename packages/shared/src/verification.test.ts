import { describe, expect, it } from 'vitest';
import { abnSchema, formatAbn, isValidAbn, normaliseAbn } from './verification';

describe('the ABN check', () => {
  it.each(['51824753556', '53004085616', '33102417032', '83914571673'])('accepts the real ABN %s', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each([
    ['a changed last digit', '51824753557'],
    ['two digits swapped', '15824753556'],
    ['ten digits', '5182475355'],
    ['twelve digits', '518247535560'],
    ['a letter', '5182475355A'],
    ['nothing', ''],
  ])('refuses %s', (_case, abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it('reads the spaces people type between the digits', () => {
    expect(normaliseAbn(' 51 824 753 556 ')).toBe('51824753556');
    expect(abnSchema.parse('51 824 753 556')).toBe('51824753556');
  });

  it('writes an ABN in its usual groups', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });

  it('takes an empty ABN, or null, as removing it', () => {
    expect(abnSchema.parse('')).toBeNull();
    expect(abnSchema.parse(null)).toBeNull();
  });

  it('refuses a number that fails the check, with the message that says how to find it', () => {
    const result = abnSchema.safeParse('51 824 753 557');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/11 digits that pass its check/);
  });
});
