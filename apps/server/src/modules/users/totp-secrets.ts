import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// What a sealed secret starts with: a stored value without it is a secret kept before they were encrypted.
const SEALED_PREFIX = 'aes-256-gcm:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * TOTP secrets encrypted at rest (AES-256-GCM with the configured key), so that a copy of the database (a
 * backup, a dump sent for support) does not hand out every account's second step.
 */
export interface TotpSecretBox {
  seal(secret: string): string;
  /** The secret of a stored value; a plaintext one (kept before encryption) is answered as it is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

export function createTotpSecretBox(key: Buffer): TotpSecretBox {
  return {
    seal(secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },

    open(stored) {
      if (!stored.startsWith(SEALED_PREFIX)) return stored;
      const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },

    isSealed: (stored) => stored.startsWith(SEALED_PREFIX),
  };
}
