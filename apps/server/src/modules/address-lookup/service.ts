import { ADDRESS_LOOKUP_LIMIT, ADDRESS_LOOKUP_MIN_LENGTH, type AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { MESSAGES } from '@churchtrades/shared/messages';
import { AppError } from '../../http/app-error';
import type { AddressLookupRepo } from './repo';
import { readTypedAddress, type TypedAddress, wordSearch } from './typed-address';

/** Where addresses come from: the built-in national address index, or an external service. */
export interface AddressSource {
  /** Up to `limit` addresses for what was typed, the best first. */
  suggest(text: string, limit: number): Promise<AddressSuggestion[]>;
  find(id: string): Promise<AddressSuggestion | undefined>;
}

/** Longer than any address id of the national file or of an address service: not worth a query. */
const LONGEST_ADDRESS_ID = 64;

/**
 * The built-in index. People type number and street first ("12 george st parr"), or the street first
 * ("george st parr"): the addresses that start that way, in key order. When none does, the addresses holding
 * every typed word in any order ("smith 45 parramatta", "45 smith parramatta" without its street type).
 * Filling a list that has starts-with matches with contains-matches would add little ("UNIT 12, 5 GEORGE
 * STREET" for "12 george st") at several times the cost of the lookup.
 */
export function addressIndexSource(repo: AddressLookupRepo): AddressSource {
  async function startingWith({ key, flatKey, state }: TypedAddress, start: string, limit: number) {
    const flat = key === 'number first' ? flatKey : null;
    const found = await repo.startingWith({ key, start, flatKey: flat, state }, limit);
    if (found.length > 0 || flat === null) return found;
    // A flat that no address at that number has (a typo, a flat not yet in the file): its building instead.
    return repo.startingWith({ key, start, flatKey: null, state }, limit);
  }

  async function startingAsTyped(typed: TypedAddress, limit: number) {
    for (const start of typed.keyStarts) {
      const found = await startingWith(typed, start, limit);
      if (found.length > 0) return found;
    }
    return [];
  }

  return {
    async suggest(text, limit) {
      const typed = readTypedAddress(text);
      const found = await startingAsTyped(typed, limit);
      if (found.length > 0) return found;
      const search = wordSearch(typed.words);
      return search === null ? [] : repo.wordMatches({ ...search, number: typed.number }, limit);
    },
    find: (id) => repo.findById(id),
  };
}

/** The address lookup of the owner's address page: suggestions while typing, then the one chosen. */
export function createAddressLookupService(source: AddressSource) {
  return {
    /** Nothing for text too short to mean anything, so that the first keystrokes cost nothing. */
    async suggest(text: string): Promise<AddressSuggestion[]> {
      if (text.length < ADDRESS_LOOKUP_MIN_LENGTH) return [];
      const addresses = await source.suggest(text, ADDRESS_LOOKUP_LIMIT);
      return addresses.slice(0, ADDRESS_LOOKUP_LIMIT);
    },

    async find(id: string): Promise<AddressSuggestion> {
      const address = id.length <= LONGEST_ADDRESS_ID ? await source.find(id) : undefined;
      if (!address) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
      return address;
    },
  };
}

export type AddressLookupService = ReturnType<typeof createAddressLookupService>;
