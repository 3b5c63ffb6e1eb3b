import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { AddressSource } from './service';

/**
 * The external Australian address service (SPEC §7), asked instead of the built-in index when configured:
 *
 *   GET {url}/autocomplete?search_word=12%20george%20st   → [address, …], the best first
 *   GET {url}/metadata?_id=GANSW704192748                 → address, or 404
 *
 * each with the key in the `x-api-key` header. An address carries the national file's fields in its words:
 * `_id`, `full_address`, `state_abbreviation`, `locality_name`, `street_name`, `street_type_abbreviation`,
 * `number_first`, `flat_type`, `flat_number`, `lga_name_2021`, `postcode`, `longitude`, `latitude`
 * (numbers may come as text). Addresses outside the eight states and territories are left out.
 */
export interface AddressServiceOptions {
  url: string;
  key: string;
  timeoutMs: number;
  log: { warn(details: object, message: string): void };
}

export const ADDRESS_SERVICE_KEY_HEADER = 'x-api-key';
export const ADDRESS_SERVICE_SLOW_MESSAGE = 'The address lookup did not answer in time. Please try again.';
export const ADDRESS_SERVICE_DOWN_MESSAGE = 'The address lookup is not available right now. Please try again later.';

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

const coordinate = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    const number = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
    return Number.isFinite(number) ? number : null;
  });

const serviceAddressSchema = z.object({
  _id: z.union([z.string().min(1), z.number()]).transform(String),
  full_address: z.string().min(1),
  state_abbreviation: z.string(),
  locality_name: z.string(),
  street_name: optionalText,
  street_type_abbreviation: optionalText,
  number_first: optionalText,
  flat_type: optionalText,
  flat_number: optionalText,
  lga_name_2021: optionalText,
  postcode: optionalText,
  longitude: coordinate,
  latitude: coordinate,
});
type ServiceAddress = z.infer<typeof serviceAddressSchema>;

const isState = (value: string): value is RealState => (REAL_STATES as readonly string[]).includes(value);

function toSuggestion(address: ServiceAddress): AddressSuggestion | undefined {
  const state = address.state_abbreviation.toUpperCase();
  if (!isState(state)) return undefined;
  return {
    id: address._id,
    fullAddress: address.full_address,
    stateAbbreviation: state,
    localityName: address.locality_name,
    streetName: address.street_name,
    streetTypeAbbreviation: address.street_type_abbreviation,
    firstNumber: address.number_first,
    flatType: address.flat_type,
    flatNumber: address.flat_number,
    lgaName2021: address.lga_name_2021,
    postcode: address.postcode,
    longitude: address.longitude,
    latitude: address.latitude,
  };
}

class ServiceFailure extends Error {}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

export function addressServiceSource(options: AddressServiceOptions): AddressSource {
  const base = options.url.replace(/\/+$/, '');

  /** The service's JSON answer, or undefined for 404; any failure is a 502 or 504 for our caller. */
  async function ask(path: string, parameters: Record<string, string>): Promise<unknown> {
    const url = `${base}/${path}?${new URLSearchParams(parameters)}`;
    try {
      const response = await fetch(url, {
        headers: { [ADDRESS_SERVICE_KEY_HEADER]: options.key, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new ServiceFailure(`answered HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      // The key is in a header, never in the URL: the URL may be logged.
      options.log.warn({ err: error, path, timeoutMs: options.timeoutMs }, 'address service failed');
      if (isTimeout(error)) throw new AppError('GATEWAY_TIMEOUT', ADDRESS_SERVICE_SLOW_MESSAGE);
      throw new AppError('BAD_GATEWAY', ADDRESS_SERVICE_DOWN_MESSAGE);
    }
  }

  /** Addresses the service answered that do not read as one are left out rather than failing the rest. */
  function readAddresses(items: unknown[]): AddressSuggestion[] {
    const suggestions: AddressSuggestion[] = [];
    for (const item of items) {
      const parsed = serviceAddressSchema.safeParse(item);
      const suggestion = parsed.success ? toSuggestion(parsed.data) : undefined;
      if (suggestion) suggestions.push(suggestion);
    }
    if (suggestions.length < items.length) {
      options.log.warn({ skipped: items.length - suggestions.length }, 'address service sent addresses it could not read');
    }
    return suggestions;
  }

  function unreadable(answer: unknown): AppError {
    options.log.warn({ answer: JSON.stringify(answer)?.slice(0, 300) }, 'address service answer unreadable');
    return new AppError('BAD_GATEWAY', ADDRESS_SERVICE_DOWN_MESSAGE);
  }

  return {
    async suggest(text, limit) {
      const answer = await ask('autocomplete', { search_word: text });
      if (!Array.isArray(answer)) throw unreadable(answer);
      return readAddresses(answer.slice(0, limit));
    },

    async find(id) {
      const answer = await ask('metadata', { _id: id });
      if (answer === undefined) return undefined;
      const parsed = serviceAddressSchema.safeParse(answer);
      if (!parsed.success) throw unreadable(answer);
      return toSuggestion(parsed.data);
    },
  };
}
