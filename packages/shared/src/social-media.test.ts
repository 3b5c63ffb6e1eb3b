import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NEW_SOCIAL_MEDIA_REFERENCE_ID, socialMediaSchema } from './social-media';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const entry = {
  entityId: '6f1c2a9e-0000-4000-8000-000000000001',
  name: 'smithplumbing',
  mediaType: 'INSTAGRAM',
  referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID,
};

describe('socialMediaSchema', () => {
  it('accepts a new entry without an id', () => {
    expect(socialMediaSchema.safeParse(entry).success).toBe(true);
  });

  it.each([
    [' ID is required', 'the missing-trade id -1', { ...entry, entityId: '-1' }, 'entityId'],
    ['Name is required', 'a two-character name', { ...entry, name: 'ab' }, 'name'],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(socialMediaSchema.safeParse(input))).toEqual([{ path, message }]);
  });

  it('refuses a media type outside the list', () => {
    expect(issuesOf(socialMediaSchema.safeParse({ ...entry, mediaType: 'MYSPACE' })).map((i) => i.path)).toEqual([
      'mediaType',
    ]);
  });
});
