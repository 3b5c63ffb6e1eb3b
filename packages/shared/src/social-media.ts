import { z } from 'zod';
import { SOCIAL_MEDIA_NAME_MIN_LENGTH, TRADE_ID_MIN_LENGTH } from './constants';
import { requiredString } from './fields';
import { mediaTypeSchema } from './media-types';
import { MESSAGES } from './messages';

/** Reference id the web form sends when it creates an entry rather than updating a selected one (SPEC §4). */
export const NEW_SOCIAL_MEDIA_REFERENCE_ID = 'refnull';

export const socialMediaSchema = z.object({
  id: z.string().optional(),
  entityId: requiredString(TRADE_ID_MIN_LENGTH, MESSAGES.socialMediaEntityIdRequired),
  name: requiredString(SOCIAL_MEDIA_NAME_MIN_LENGTH, MESSAGES.nameRequired),
  mediaType: mediaTypeSchema,
  referenceId: z.string(),
});
export type SocialMediaInput = z.infer<typeof socialMediaSchema>;
