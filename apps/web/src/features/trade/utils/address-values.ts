import type { AddressFormValues, AddressInput } from '@churchtrades/shared/address';
import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { DEFAULT_UNIT_TYPE } from '@churchtrades/shared/constants';
import { showsStreetByDefault } from '@churchtrades/shared/street-privacy';
import type { OwnTrade, TradeAddress } from '@churchtrades/shared/trade-dashboard';

/** What the address form holds: every text as a string ('' for none), 'SELECT' for no state. */
export type AddressFields = Required<Omit<AddressFormValues, 'id' | 'countryCode'>>;

export function addressFields(trade: OwnTrade, address: TradeAddress | null): AddressFields {
  return {
    entityId: trade.id,
    searchId: address?.searchId ?? null,
    fullAddress: address?.fullAddress ?? '',
    stateType: address?.stateType ?? 'SELECT',
    suburb: address?.suburb ?? '',
    streetName: address?.streetName ?? '',
    streetType: address?.streetType ?? '',
    streetNbr: address?.streetNbr ?? '',
    unitType: address?.unitType ?? DEFAULT_UNIT_TYPE,
    unitNbr: address?.unitNbr ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
    longitude: address?.longitude ?? null,
    latitude: address?.latitude ?? null,
    showStreetAddress: address?.showStreetAddress ?? showsStreetByDefault(trade),
  };
}

/** The fields an address chosen from the lookup fills in; the public-display switch stays as the owner set it. */
export function suggestedFields(suggestion: AddressSuggestion): Omit<AddressFields, 'entityId' | 'showStreetAddress'> {
  return {
    searchId: suggestion.id,
    fullAddress: suggestion.fullAddress,
    stateType: suggestion.stateAbbreviation,
    suburb: suggestion.localityName,
    streetName: suggestion.streetName ?? '',
    streetType: suggestion.streetTypeAbbreviation ?? '',
    streetNbr: suggestion.firstNumber ?? '',
    unitType: suggestion.flatType ?? DEFAULT_UNIT_TYPE,
    unitNbr: suggestion.flatNumber ?? '',
    postcode: suggestion.postcode ?? '',
    city: suggestion.lgaName2021 ?? '',
    longitude: suggestion.longitude,
    latitude: suggestion.latitude,
  };
}

const TEXT_FIELDS = [
  'fullAddress',
  'suburb',
  'streetName',
  'streetType',
  'streetNbr',
  'unitNbr',
  'postcode',
  'city',
] as const;
export type AddressTextField = (typeof TEXT_FIELDS)[number];

/** What is sent: a field left empty is null (none), not an empty text; no state chosen is null too. */
export function addressPayload(values: AddressInput): AddressInput {
  const payload: AddressInput = { ...values, stateType: values.stateType === 'SELECT' ? null : values.stateType };
  for (const field of TEXT_FIELDS) {
    const text = values[field]?.trim();
    payload[field] = text ? text : null;
  }
  return payload;
}
