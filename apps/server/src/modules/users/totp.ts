import { Secret, TOTP } from 'otpauth';

// What every authenticator app understands (RFC 6238 defaults).
const TOTP_SETTINGS = { issuer: 'ChurchTrades', algorithm: 'SHA1', digits: 6, period: 30 } as const;

// A code of the step before or after the current one is accepted too, for clocks a little apart.
const ACCEPTED_STEPS_AROUND_NOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ ...TOTP_SETTINGS, label: email, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to, or null when it matches none near `now`. */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, '');
  const timestamp = now.getTime();
  const offset = totp.validate({ token: code, timestamp, window: ACCEPTED_STEPS_AROUND_NOW });
  // validate() answers the offset from the current step, and 0 (this very step) is falsy: only null fails.
  if (offset === null) return null;
  return totp.counter({ timestamp }) + offset;
}
