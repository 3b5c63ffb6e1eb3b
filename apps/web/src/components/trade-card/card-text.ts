import { CARD_BRIEF_LENGTH } from '@churchtrades/shared/constants';

/** What a result card shows in place of a missing value (SPEC §2). */
export const MISSING = '.....';

export function orMissing(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? MISSING : value;
}

/** The first 200 characters of the brief; counted in code points so an emoji is never cut in half. */
export function cardBrief(brief: string): string {
  return Array.from(brief).slice(0, CARD_BRIEF_LENGTH).join('');
}

/**
 * The link for a business's website and the host to show for it, or null when there is no usable
 * website. Older records may lack the scheme ("example.com.au"); anything that is not http(s) is not
 * linked, so a stored `javascript:` URL can never become a clickable link.
 */
export function websiteLink(website: string | null): { href: string; host: string } | null {
  const text = website?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') return null;
  return { href: url.href, host: url.host };
}

export function googleSearchHref(name: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(name)}`;
}

/** Up to two initials ("Smith & Sons Plumbing" -> "SS") for a business without a logo. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase('en-AU') || '?';
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** "Near me": how far the business is, in km with one decimal ("2.4 km away"). */
export function distanceText(distanceKm: number): string {
  const km = distanceKm.toLocaleString('en-AU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${km} km away`;
}
