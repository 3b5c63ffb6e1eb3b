import { z } from 'zod';

/** The media types a social media entry is stored with. */
export const CHOSEN_MEDIA_TYPES = ['FACEBOOK', 'WEBSITE', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'TIKTOK'] as const;

/** SELECT stands for "none chosen". */
export const MEDIA_TYPES = ['SELECT', ...CHOSEN_MEDIA_TYPES] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const mediaTypeSchema = z.enum(MEDIA_TYPES);
