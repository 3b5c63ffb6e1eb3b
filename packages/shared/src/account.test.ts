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
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(accountProfileSchema.safeParse(input))).toEqual([{ path, message }]);
  });
});
