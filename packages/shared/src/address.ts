import { z } from 'zod';
import { ADDRESS_FIELD_MAX_LENGTH, COUNTRY_CODE, ID_MAX_LENGTH, TRADE_ID_MIN_LENGTH } from './constants';
import { idString } from './fields';
import { MESSAGES } from './messages';
import { STATES } from './states';

const addressText = z.string().max(ADDRESS_FIELD_MAX_LENGTH, { error: MESSAGES.addressFieldTooLong }).nullish();

/** Only entityId has a rule (SPEC §5); the rest is whatever the address lookup or the owner filled in. */
export const addressSchema = z.object({
  id: z.string().max(ID_MAX_LENGTH, { error: MESSAGES.idTooLong }).optional(),
  entityId: idString(TRADE_ID_MIN_LENGTH, MESSAGES.tradeIdRequired),
  searchId: addressText,
  countryCode: z.literal(COUNTRY_CODE).default(COUNTRY_CODE),
  fullAddress: addressText,
  stateType: z.enum(STATES).nullish(),
  suburb: addressText,
  streetName: addressText,
  streetType: addressText,
  // Strings, not numbers: "12A", "0800".
  streetNbr: addressText,
  unitType: addressText,
  unitNbr: addressText,
  postcode: addressText,
  city: addressText,
  longitude: z.number().nullish(),
  latitude: z.number().nullish(),
  /** Absent on create: on for a business location, off when the owner only works at customers' places. */
  showStreetAddress: z.boolean().optional(),
}).meta({ id: 'Address' });
export type AddressInput = z.infer<typeof addressSchema>;
/** What a form holds before parsing: countryCode may be absent. */
export type AddressFormValues = z.input<typeof addressSchema>;
