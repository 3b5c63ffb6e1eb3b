import { z } from 'zod';

/** SELECT stands for "none chosen". */
export const MEDIA_TYPES = ['SELECT', 'FACEBOOK', 'WEBSITE', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'TIKTOK'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const mediaTypeSchema = z.enum(MEDIA_TYPES);
