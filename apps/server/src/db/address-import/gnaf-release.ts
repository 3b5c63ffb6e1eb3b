import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import {
  countingKey,
  lookupKey,
  type StreetAddressParts,
  streetKey,
} from '../../modules/address-lookup/address-words';
import type { addressIndex } from '../schema';

/**
 * Reads a release of G-NAF, the national address file, as published in pipe-separated files: one set of
 * tables per state or territory (`NSW_ADDRESS_DETAIL_psv.psv`, `NSW_STREET_LOCALITY_psv.psv`, …) and shared
 * authority code tables (`Authority_Code_STREET_TYPE_AUT_psv.psv`, …), with the real G-NAF column names.
 */

export type AddressIndexRow = typeof addressIndex.$inferInsert;

/** The per-state tables the address index is built from. */
const STATE_TABLES = ['ADDRESS_DETAIL', 'ADDRESS_DEFAULT_GEOCODE', 'STREET_LOCALITY', 'LOCALITY', 'STATE'] as const;
type StateTable = (typeof STATE_TABLES)[number];

/** OT (Other Territories: Christmas Island, Jervis Bay, …) is not one of the states the directory knows. */
const RELEASE_STATES = [...REAL_STATES, 'OT'] as const;
type ReleaseState = (typeof RELEASE_STATES)[number];

const AUTHORITY_TABLES = ['FLAT_TYPE_AUT', 'LEVEL_TYPE_AUT', 'STREET_TYPE_AUT', 'STREET_SUFFIX_AUT'] as const;
type AuthorityTable = (typeof AUTHORITY_TABLES)[number];

const STATE_FILE = new RegExp(`^(${RELEASE_STATES.join('|')})_(${STATE_TABLES.join('|')})_psv\\.psv$`, 'i');
const AUTHORITY_FILE = new RegExp(`^Authority_Code_(${AUTHORITY_TABLES.join('|')})_psv\\.psv$`, 'i');

export interface StateFiles {
  state: ReleaseState;
  files: Record<StateTable, string>;
}

export interface ReleaseFiles {
  authority: Partial<Record<AuthorityTable, string>>;
  /** The states and territories with every table present, in the order they are imported. */
  states: StateFiles[];
}

export class ReleaseError extends Error {}

/** Finds the release's files anywhere under `folder` (G-NAF nests them in "Standard" and "Authority Code"). */
export async function findReleaseFiles(folder: string): Promise<ReleaseFiles> {
  const entries = await fs.promises.readdir(folder, { recursive: true }).catch((error: Error) => {
    throw new ReleaseError(`Cannot read the folder ${folder}: ${error.message}`);
  });
  const names = entries.map(String).sort();
  const authority: ReleaseFiles['authority'] = {};
  const byState = new Map<ReleaseState, Partial<Record<StateTable, string>>>();
  for (const name of names) {
    const base = path.basename(name);
    const stateMatch = STATE_FILE.exec(base);
    if (stateMatch) {
      const state = stateMatch[1]!.toUpperCase() as ReleaseState;
      byState.set(state, { ...byState.get(state), [stateMatch[2]!.toUpperCase()]: path.join(folder, name) });
    }
    const authorityMatch = AUTHORITY_FILE.exec(base);
    if (authorityMatch) authority[authorityMatch[1]!.toUpperCase() as AuthorityTable] = path.join(folder, name);
  }
  if (!authority.STREET_TYPE_AUT || !authority.FLAT_TYPE_AUT) {
    throw new ReleaseError(`No G-NAF authority code tables (Authority_Code_STREET_TYPE_AUT_psv.psv …) under ${folder}`);
  }
  const states: StateFiles[] = [];
  for (const state of RELEASE_STATES) {
    const files = byState.get(state);
    if (!files) continue;
    const missing = STATE_TABLES.filter((table) => !files[table]);
    if (missing.length > 0) {
      throw new ReleaseError(`${state} lacks ${missing.map((table) => `${state}_${table}_psv.psv`).join(', ')}`);
    }
    states.push({ state, files: files as Record<StateTable, string> });
  }
  if (states.length === 0) throw new ReleaseError(`No G-NAF state tables (NSW_ADDRESS_DETAIL_psv.psv …) under ${folder}`);
  return { authority, states };
}

export function isDirectoryState(state: ReleaseState): state is RealState {
  return state !== 'OT';
}

/** One data line of a table, its values read by column name. */
export interface PsvRecord {
  get(column: string): string;
}

export interface PsvLine {
  /** Data lines read so far, this one included (the header is not counted). */
  line: number;
  /** Bytes of the file read so far. */
  bytes: number;
  record: PsvRecord;
}

/**
 * The data lines of a pipe-separated table, one at a time (never the whole file in memory), the first `skip`
 * lines passed over without being read as records.
 */
export async function* readPsv(file: string, skip = 0): AsyncGenerator<PsvLine> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let columns: Map<string, number> | undefined;
  let line = 0;
  try {
    for await (const text of lines) {
      if (columns === undefined) {
        columns = new Map(text.replace(/^\uFEFF/, '').split('|').map((name, index) => [name.trim().toUpperCase(), index]));
        continue;
      }
      if (text === '') continue;
      line += 1;
      if (line <= skip) continue;
      const values = text.split('|');
      const positions = columns;
      yield {
        line,
        bytes: stream.bytesRead,
        record: {
          get(column) {
            const position = positions.get(column);
            if (position === undefined) throw new ReleaseError(`${path.basename(file)} has no column ${column}`);
            return values[position]?.trim() ?? '';
          },
        },
      };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

const isCurrent = (record: PsvRecord) => record.get('DATE_RETIRED') === '';

/** CODE → NAME of an authority table ("AVENUE" → "AV" for street types, "APT" → "APARTMENT" for flats). */
async function readAuthority(file: string | undefined): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (file === undefined) return names;
  for await (const { record } of readPsv(file)) names.set(record.get('CODE'), record.get('NAME'));
  return names;
}

export interface AuthorityCodes {
  flatTypes: Map<string, string>;
  levelTypes: Map<string, string>;
  streetTypes: Map<string, string>;
  streetSuffixes: Map<string, string>;
}

export async function readAuthorityCodes(release: ReleaseFiles): Promise<AuthorityCodes> {
  return {
    flatTypes: await readAuthority(release.authority.FLAT_TYPE_AUT),
    levelTypes: await readAuthority(release.authority.LEVEL_TYPE_AUT),
    streetTypes: await readAuthority(release.authority.STREET_TYPE_AUT),
    streetSuffixes: await readAuthority(release.authority.STREET_SUFFIX_AUT),
  };
}

interface Locality {
  name: string;
  postcode: string;
  state: string;
}

interface Street {
  name: string;
  typeCode: string;
  suffixCode: string;
}

/** A state's localities and streets: hundreds of thousands of short rows at most, held in memory. */
export interface StatePlaces {
  localities: Map<string, Locality>;
  streets: Map<string, Street>;
}

export async function readStatePlaces(files: StateFiles['files']): Promise<StatePlaces> {
  const stateNames = new Map<string, string>();
  for await (const { record } of readPsv(files.STATE)) {
    stateNames.set(record.get('STATE_PID'), record.get('STATE_ABBREVIATION'));
  }
  const localities = new Map<string, Locality>();
  for await (const { record } of readPsv(files.LOCALITY)) {
    if (!isCurrent(record)) continue;
    localities.set(record.get('LOCALITY_PID'), {
      name: record.get('LOCALITY_NAME'),
      postcode: record.get('PRIMARY_POSTCODE'),
      state: stateNames.get(record.get('STATE_PID')) ?? '',
    });
  }
  // Retired streets stay: a current address may still name one.
  const streets = new Map<string, Street>();
  for await (const { record } of readPsv(files.STREET_LOCALITY)) {
    streets.set(record.get('STREET_LOCALITY_PID'), {
      name: record.get('STREET_NAME'),
      typeCode: record.get('STREET_TYPE_CODE'),
      suffixCode: record.get('STREET_SUFFIX_CODE'),
    });
  }
  return { localities, streets };
}

/** A geocode of an address, when current. */
export function readGeocode(record: PsvRecord): { id: string; longitude: number; latitude: number } | undefined {
  const longitude = Number(record.get('LONGITUDE'));
  const latitude = Number(record.get('LATITUDE'));
  if (!isCurrent(record) || record.get('LONGITUDE') === '' || !Number.isFinite(longitude) || !Number.isFinite(latitude)) {
    return undefined;
  }
  return { id: record.get('ADDRESS_DETAIL_PID'), longitude, latitude };
}

/** A number as the file splits it: prefix, number, suffix ("G", "1", "A"); '' when the address has none. */
function numbered(record: PsvRecord, column: string): string {
  return `${record.get(`${column}_PREFIX`)}${record.get(column)}${record.get(`${column}_SUFFIX`)}`;
}

/** "45", "45A", "12-14" or "LOT 12": how an address's number reads, as in its full address. */
function streetNumber(record: PsvRecord): { first: string | null; text: string | null } {
  const first = numbered(record, 'NUMBER_FIRST');
  const last = numbered(record, 'NUMBER_LAST');
  if (first !== '') return { first, text: last === '' ? first : `${first}-${last}` };
  const lot = numbered(record, 'LOT_NUMBER');
  return { first: null, text: lot === '' ? null : `LOT ${lot}` };
}

/** A flat or level of the address: its type's name ("UNIT", "LEVEL") and number, or null. */
function unitOf(record: PsvRecord, kind: 'FLAT' | 'LEVEL', typeNames: Map<string, string>) {
  const number = numbered(record, `${kind}_NUMBER`);
  const code = record.get(`${kind}_TYPE_CODE`);
  const type = code === '' ? null : (typeNames.get(code) ?? code);
  if (number === '' && type === null) return null;
  return { type, number, text: [type, number].filter(Boolean).join(' ') };
}

function streetOf(record: PsvRecord, places: StatePlaces, codes: AuthorityCodes) {
  const street = places.streets.get(record.get('STREET_LOCALITY_PID'));
  if (!street) return { name: null, type: null, abbreviation: null, suffix: null };
  const type = street.typeCode || null;
  return {
    name: street.name || null,
    type,
    abbreviation: type === null ? null : (codes.streetTypes.get(type) ?? type),
    suffix: street.suffixCode ? (codes.streetSuffixes.get(street.suffixCode) ?? street.suffixCode) : null,
  };
}

function keysOf(parts: StreetAddressParts) {
  return { lookupKey: lookupKey(parts), streetKey: streetKey(parts), numberKey: countingKey(parts.number) };
}

export type AddressRowResult =
  | { kind: 'row'; row: AddressIndexRow }
  | { kind: 'skipped'; reason: 'retired' | 'alias' | 'no locality' | 'no number' | 'outside the states' };

/**
 * One address of the index from its ADDRESS_DETAIL line, without coordinates: a current principal address,
 * written as "UNIT 3, LEVEL 2, 45 SMITH STREET, PARRAMATTA NSW 2150".
 */
export function toAddressRow(record: PsvRecord, places: StatePlaces, codes: AuthorityCodes): AddressRowResult {
  if (!isCurrent(record)) return { kind: 'skipped', reason: 'retired' };
  // Aliases are other names of a principal address (a corner block on two streets): one suggestion is enough.
  if (record.get('ALIAS_PRINCIPAL') === 'A') return { kind: 'skipped', reason: 'alias' };
  const locality = places.localities.get(record.get('LOCALITY_PID'));
  if (!locality) return { kind: 'skipped', reason: 'no locality' };
  const state = locality.state;
  if (!(REAL_STATES as readonly string[]).includes(state)) return { kind: 'skipped', reason: 'outside the states' };
  const number = streetNumber(record);
  if (number.text === null) return { kind: 'skipped', reason: 'no number' };

  const street = streetOf(record, places, codes);
  const flat = unitOf(record, 'FLAT', codes.flatTypes);
  const level = unitOf(record, 'LEVEL', codes.levelTypes);
  const postcode = record.get('POSTCODE') || locality.postcode || null;
  const streetLine = [number.text, street.name, street.type, street.suffix].filter(Boolean).join(' ');
  const place = [locality.name, state, postcode].filter(Boolean).join(' ');
  return {
    kind: 'row',
    row: {
      id: record.get('ADDRESS_DETAIL_PID'),
      fullAddress: [flat?.text, level?.text, streetLine, place].filter(Boolean).join(', '),
      stateAbbreviation: state as RealState,
      localityName: locality.name,
      streetName: street.name,
      streetTypeAbbreviation: street.abbreviation,
      firstNumber: number.first,
      flatType: flat?.type ?? null,
      flatNumber: flat?.number || null,
      // G-NAF itself does not name local government areas; they come with the separate boundaries product.
      lgaName2021: null,
      postcode,
      longitude: null,
      latitude: null,
      ...keysOf({
        number: number.text,
        streetName: street.name,
        streetType: street.type,
        streetSuffix: street.suffix,
        locality: locality.name,
        postcode,
      }),
      flatKey: flat?.number ? countingKey(flat.number) : '',
    },
  };
}
