import { describe, expect, it } from 'vitest';
import { businessPath, businessSlug } from './business-page';

describe('businessSlug', () => {
  it('makes a readable, URL-safe slug of the name', () => {
    expect(businessSlug("O'Brien & Sons Plumbing")).toBe('o-brien-and-sons-plumbing');
    expect(businessSlug('Café Crème, Bondi')).toBe('cafe-creme-bondi');
  });

  it('never answers an empty slug', () => {
    expect(businessSlug('!!!')).toBe('business');
  });

  it('keeps long names to 80 characters without a trailing dash', () => {
    const slug = businessSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('businessPath', () => {
  it('puts the id first, then the slug', () => {
    expect(businessPath('5f0c', 'Harmony Bells')).toBe('/business/5f0c/harmony-bells');
  });
});
