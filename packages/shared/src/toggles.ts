import { z } from 'zod';

export const TOGGLE_NAMES = [
  'EXPIRED',
  'LOCKED',
  'ENABLED',
  'CREDENTIALS_EXPIRED',
  'MODERATED',
  'AT_CLIENT',
  'AT_BUSINESS',
  'AT_ONLINE',
] as const;
export type ToggleName = (typeof TOGGLE_NAMES)[number];

export const toggleNameSchema = z.enum(TOGGLE_NAMES);
