import { createHash, randomBytes } from 'node:crypto';

// 256 bits: far beyond guessing, and the same strength for session tokens and e-mailed keys.
const TOKEN_BYTES = 32;

/** A random token for a cookie or a link; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: a stolen table holds nothing a browser could present. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
