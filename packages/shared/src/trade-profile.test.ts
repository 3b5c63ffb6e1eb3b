import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tradeProfileSchema } from './trade-profile';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const profile = {
  tradeId: '6f1c2a9e-0000-4000-8000-000000000001',
  churchId: '6f1c2a9e-0000-4000-8000-000000000002',
  categoryId: 12,
  name: 'Smith Plumbing',
  service: 'Blocked drains, hot water',
  brief: 'Reliable plumbing for homes in western Sydney',
  tags: 'plumber drains',
};

describe('tradeProfileSchema', () => {
  it('accepts a complete profile', () => {
    expect(tradeProfileSchema.safeParse(profile).success).toBe(true);
  });

  it('accepts a profile with only the fields that have rules', () => {
    const { tradeId, name, brief } = profile;
    expect(tradeProfileSchema.safeParse({ tradeId, name, brief }).success).toBe(true);
  });

  it('reads a category id chosen in a select box as a number', () => {
    expect(tradeProfileSchema.parse({ ...profile, categoryId: '7' }).categoryId).toBe(7);
  });

  it.each([
    ['Trade ID is required', 'a two-character trade id', { ...profile, tradeId: '-1' }, 'tradeId'],
    ['Name is required', 'a two-character name', { ...profile, name: 'AB' }, 'name'],
    ['Required for your iCard', 'a two-character brief', { ...profile, brief: 'Hi' }, 'brief'],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(tradeProfileSchema.safeParse(input))).toEqual([{ path, message }]);
  });
});

describe('tradeProfileSchema limits', () => {
  it.each([
    ['Name must be at most 100 characters', 'name', { ...profile, name: 'N'.repeat(101) }],
    ['Brief must be at most 1,000 characters', 'brief', { ...profile, brief: 'B'.repeat(1_001) }],
    ['Service(s) must be at most 2,000 characters', 'service', { ...profile, service: 'S'.repeat(2_001) }],
    ['Tags must be at most 2,000 characters', 'tags', { ...profile, tags: 'T'.repeat(2_001) }],
  ])('says "%s"', (message, path, input) => {
    expect(issuesOf(tradeProfileSchema.safeParse(input))).toEqual([{ path, message }]);
  });

  it('accepts each text at its limit', () => {
    const atLimits = { ...profile, name: 'N'.repeat(100), brief: 'B'.repeat(1_000), service: 'S'.repeat(2_000), tags: 'T'.repeat(2_000) };
    expect(tradeProfileSchema.safeParse(atLimits).success).toBe(true);
  });
});
