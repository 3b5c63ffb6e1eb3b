import { describe, expect, it } from 'vitest';
import { isOnlineOnly, showsExactPlace, showsStreetByDefault } from './street-privacy';

const atClientOnly = { online: false, atClient: true, atBusiness: false };
const atBusiness = { online: true, atClient: true, atBusiness: true };
const onlineOnly = { online: true, atClient: false, atBusiness: false };

describe('street privacy', () => {
  it('calls a business online only when it serves neither at the client nor at its own place', () => {
    expect(isOnlineOnly(onlineOnly)).toBe(true);
    expect(isOnlineOnly(atClientOnly)).toBe(false);
    expect(isOnlineOnly(atBusiness)).toBe(false);
  });

  it("keeps the street of a tradesperson who only works at customers' places private by default", () => {
    expect(showsStreetByDefault(atClientOnly)).toBe(false);
    expect(showsStreetByDefault(atBusiness)).toBe(true);
    expect(showsStreetByDefault(onlineOnly)).toBe(true);
  });

  it('publishes the exact place only for a street shown, of a business not online only', () => {
    expect(showsExactPlace(atBusiness, { showStreetAddress: true })).toBe(true);
    expect(showsExactPlace(atBusiness, { showStreetAddress: false })).toBe(false);
    expect(showsExactPlace(onlineOnly, { showStreetAddress: true })).toBe(false);
    expect(showsExactPlace(atBusiness, null)).toBe(false);
  });
});
