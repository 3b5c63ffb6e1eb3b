import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressSchema } from './address';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const address = {
  entityId: '6f1c2a9e-0000-4000-8000-000000000001',
  searchId: 'GANSW123',
  countryCode: 'AU',
  fullAddress: '12A George Street, Parramatta NSW 2150',
  stateType: 'NSW',
  suburb: 'Parramatta',
  streetName: 'George',
  streetType: 'ST',
  streetNbr: '12A',
  unitType: 'HOUSE',
  unitNbr: null,
  postcode: '2150',
  city: 'City of Parramatta',
  longitude: 151.0,
  latitude: -33.8,
};

describe('addressSchema', () => {
  it('accepts an address from the lookup', () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
  });

  it('fills in country code AU when it is absent', () => {
    const { countryCode: _countryCode, ...rest } = address;
    expect(addressSchema.parse(rest).countryCode).toBe('AU');
  });

  it('says "Trade ID is required" for a two-character entity id', () => {
    expect(issuesOf(addressSchema.safeParse({ ...address, entityId: '-1' }))).toEqual([
      { path: 'entityId', message: 'Trade ID is required' },
    ]);
  });
});
