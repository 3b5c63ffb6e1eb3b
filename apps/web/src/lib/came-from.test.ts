import { describe, expect, it } from 'vitest';
import { cameFromPath } from './came-from';

describe('cameFromPath', () => {
  it('gives back the path, query and fragment the guard passed along', () => {
    expect(cameFromPath({ from: { pathname: '/account/password', search: '?tab=1', hash: '#two-step' } })).toBe(
      '/account/password?tab=1#two-step',
    );
    expect(cameFromPath({ from: { pathname: '/trade/profile' } })).toBe('/trade/profile');
  });

  it('is null when there is no usable origin', () => {
    expect(cameFromPath(null)).toBeNull();
    expect(cameFromPath({})).toBeNull();
    expect(cameFromPath({ from: '/trade/profile' })).toBeNull();
  });

  it('never leads off the site', () => {
    expect(cameFromPath({ from: { pathname: '//evil.example/login' } })).toBeNull();
    expect(cameFromPath({ from: { pathname: '/\\evil.example' } })).toBeNull();
    expect(cameFromPath({ from: { pathname: 'https://evil.example/' } })).toBeNull();
  });
});
