import type { MediaType } from '@churchtrades/shared/media-types';
import { MESSAGES } from '@churchtrades/shared/messages';

/** The media types as people write them; SELECT, "none chosen", is the select's prompt. */
export const MEDIA_TYPE_NAMES: Readonly<Record<MediaType, string>> = {
  SELECT: MESSAGES.chooseMediaType,
  FACEBOOK: 'Facebook',
  WEBSITE: 'Website',
  INSTAGRAM: 'Instagram',
  LINKEDIN: 'LinkedIn',
  YOUTUBE: 'YouTube',
  TIKTOK: 'TikTok',
};

/** What the "Media Reference" of an entry of this type may be, as the server checks it. */
export function referenceHint(mediaType: MediaType): string {
  switch (mediaType) {
    case 'SELECT':
      return 'Choose the media type, then enter a link or a name.';
    case 'WEBSITE':
      return "Your website's address, starting with https://";
    default:
      return `Your ${MEDIA_TYPE_NAMES[mediaType]} name (e.g. @yourbusiness) or a link to your page (https://…)`;
  }
}
