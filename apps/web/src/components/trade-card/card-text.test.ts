import { describe, expect, it } from 'vitest';
import { cardBrief, distanceText, initialsOf, websiteLink } from './card-text';

describe('card text', () => {
  it('reads a website stored without a scheme as https', () => {
    expect(websiteLink('example.com.au/shop')).toEqual({ href: 'https://example.com.au/shop', host: 'example.com.au' });
  });

  it('keeps the port in the host', () => {
    expect(websiteLink('http://example.com:8080/')?.host).toBe('example.com:8080');
  });

  it('has no link for an empty, malformed or non-web website', () => {
    expect(websiteLink('')).toBeNull();
    expect(websiteLink('http://')).toBeNull();
    expect(websiteLink('mailto:someone@example.com')).toBeNull();
    expect(websiteLink('ftp://example.com')).toBeNull();
  });

  it('cuts the brief at 200 characters without splitting an emoji', () => {
    const brief = `${'a'.repeat(199)}🙂🙂`;
    expect(cardBrief(brief)).toBe(`${'a'.repeat(199)}🙂`);
    expect(cardBrief('short')).toBe('short');
  });

  it('takes up to two initials from the words of the name', () => {
    expect(initialsOf('smith & sons')).toBe('SS');
    expect(initialsOf('Élan')).toBe('É');
    expect(initialsOf('***')).toBe('?');
  });

  it('tells the distance in km with one decimal', () => {
    expect(distanceText(2.44)).toBe('2.4 km away');
    expect(distanceText(0.05)).toBe('0.1 km away');
    expect(distanceText(12)).toBe('12.0 km away');
    expect(distanceText(1234.56)).toBe('1,234.6 km away');
  });
});
