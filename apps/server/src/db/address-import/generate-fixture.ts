import fs from 'node:fs/promises';
import path from 'node:path';
import { REAL_STATES, type RealState } from '@churchtrades/shared/states';
import { STREET_TYPE_ABBREVIATIONS } from '../../modules/address-lookup/address-words';
import { jitter } from '../seed/address-book';
import { FLAT_TYPES, STREET_NAMES, STREET_TYPES, SUBURBS, type Suburb } from '../seed/demo-places';
import { createRandom, type Random } from '../seed/random';
import { ADDRESS_FIXTURE_DIR } from './fixture';

/**
 * Writes the demo address file (./fixture): a small release in G-NAF's own files and columns, made up from the
 * demo's real suburbs and postcodes with plausible streets, flats, lots, ranges, aliases, retired addresses and
 * an Other Territories set the directory leaves out. Deterministic: running it again writes the same bytes.
 *
 *   npx tsx apps/server/src/db/address-import/generate-fixture.ts
 */
const SEED = 20250420;
const STREETS_PER_SUBURB = 6;
const NUMBERS_PER_STREET = { min: 5, max: 7 };
/** About 1 km: coordinates stay near their suburb. */
const STREET_SPREAD = 0.009;
const NUMBER_SPREAD = 0.0015;

type ReleaseState = RealState | 'OT';
const STATE_PIDS: Readonly<Record<ReleaseState, string>> = { NSW: '1', VIC: '2', QLD: '3', SA: '4', WA: '5', TAS: '6', NT: '7', ACT: '8', OT: '9' };
const STATE_NAMES: Readonly<Record<ReleaseState, string>> = {
  NSW: 'NEW SOUTH WALES',
  VIC: 'VICTORIA',
  QLD: 'QUEENSLAND',
  SA: 'SOUTH AUSTRALIA',
  WA: 'WESTERN AUSTRALIA',
  TAS: 'TASMANIA',
  NT: 'NORTHERN TERRITORY',
  ACT: 'AUSTRALIAN CAPITAL TERRITORY',
  OT: 'OTHER TERRITORIES',
};

const FLAT_TYPE_CODES: Readonly<Record<string, string>> = {
  UNIT: 'UNIT',
  FLAT: 'FLAT',
  APARTMENT: 'APT',
  SHOP: 'SHOP',
  SUITE: 'SE',
  VILLA: 'VLLA',
  TOWNHOUSE: 'TNHS',
  OFFICE: 'OFFC',
};
const LEVEL_TYPES = [['L', 'LEVEL'], ['G', 'GROUND'], ['B', 'BASEMENT']] as const;
const STREET_SUFFIXES = [['N', 'NORTH'], ['S', 'SOUTH'], ['E', 'EAST'], ['W', 'WEST']] as const;

const COLUMNS = {
  ADDRESS_DETAIL: [
    'ADDRESS_DETAIL_PID', 'DATE_CREATED', 'DATE_LAST_MODIFIED', 'DATE_RETIRED', 'BUILDING_NAME', 'LOT_NUMBER_PREFIX',
    'LOT_NUMBER', 'LOT_NUMBER_SUFFIX', 'FLAT_TYPE_CODE', 'FLAT_NUMBER_PREFIX', 'FLAT_NUMBER', 'FLAT_NUMBER_SUFFIX',
    'LEVEL_TYPE_CODE', 'LEVEL_NUMBER_PREFIX', 'LEVEL_NUMBER', 'LEVEL_NUMBER_SUFFIX', 'NUMBER_FIRST_PREFIX',
    'NUMBER_FIRST', 'NUMBER_FIRST_SUFFIX', 'NUMBER_LAST_PREFIX', 'NUMBER_LAST', 'NUMBER_LAST_SUFFIX',
    'STREET_LOCALITY_PID', 'LOCATION_DESCRIPTION', 'LOCALITY_PID', 'ALIAS_PRINCIPAL', 'POSTCODE', 'PRIVATE_STREET',
    'LEGAL_PARCEL_ID', 'CONFIDENCE', 'ADDRESS_SITE_PID', 'LEVEL_GEOCODED_CODE', 'PROPERTY_PID', 'GNAF_PROPERTY_PID',
    'PRIMARY_SECONDARY',
  ],
  ADDRESS_DEFAULT_GEOCODE: [
    'ADDRESS_DEFAULT_GEOCODE_PID', 'DATE_CREATED', 'DATE_RETIRED', 'ADDRESS_DETAIL_PID', 'GEOCODE_TYPE_CODE', 'LONGITUDE',
    'LATITUDE',
  ],
  STREET_LOCALITY: [
    'STREET_LOCALITY_PID', 'DATE_CREATED', 'DATE_RETIRED', 'STREET_CLASS_CODE', 'STREET_NAME', 'STREET_TYPE_CODE',
    'STREET_SUFFIX_CODE', 'LOCALITY_PID', 'GNAF_STREET_PID', 'GNAF_STREET_CONFIDENCE', 'GNAF_RELIABILITY_CODE',
  ],
  LOCALITY: [
    'LOCALITY_PID', 'DATE_CREATED', 'DATE_RETIRED', 'LOCALITY_NAME', 'PRIMARY_POSTCODE', 'LOCALITY_CLASS_CODE', 'STATE_PID',
    'GNAF_LOCALITY_PID', 'GNAF_RELIABILITY_CODE',
  ],
  STATE: ['STATE_PID', 'DATE_CREATED', 'DATE_RETIRED', 'STATE_NAME', 'STATE_ABBREVIATION'],
  AUTHORITY: ['CODE', 'NAME', 'DESCRIPTION'],
} as const;

type Row = Record<string, string | number | undefined>;

/** Streets every demo lookup and test can count on, beside the made-up ones. */
interface KnownStreet {
  state: RealState;
  suburb: string;
  name: string;
  type: string;
  suffix?: string;
  numbers: number[];
  /** Flats behind a number: UNIT 1..count. */
  flats?: { at: number; type: string; count: number };
}

const KNOWN_STREETS: readonly KnownStreet[] = [
  { state: 'NSW', suburb: 'Parramatta', name: 'GEORGE', type: 'STREET', numbers: [1, 10, 12, 14, 120] },
  { state: 'NSW', suburb: 'Parramatta', name: 'SMITH', type: 'STREET', numbers: [3, 45, 47], flats: { at: 45, type: 'UNIT', count: 4 } },
  { state: 'NSW', suburb: 'Harris Park', name: 'GEORGE', type: 'STREET', numbers: [12, 30] },
  { state: 'NSW', suburb: 'Sydney', name: "O'CONNELL", type: 'STREET', numbers: [9, 21] },
  { state: 'NSW', suburb: 'Newcastle', name: 'HUNTER', type: 'STREET', suffix: 'W', numbers: [5, 7] },
  { state: 'VIC', suburb: 'Melbourne', name: 'ST KILDA', type: 'ROAD', numbers: [12, 100] },
  { state: 'ACT', suburb: 'Braddon', name: 'NORTHBOURNE', type: 'AVENUE', numbers: [1, 15, 25] },
  { state: 'QLD', suburb: 'Southport', name: 'SMITH-JONES', type: 'LANE', numbers: [2, 4] },
];

function psv(columns: readonly string[], rows: readonly Row[]): string {
  const lines = rows.map((row) => columns.map((name) => row[name] ?? '').join('|'));
  return `${[columns.join('|'), ...lines].join('\r\n')}\r\n`;
}

function date(random: Random, fromYear: number, toYear: number): string {
  const year = random.int(fromYear, toYear);
  return `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.int(0, 9)).join('');
}

/** Ids made unique: a made-up id already given is drawn again. */
function idMaker() {
  const used = new Set<string>();
  return (make: () => string): string => {
    for (;;) {
      const id = make();
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

interface Street {
  pid: string;
  name: string;
  type: string;
  suffix?: string;
  latitude: number;
  longitude: number;
}

interface StateTables {
  ADDRESS_DETAIL: Row[];
  ADDRESS_DEFAULT_GEOCODE: Row[];
  STREET_LOCALITY: Row[];
  LOCALITY: Row[];
  STATE: Row[];
}

class StateWriter {
  readonly tables: StateTables = { ADDRESS_DETAIL: [], ADDRESS_DEFAULT_GEOCODE: [], STREET_LOCALITY: [], LOCALITY: [], STATE: [] };

  constructor(
    private readonly state: ReleaseState,
    private readonly random: Random,
    private readonly uniqueId: (make: () => string) => string,
  ) {
    this.tables.STATE.push({
      STATE_PID: STATE_PIDS[state],
      DATE_CREATED: '2011-08-31',
      STATE_NAME: STATE_NAMES[state],
      STATE_ABBREVIATION: state,
    });
  }

  locality(name: string, postcode: string, retired = false): string {
    const pid = this.uniqueId(() => `loc${Array.from({ length: 12 }, () => this.random.int(0, 15).toString(16)).join('')}`);
    this.tables.LOCALITY.push({
      LOCALITY_PID: pid,
      DATE_CREATED: date(this.random, 2016, 2021),
      DATE_RETIRED: retired ? date(this.random, 2022, 2024) : undefined,
      LOCALITY_NAME: name.toUpperCase(),
      // The file leaves most primary postcodes empty: an address carries its own.
      PRIMARY_POSTCODE: this.random.chance(0.3) ? postcode : undefined,
      LOCALITY_CLASS_CODE: 'G',
      STATE_PID: STATE_PIDS[this.state],
      GNAF_RELIABILITY_CODE: 5,
    });
    return pid;
  }

  street(localityPid: string, place: { latitude: number; longitude: number }, name: string, type: string, suffix?: string): Street {
    const pid = this.uniqueId(() => `${this.state}${digits(this.random, 7)}`);
    this.tables.STREET_LOCALITY.push({
      STREET_LOCALITY_PID: pid,
      DATE_CREATED: date(this.random, 2016, 2021),
      STREET_CLASS_CODE: 'C',
      STREET_NAME: name,
      STREET_TYPE_CODE: type,
      STREET_SUFFIX_CODE: suffix,
      LOCALITY_PID: localityPid,
      GNAF_STREET_CONFIDENCE: 2,
      GNAF_RELIABILITY_CODE: 4,
    });
    return {
      pid,
      name,
      type,
      suffix,
      latitude: jitter(this.random, place.latitude, STREET_SPREAD),
      longitude: jitter(this.random, place.longitude, STREET_SPREAD),
    };
  }

  address(localityPid: string, postcode: string, street: Street, fields: Row, geocoded = true): string {
    const pid = this.uniqueId(() => `GA${this.state.padEnd(3, '_')}7${digits(this.random, 8)}`);
    const created = date(this.random, 2004, 2023);
    this.tables.ADDRESS_DETAIL.push({
      ADDRESS_DETAIL_PID: pid,
      DATE_CREATED: created,
      DATE_LAST_MODIFIED: this.random.chance(0.5) ? date(this.random, 2024, 2025) : undefined,
      STREET_LOCALITY_PID: street.pid,
      LOCALITY_PID: localityPid,
      ALIAS_PRINCIPAL: 'P',
      POSTCODE: postcode,
      CONFIDENCE: this.random.int(0, 2),
      ADDRESS_SITE_PID: this.uniqueId(() => `4${digits(this.random, 8)}`),
      LEVEL_GEOCODED_CODE: 7,
      ...fields,
    });
    if (geocoded) {
      this.tables.ADDRESS_DEFAULT_GEOCODE.push({
        ADDRESS_DEFAULT_GEOCODE_PID: this.uniqueId(() => digits(this.random, 8)),
        DATE_CREATED: created,
        ADDRESS_DETAIL_PID: pid,
        GEOCODE_TYPE_CODE: this.random.chance(0.8) ? 'PC' : 'FCS',
        LONGITUDE: jitter(this.random, street.longitude, NUMBER_SPREAD).toFixed(8),
        LATITUDE: jitter(this.random, street.latitude, NUMBER_SPREAD).toFixed(8),
      });
    }
    return pid;
  }
}

function streetNumbers(random: Random): number[] {
  const numbers = new Set<number>();
  const count = random.int(NUMBERS_PER_STREET.min, NUMBERS_PER_STREET.max);
  while (numbers.size < count) numbers.add(random.int(1, 180));
  return [...numbers].sort((a, b) => a - b);
}

/** How one street number is written: mostly plain, now and then with a suffix, as a range or as a lot. */
function numberFields(random: Random, value: number): Row {
  const shape = random.weighted([
    ['plain', 92],
    ['suffix', 3],
    ['range', 3],
    ['lot', 2],
  ] as const);
  if (shape === 'lot') return { LOT_NUMBER: value, LEGAL_PARCEL_ID: `${value}/DP${digits(random, 6)}` };
  if (shape === 'suffix') return { NUMBER_FIRST: value, NUMBER_FIRST_SUFFIX: 'A' };
  if (shape === 'range') return { NUMBER_FIRST: value, NUMBER_LAST: value + 2 };
  return { NUMBER_FIRST: value };
}

function flatFields(type: string, number: number, level?: number): Row {
  return {
    FLAT_TYPE_CODE: FLAT_TYPE_CODES[type],
    FLAT_NUMBER: number,
    ...(level === undefined ? {} : { LEVEL_TYPE_CODE: 'L', LEVEL_NUMBER: level }),
    PRIMARY_SECONDARY: 'S',
  };
}

/** A street's addresses: its numbers, a block of flats behind one now and then, a few aliases and retired ones. */
function writeStreet(writer: StateWriter, random: Random, locality: { pid: string; postcode: string }, street: Street, numbers: number[], flatsAt?: KnownStreet['flats']) {
  for (const value of numbers) {
    const number = numberFields(random, value);
    const flats = flatsAt?.at === value ? flatsAt : random.chance(0.15) ? { type: random.pick(FLAT_TYPES), count: random.int(2, 4) } : null;
    const base = flats ? { ...number, PRIMARY_SECONDARY: 'P' } : number;
    // Not every block of flats has an address of its own besides its flats.
    if (!flats || flatsAt?.at === value || random.chance(0.5)) {
      writer.address(locality.pid, locality.postcode, street, base);
      if (random.chance(0.02)) writer.address(locality.pid, locality.postcode, street, { ...base, ALIAS_PRINCIPAL: 'A' }, false);
      if (random.chance(0.02)) writer.address(locality.pid, locality.postcode, street, { ...base, DATE_RETIRED: date(random, 2021, 2025) });
    }
    for (let flat = 1; flats && flat <= flats.count; flat += 1) {
      const level = flats.type === 'SUITE' ? random.int(1, 9) : undefined;
      writer.address(locality.pid, locality.postcode, street, { ...number, ...flatFields(flats.type, flat, level) });
    }
  }
}

function writeSuburb(writer: StateWriter, random: Random, state: RealState, suburb: Suburb) {
  const locality = { pid: writer.locality(suburb.name, suburb.postcode), postcode: suburb.postcode };
  const known = KNOWN_STREETS.filter((street) => street.state === state && street.suburb === suburb.name);
  for (const street of known) {
    const written = writer.street(locality.pid, suburb, street.name, street.type, street.suffix);
    writeStreet(writer, random, locality, written, street.numbers, street.flats);
  }
  const names = random.shuffle(STREET_NAMES.filter((name) => !known.some((street) => street.name === name.toUpperCase())));
  for (const name of names.slice(0, STREETS_PER_SUBURB - known.length)) {
    const type = random.pick(STREET_TYPES).name.toUpperCase();
    writeStreet(writer, random, locality, writer.street(locality.pid, suburb, name.toUpperCase(), type), streetNumbers(random));
  }
}

function writeState(state: RealState, random: Random, uniqueId: ReturnType<typeof idMaker>): StateTables {
  const writer = new StateWriter(state, random, uniqueId);
  for (const suburb of SUBURBS[state]) writeSuburb(writer, random, state, suburb);
  // A locality merged into its neighbour: retired, so an address still naming it is left out.
  const first = SUBURBS[state][0];
  if (first) {
    const retired = { pid: writer.locality(`Old ${first.name}`, first.postcode, true), postcode: first.postcode };
    writeStreet(writer, random, retired, writer.street(retired.pid, first, 'MILL', 'ROAD'), [1]);
  }
  return writer.tables;
}

/** Christmas Island: an Other Territories set, which the directory's eight states leave out. */
function writeOtherTerritories(random: Random, uniqueId: ReturnType<typeof idMaker>): StateTables {
  const writer = new StateWriter('OT', random, uniqueId);
  const island = { latitude: -10.4217, longitude: 105.6791 };
  const locality = { pid: writer.locality('Christmas Island', '6798'), postcode: '6798' };
  const street = writer.street(locality.pid, island, 'GAZE', 'ROAD');
  writeStreet(writer, random, locality, street, [2, 4, 6]);
  return writer.tables;
}

function authorityTables(): Record<string, Row[]> {
  const named = (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([code, name]) => ({ CODE: code, NAME: name, DESCRIPTION: name }));
  return {
    FLAT_TYPE_AUT: named(Object.entries(FLAT_TYPE_CODES).map(([name, code]) => [code, name] as const)),
    LEVEL_TYPE_AUT: named(LEVEL_TYPES),
    STREET_SUFFIX_AUT: named(STREET_SUFFIXES),
    STREET_TYPE_AUT: [...STREET_TYPE_ABBREVIATIONS].map(([full, abbreviation]) => ({
      CODE: full.toUpperCase(),
      NAME: abbreviation,
      DESCRIPTION: full.toUpperCase(),
    })),
  };
}

async function writeFixture(): Promise<void> {
  const random = createRandom(SEED, 'address-file');
  const uniqueId = idMaker();
  const standard = path.join(ADDRESS_FIXTURE_DIR, 'Standard');
  const authority = path.join(ADDRESS_FIXTURE_DIR, 'Authority Code');
  await fs.rm(ADDRESS_FIXTURE_DIR, { recursive: true, force: true });
  await fs.mkdir(standard, { recursive: true });
  await fs.mkdir(authority, { recursive: true });
  const states: [ReleaseState, StateTables][] = [
    ...REAL_STATES.map((state) => [state, writeState(state, random, uniqueId)] as [ReleaseState, StateTables]),
    ['OT', writeOtherTerritories(random, uniqueId)],
  ];
  for (const [state, tables] of states) {
    for (const [table, rows] of Object.entries(tables) as [keyof StateTables, Row[]][]) {
      await fs.writeFile(path.join(standard, `${state}_${table}_psv.psv`), psv(COLUMNS[table], rows));
    }
  }
  for (const [table, rows] of Object.entries(authorityTables())) {
    await fs.writeFile(path.join(authority, `Authority_Code_${table}_psv.psv`), psv(COLUMNS.AUTHORITY, rows));
  }
}

writeFixture().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
