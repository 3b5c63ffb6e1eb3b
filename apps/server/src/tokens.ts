import { createHash, randomBytes } from 'node:crypto';

// 256 bits: far beyond guessing, and the same strength for session tokens and e-mailed keys.
const TOKEN_BYTES = 32;
const BASE64URL_ALPHABET = /^[A-Za-z0-9_-]*$/;

/** A random token for a cookie or a link; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * The `byteLength` bytes a text of a link stands for, read strictly: canonical base64url (no padding, no
 * whitespace, nothing outside its alphabet, exactly as long as `byteLength` bytes make), else null. Node's own
 * decoding skips what it does not know and ignores the spare low bits of the last character, so that several
 * texts would open one link; here exactly one text does, the one this server wrote.
 */
export function decodeBase64url(text: string, byteLength: number): Buffer | null {
  if (text.length !== Math.ceil((byteLength * 4) / 3) || !BASE64URL_ALPHABET.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.length === byteLength && bytes.toString('base64url') === text ? bytes : null;
}

/** Whether the text is one `newToken` could have made: anything else is answered as an unknown token, unlooked-up. */
export function isToken(text: string): boolean {
  return decodeBase64url(text, TOKEN_BYTES) !== null;
}

/** What the database keeps of a token: a stolen table holds nothing a browser could present. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
