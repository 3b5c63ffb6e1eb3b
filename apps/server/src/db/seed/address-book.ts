import type { RealState } from '@churchtrades/shared/states';
import type { addressIndex } from '../schema';
import { FLAT_TYPES, STREET_NAMES, STREET_TYPES, SUBURBS, type StreetType, type Suburb } from './demo-places';
import type { Random } from './random';

export type AddressIndexRow = typeof addressIndex.$inferInsert;

export interface IndexedAddress {
  row: AddressIndexRow;
  state: RealState;
  suburb: Suburb;
  streetName: string;
  streetType: StreetType;
  number: string;
  flat: { type: string; number: string } | null;
}

export interface AddressBook {
  /** Every address, in the order they were made: the national address file of the demo. */
  entries: readonly IndexedAddress[];
  /** An address in that suburb; each is handed out once while unused ones remain. */
  take(state: RealState, suburb: Suburb): IndexedAddress;
}

const STREETS_PER_SUBURB = 6;
const NUMBERS_PER_STREET = { min: 5, max: 7 };
/** About 1 km: coordinates stay near their suburb, well inside its state. */
const STREET_SPREAD = 0.009;
const NUMBER_SPREAD = 0.0015;

export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function jitter(random: Random, value: number, spread: number): number {
  return roundCoordinate(value + (random.next() * 2 - 1) * spread);
}

function suburbKey(state: RealState, suburb: Suburb): string {
  return `${state}:${suburb.name}`;
}

function fullNafAddress(address: Omit<IndexedAddress, 'row'>): string {
  const flat = address.flat ? `${address.flat.type} ${address.flat.number}, ` : '';
  const street = `${address.number} ${address.streetName} ${address.streetType.name}`.toUpperCase();
  return `${flat}${street}, ${address.suburb.name.toUpperCase()} ${address.state} ${address.suburb.postcode}`;
}

function toRow(id: string, address: Omit<IndexedAddress, 'row'>, latitude: number, longitude: number): AddressIndexRow {
  return {
    id,
    fullAddress: fullNafAddress(address),
    stateAbbreviation: address.state,
    localityName: address.suburb.name.toUpperCase(),
    streetName: address.streetName.toUpperCase(),
    streetTypeAbbreviation: address.streetType.code,
    firstNumber: address.number,
    flatType: address.flat?.type ?? null,
    flatNumber: address.flat?.number ?? null,
    lgaName2021: address.suburb.lga,
    postcode: address.suburb.postcode,
    latitude,
    longitude,
  };
}

function streetNumbers(random: Random): number[] {
  const count = random.int(NUMBERS_PER_STREET.min, NUMBERS_PER_STREET.max);
  const numbers = new Set<number>();
  while (numbers.size < count) numbers.add(random.int(1, 180));
  return [...numbers].sort((a, b) => a - b);
}

/** A block of flats behind one street number now and then, as in any suburb. */
function flatsAt(random: Random): { type: string; number: string }[] {
  if (!random.chance(0.15)) return [];
  const type = random.pick(FLAT_TYPES);
  return Array.from({ length: random.int(2, 4) }, (_, index) => ({ type, number: String(index + 1) }));
}

function makeEntries(random: Random): IndexedAddress[] {
  const entries: IndexedAddress[] = [];
  for (const [state, suburbs] of Object.entries(SUBURBS) as [RealState, readonly Suburb[]][]) {
    let counter = 0;
    const nextId = () => `GA${state}7${String((counter += 1)).padStart(9, '0')}`;
    for (const suburb of suburbs) {
      for (const streetName of random.shuffle(STREET_NAMES).slice(0, STREETS_PER_SUBURB)) {
        const streetType = random.pick(STREET_TYPES);
        const streetLatitude = jitter(random, suburb.latitude, STREET_SPREAD);
        const streetLongitude = jitter(random, suburb.longitude, STREET_SPREAD);
        for (const value of streetNumbers(random)) {
          const latitude = jitter(random, streetLatitude, NUMBER_SPREAD);
          const longitude = jitter(random, streetLongitude, NUMBER_SPREAD);
          const flats = flatsAt(random);
          for (const flat of flats.length > 0 ? flats : [null]) {
            const address = { state, suburb, streetName, streetType, number: String(value), flat };
            entries.push({ ...address, row: toRow(nextId(), address, latitude, longitude) });
          }
        }
      }
    }
  }
  return entries;
}

export function createAddressBook(random: Random): AddressBook {
  const entries = makeEntries(random);
  const bySuburb = new Map<string, IndexedAddress[]>();
  for (const entry of entries) {
    const key = suburbKey(entry.state, entry.suburb);
    const list = bySuburb.get(key);
    if (list) list.push(entry);
    else bySuburb.set(key, [entry]);
  }
  const unused = new Map([...bySuburb].map(([key, list]) => [key, random.shuffle(list)]));
  return {
    entries,
    take(state, suburb) {
      const key = suburbKey(state, suburb);
      const next = unused.get(key)?.pop();
      if (next) return next;
      // More businesses than addresses in one suburb: share a building, as shops in one arcade do.
      return random.pick(bySuburb.get(key) ?? entries);
    },
  };
}
