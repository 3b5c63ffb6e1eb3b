import { z } from 'zod';
import {
  ID_MAX_LENGTH,
  SOCIAL_MEDIA_NAME_MAX_LENGTH,
  SOCIAL_MEDIA_NAME_MIN_LENGTH,
  SOCIAL_MEDIA_REFERENCE_ID_MAX_LENGTH,
  TRADE_ID_MIN_LENGTH,
} from './constants';
import { idString, requiredString } from './fields';
import { type MediaType, mediaTypeSchema } from './media-types';
import { MESSAGES } from './messages';

/** Reference id the web form sends when it creates an entry rather than updating a selected one (SPEC §4). */
export const NEW_SOCIAL_MEDIA_REFERENCE_ID = 'refnull';

/** The media types an entry may have: SELECT means none was chosen. */
export type ChosenMediaType = Exclude<MediaType, 'SELECT'>;
type Network = Exclude<ChosenMediaType, 'WEBSITE'>;

// A link with a user name before its host ("https://facebook.com@elsewhere") misleads whoever reads it.
const CREDENTIALS_IN_LINK = /^[a-z][a-z0-9+.-]*:\/*[^/?#]*@/i;

function linkSchema(protocol: RegExp, hostname: RegExp) {
  return z.url({ protocol, hostname }).refine((link) => !CREDENTIALS_IN_LINK.test(link));
}

const websiteLink = linkSchema(/^https?$/, z.regexes.domain);

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface NetworkRule {
  /** An https link on one of the network's hosts, each with or without `www.`. */
  link: z.ZodType<string>;
  /** The profile page of a handle (given without its leading @). */
  profileUrl(handle: string): string;
  invalidMessage: string;
}

function networkRule(hosts: string[], profileUrl: (handle: string) => string, invalidMessage: string): NetworkRule {
  const hostname = new RegExp(`^(www\\.)?(${hosts.map(escapeForPattern).join('|')})$`);
  return { link: linkSchema(/^https$/, hostname), profileUrl, invalidMessage };
}

const NETWORKS: Readonly<Record<Network, NetworkRule>> = {
  FACEBOOK: networkRule(
    ['facebook.com', 'fb.com'],
    (handle) => `https://www.facebook.com/${handle}`,
    MESSAGES.facebookReferenceInvalid,
  ),
  INSTAGRAM: networkRule(
    ['instagram.com'],
    (handle) => `https://www.instagram.com/${handle}`,
    MESSAGES.instagramReferenceInvalid,
  ),
  // Entries belong to businesses: a bare name is taken as a company page; a person's profile is given as a link.
  LINKEDIN: networkRule(
    ['linkedin.com'],
    (handle) => `https://www.linkedin.com/company/${handle}`,
    MESSAGES.linkedinReferenceInvalid,
  ),
  YOUTUBE: networkRule(
    ['youtube.com', 'youtu.be'],
    (handle) => `https://www.youtube.com/@${handle}`,
    MESSAGES.youtubeReferenceInvalid,
  ),
  TIKTOK: networkRule(['tiktok.com'], (handle) => `https://www.tiktok.com/@${handle}`, MESSAGES.tiktokReferenceInvalid),
};

const HANDLE = /^@?([A-Za-z0-9._-]{1,100})$/;

function isNetwork(mediaType: ChosenMediaType): mediaType is Network {
  return mediaType !== 'WEBSITE';
}

/**
 * The link an entry stands for: a website's http(s) address or a network's https link as given, or the
 * network's profile page for a handle. Undefined when the reference is neither (and for SELECT).
 */
export function socialMediaUrl(mediaType: MediaType, reference: string): string | undefined {
  if (mediaType === 'SELECT') return undefined;
  const text = reference.trim();
  if (!isNetwork(mediaType)) return websiteLink.safeParse(text).success ? text : undefined;
  if (NETWORKS[mediaType].link.safeParse(text).success) return text;
  const handle = HANDLE.exec(text)?.[1];
  return handle === undefined ? undefined : NETWORKS[mediaType].profileUrl(handle);
}

/** What the form says when the reference does not fit the media type. */
export function socialMediaReferenceMessage(mediaType: ChosenMediaType): string {
  return isNetwork(mediaType) ? NETWORKS[mediaType].invalidMessage : MESSAGES.websiteLinkInvalid;
}

/**
 * An entry of a business's social media. `name` is the "Media Reference" the owner types (SPEC §2): a website's
 * address, or a network's handle or link, checked against the media type. `referenceId` is the entry's
 * reference, NEW_SOCIAL_MEDIA_REFERENCE_ID for a new one.
 */
export const socialMediaSchema = z
  .object({
    id: z.string().max(ID_MAX_LENGTH, { error: MESSAGES.idTooLong }).optional(),
    entityId: idString(TRADE_ID_MIN_LENGTH, MESSAGES.socialMediaEntityIdRequired),
    name: requiredString(SOCIAL_MEDIA_NAME_MIN_LENGTH, MESSAGES.nameRequired).max(SOCIAL_MEDIA_NAME_MAX_LENGTH, {
      error: MESSAGES.socialMediaNameTooLong,
    }),
    mediaType: mediaTypeSchema,
    referenceId: z.string().max(SOCIAL_MEDIA_REFERENCE_ID_MAX_LENGTH, { error: MESSAGES.referenceIdTooLong }),
  })
  .superRefine((entry, context) => {
    if (entry.mediaType === 'SELECT') {
      context.addIssue({ code: 'custom', path: ['mediaType'], message: MESSAGES.chooseMediaType });
      return;
    }
    // A name already refused for its length is not checked again against the media type.
    const length = entry.name.length;
    if (length < SOCIAL_MEDIA_NAME_MIN_LENGTH || length > SOCIAL_MEDIA_NAME_MAX_LENGTH) return;
    if (socialMediaUrl(entry.mediaType, entry.name) === undefined) {
      context.addIssue({ code: 'custom', path: ['name'], message: socialMediaReferenceMessage(entry.mediaType) });
    }
  }).meta({ id: 'SocialMedia' });
export type SocialMediaInput = z.infer<typeof socialMediaSchema>;
