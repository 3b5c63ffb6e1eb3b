import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { malleableTwinOf } from '../test/malleable-token';
import { decodeBase64url, isToken, newToken } from './tokens';

describe('decodeBase64url', () => {
  it('reads back the bytes of canonical base64url of the given length', () => {
    const bytes = randomBytes(32);

    expect(decodeBase64url(bytes.toString('base64url'), 32)).toEqual(bytes);
  });

  it('refuses a twin whose last character decodes to the same bytes, though Node reads it so', () => {
    const token = newToken();
    const twin = malleableTwinOf(token);

    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(token, 'base64url'));
    expect(decodeBase64url(twin, 32)).toBeNull();
    expect(isToken(token)).toBe(true);
    expect(isToken(twin)).toBe(false);
  });

  it('refuses padding, whitespace, other alphabets and any other length', () => {
    const token = newToken();
    for (const text of [
      `${token}=`,
      `${token.slice(0, 40)}==`,
      ` ${token.slice(1)}`,
      `${token.slice(0, 20)}\n${token.slice(21)}`,
      `${token.slice(0, 42)}+`,
      `${token.slice(0, 42)}/`,
      `${token.slice(0, 42)}é`,
      `${token}A`,
      token.slice(0, 42),
      '',
    ]) {
      expect(decodeBase64url(text, 32), JSON.stringify(text)).toBeNull();
    }
  });
});
