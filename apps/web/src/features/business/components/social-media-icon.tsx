import type { ReactNode } from 'react';

/** The networks' names as people write them; an unknown type is shown as it came. */
const MEDIA_NAMES: Readonly<Record<string, string>> = {
  FACEBOOK: 'Facebook',
  INSTAGRAM: 'Instagram',
  LINKEDIN: 'LinkedIn',
  YOUTUBE: 'YouTube',
  TIKTOK: 'TikTok',
  WEBSITE: 'Website',
};

export function mediaName(mediaType: string): string {
  return MEDIA_NAMES[mediaType] ?? mediaType;
}

const GLOBE = (
  <>
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
    <ellipse cx="12" cy="12" rx="4" ry="9" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M3 12h18M4.5 7.5h15M4.5 16.5h15" stroke="currentColor" strokeWidth="1.5" />
  </>
);

/** Simple drawings of each network's mark: recognisable, and no icon library in the bundle. */
const SHAPES: Readonly<Record<string, ReactNode>> = {
  FACEBOOK: <path d="M15.5 8H13.5a1 1 0 0 0-1 1v2h3l-.5 3h-2.5v7h-3v-7H7v-3h2.5V8.5A3.5 3.5 0 0 1 13 5h2.5z" fill="currentColor" />,
  INSTAGRAM: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
    </>
  ),
  LINKEDIN: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor" />
      <rect x="6.5" y="10" width="2.5" height="7.5" fill="#fff" />
      <circle cx="7.75" cy="7.25" r="1.5" fill="#fff" />
      <path d="M11 10h2.4v1.1c.5-.8 1.4-1.3 2.6-1.3 2 0 3 1.2 3 3.5v4.2h-2.5v-3.8c0-1-.4-1.6-1.3-1.6s-1.7.6-1.7 1.7v3.7H11z" fill="#fff" />
    </>
  ),
  YOUTUBE: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5-3z" fill="#fff" />
    </>
  ),
  TIKTOK: <path d="M13 3h3a4 4 0 0 0 4 4v3a7 7 0 0 1-4-1.3V15a6 6 0 1 1-6-6v3.2a2.8 2.8 0 1 0 3 2.8z" fill="currentColor" />,
  WEBSITE: GLOBE,
};

/** The mark of a social media type, beside its name (so it is hidden from screen readers). */
export function SocialMediaIcon({ mediaType }: { mediaType: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false" className="flex-shrink-0">
      {SHAPES[mediaType] ?? GLOBE}
    </svg>
  );
}
