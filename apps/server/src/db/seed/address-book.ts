import type { RealState } from '@churchtrades/shared/states';
import type { AddressIndexRow } from '../address-import/gnaf-release';
import { STREET_TYPES, SUBURBS, type StreetType, type Suburb } from './demo-places';
import type { Random } from './random';

/** An address of the demo address file that a demo business may have. */
export interface IndexedAddress {
  row: AddressIndexRow;
  state: RealState;
  suburb: Suburb;
  /** As written on an envelope: "St Kilda", "O'Connell". */
  streetName: string;
  streetType: StreetType;
  number: string;
  flat: { type: string; number: string } | null;
}

export interface AddressBook {
  /** An address in that suburb; each is handed out once while unused ones remain. */
  take(state: RealState, suburb: Suburb): IndexedAddress;
}

export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function jitter(random: Random, value: number, spread: number): number {
  return roundCoordinate(value + (random.next() * 2 - 1) * spread);
}

function suburbKey(state: RealState, suburb: Suburb): string {
  return `${state}:${suburb.name}`;
}

/** "ST KILDA" → "St Kilda", "O'CONNELL" → "O'Connell". */
function asWritten(name: string): string {
  return name.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_whole, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The row as an address a business can be given: geocoded, in one of the demo's suburbs, with a plain street
 * number. Lots and ranges ("12-14") are left to the lookup: they read differently on an envelope.
 */
function asBusinessAddress(row: AddressIndexRow): IndexedAddress | undefined {
  const state = row.stateAbbreviation;
  const suburb = SUBURBS[state].find((candidate) => candidate.name.toUpperCase() === row.localityName);
  const streetType = STREET_TYPES.find((type) => type.code === row.streetTypeAbbreviation);
  const number = row.firstNumber;
  const isPlainNumber = number != null && row.lookupKey?.startsWith(`${number.toLowerCase()} `);
  if (!suburb || !streetType || !row.streetName || !isPlainNumber || row.latitude == null || row.longitude == null) {
    return undefined;
  }
  return {
    row,
    state,
    suburb,
    streetName: asWritten(row.streetName),
    streetType,
    number,
    flat: row.flatType && row.flatNumber ? { type: row.flatType, number: row.flatNumber } : null,
  };
}

/** The demo businesses' addresses, drawn from the demo address file (the index the lookup searches). */
export function createAddressBook(random: Random, addressFile: readonly AddressIndexRow[]): AddressBook {
  const entries = addressFile.map(asBusinessAddress).filter((entry) => entry !== undefined);
  const bySuburb = new Map<string, IndexedAddress[]>();
  for (const entry of entries) {
    const key = suburbKey(entry.state, entry.suburb);
    const list = bySuburb.get(key);
    if (list) list.push(entry);
    else bySuburb.set(key, [entry]);
  }
  const unused = new Map([...bySuburb].map(([key, list]) => [key, random.shuffle(list)]));
  return {
    take(state, suburb) {
      const key = suburbKey(state, suburb);
      const next = unused.get(key)?.pop();
      if (next) return next;
      // More businesses than addresses in one suburb: share a building, as shops in one arcade do.
      return random.pick(bySuburb.get(key) ?? entries);
    },
  };
}
