import { z } from 'zod';
import { COUNTRY_CODE, TRADE_ID_MIN_LENGTH } from './constants';
import { requiredString } from './fields';
import { MESSAGES } from './messages';
import { STATES } from './states';

/** Only entityId has a rule (SPEC §5); the rest is whatever the address lookup or the owner filled in. */
export const addressSchema = z.object({
  id: z.string().optional(),
  entityId: requiredString(TRADE_ID_MIN_LENGTH, MESSAGES.tradeIdRequired),
  searchId: z.string().nullish(),
  countryCode: z.literal(COUNTRY_CODE).default(COUNTRY_CODE),
  fullAddress: z.string().nullish(),
  stateType: z.enum(STATES).nullish(),
  suburb: z.string().nullish(),
  streetName: z.string().nullish(),
  streetType: z.string().nullish(),
  // Strings, not numbers: "12A", "0800".
  streetNbr: z.string().nullish(),
  unitType: z.string().nullish(),
  unitNbr: z.string().nullish(),
  postcode: z.string().nullish(),
  city: z.string().nullish(),
  longitude: z.number().nullish(),
  latitude: z.number().nullish(),
  /** Absent on create: on for a business location, off when the owner only works at customers' places. */
  showStreetAddress: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressSchema>;
/** What a form holds before parsing: countryCode may be absent. */
export type AddressFormValues = z.input<typeof addressSchema>;
