import { z } from 'zod';
import { REAL_STATES } from './states';

/** Shortest text the address lookup searches for; shorter text answers an empty list. */
export const ADDRESS_LOOKUP_MIN_LENGTH = 3;
/** Most suggestions one lookup answers. */
export const ADDRESS_LOOKUP_LIMIT = 10;

/**
 * SPEC §3 "Address search result": one address of the national address file, as `GET /api/address/lookup`
 * suggests it (`data.addresses`) and `GET /api/address/lookup/{id}` answers it (`data.address`), whether it
 * comes from the built-in index or from the external service.
 */
export const addressSuggestionSchema = z.object({
  id: z.string(),
  fullAddress: z.string(),
  stateAbbreviation: z.enum(REAL_STATES),
  localityName: z.string(),
  streetName: z.string().nullable(),
  streetTypeAbbreviation: z.string().nullable(),
  firstNumber: z.string().nullable(),
  flatType: z.string().nullable(),
  flatNumber: z.string().nullable(),
  lgaName2021: z.string().nullable(),
  postcode: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
}).meta({ id: 'AddressSuggestion' });
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** `GET /api/address/lookup?q=`: what the owner has typed so far. */
export const addressLookupQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((text) => (text ?? '').slice(0, 200).trim())
    .describe('The address typed so far; text beyond 200 characters is cut'),
});
