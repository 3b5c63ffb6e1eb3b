import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountProfileSchema } from './account';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const profile = {
  firstName: 'Mary',
  lastName: 'Smith',
  email: 'mary@example.com',
  bio: 'Plumber in Parramatta',
  phone: '0400 000 000',
};

describe('accountProfileSchema', () => {
  it('accepts a complete profile', () => {
    expect(accountProfileSchema.safeParse(profile).success).toBe(true);
  });

  it.each([
    ['First name is required', 'an empty first name', { ...profile, firstName: '' }, 'firstName'],
    ['Last name is required', 'an empty last name', { ...profile, lastName: '' }, 'lastName'],
    ['Email is required', 'a two-character e-mail', { ...profile, email: 'ab' }, 'email'],
    ['Invalid email address', 'a malformed e-mail', { ...profile, email: 'mary@example' }, 'email'],
    ['Bio is required', 'a four-character bio', { ...profile, bio: 'abcd' }, 'bio'],
    ['Phone is required', 'a four-character phone', { ...profile, phone: '0400' }, 'phone'],
    ['First name must be at most 50 characters', 'a 51-character first name', { ...profile, firstName: 'M'.repeat(51) }, 'firstName'],
    ['Last name must be at most 50 characters', 'a 51-character last name', { ...profile, lastName: 'S'.repeat(51) }, 'lastName'],
    ['Bio must be at most 1,000 characters', 'a 1,001-character bio', { ...profile, bio: 'b'.repeat(1_001) }, 'bio'],
    ['Phone must be at most 20 characters', 'a 21-character phone', { ...profile, phone: '0'.repeat(21) }, 'phone'],
    ['Phone may hold only digits, spaces and + ( ) -', 'a phone with letters', { ...profile, phone: '0400 CALL ME' }, 'phone'],
    ['Phone may hold only digits, spaces and + ( ) -', 'a phone with markup', { ...profile, phone: '0400 <img src=x>' }, 'phone'],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(accountProfileSchema.safeParse(input))).toEqual([{ path, message }]);
  });

  it('takes each field at its longest, and phones as people write them', () => {
    const longest = { firstName: 'M'.repeat(50), lastName: 'S'.repeat(50), bio: 'b'.repeat(1_000), phone: '0'.repeat(20) };
    expect(accountProfileSchema.safeParse({ ...profile, ...longest }).success).toBe(true);
    for (const phone of ['+61 (2) 9876-5432', '0400-123-456', '(02) 9876 5432']) {
      expect(accountProfileSchema.safeParse({ ...profile, phone }).success, phone).toBe(true);
    }
  });
});
