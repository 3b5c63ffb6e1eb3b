import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { MediaType } from './media-types';
import { NEW_SOCIAL_MEDIA_REFERENCE_ID, socialMediaSchema, socialMediaUrl } from './social-media';

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

describe('socialMediaSchema: the reference fits the media type', () => {
  const as = (mediaType: string, name: string) => socialMediaSchema.safeParse({ ...entry, mediaType, name });

  it.each([
    ['WEBSITE', 'https://smithplumbing.com.au'],
    ['WEBSITE', 'http://www.smithplumbing.com.au/contact?from=churchtrades'],
    ['FACEBOOK', 'smithplumbing'],
    ['FACEBOOK', 'https://www.facebook.com/smithplumbing'],
    ['FACEBOOK', 'https://fb.com/smithplumbing'],
    ['INSTAGRAM', '@smith.plumbing_syd'],
    ['INSTAGRAM', 'https://instagram.com/smith.plumbing'],
    ['LINKEDIN', 'https://www.linkedin.com/in/john-smith'],
    ['YOUTUBE', 'https://youtu.be/dQw4w9WgXcQ'],
    ['YOUTUBE', '@SmithPlumbing'],
    ['TIKTOK', 'https://www.tiktok.com/@smithplumbing'],
  ])('accepts %s %s', (mediaType, name) => {
    expect(as(mediaType, name).success).toBe(true);
  });

  it.each([
    ['WEBSITE', 'javascript:alert(1)', 'Enter the website address starting with https:// or http://'],
    ['WEBSITE', 'smithplumbing.com.au', 'Enter the website address starting with https:// or http://'],
    ['WEBSITE', 'ftp://smithplumbing.com.au', 'Enter the website address starting with https:// or http://'],
    ['WEBSITE', 'https://google.com@evil.example.com', 'Enter the website address starting with https:// or http://'],
    ['FACEBOOK', 'http://facebook.com/smithplumbing', 'Enter a Facebook page name or a link starting with https://facebook.com/'],
    ['FACEBOOK', 'https://facebook.com.evil.example/smith', 'Enter a Facebook page name or a link starting with https://facebook.com/'],
    ['INSTAGRAM', 'https://facebook.com/smithplumbing', 'Enter an Instagram name or a link starting with https://instagram.com/'],
    ['INSTAGRAM', 'smith plumbing', 'Enter an Instagram name or a link starting with https://instagram.com/'],
    ['LINKEDIN', '<script>alert(1)</script>', 'Enter a LinkedIn name or a link starting with https://linkedin.com/'],
    ['YOUTUBE', 'javascript:alert(1)', 'Enter a YouTube handle or a link starting with https://youtube.com/'],
    ['TIKTOK', 'https://user:secret@tiktok.com/@smith', 'Enter a TikTok name or a link starting with https://tiktok.com/'],
  ])('refuses %s %s', (mediaType, name, message) => {
    expect(issuesOf(as(mediaType, name))).toEqual([{ path: 'name', message }]);
  });

  it('refuses SELECT: "Choose a media type"', () => {
    expect(issuesOf(as('SELECT', 'smithplumbing'))).toEqual([{ path: 'mediaType', message: 'Choose a media type' }]);
  });
});

describe('socialMediaUrl', () => {
  it.each([
    ['FACEBOOK', 'smithplumbing', 'https://www.facebook.com/smithplumbing'],
    ['INSTAGRAM', '@smith.plumbing', 'https://www.instagram.com/smith.plumbing'],
    ['LINKEDIN', 'smith-plumbing', 'https://www.linkedin.com/company/smith-plumbing'],
    ['YOUTUBE', '@SmithPlumbing', 'https://www.youtube.com/@SmithPlumbing'],
    ['TIKTOK', 'smithplumbing', 'https://www.tiktok.com/@smithplumbing'],
    ['FACEBOOK', ' https://fb.com/smith ', 'https://fb.com/smith'],
    ['WEBSITE', 'https://smithplumbing.com.au', 'https://smithplumbing.com.au'],
  ])('links %s %s to %s', (mediaType, reference, url) => {
    expect(socialMediaUrl(mediaType as MediaType, reference)).toBe(url);
  });

  it('has no link for SELECT', () => {
    expect(socialMediaUrl('SELECT', 'https://smithplumbing.com.au')).toBeUndefined();
  });
});
