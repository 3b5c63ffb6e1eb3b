import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../database';
import { addressIndex } from '../schema';
import { ADDRESS_FIXTURE_DIR, readReleaseAddresses } from './fixture';
import { importAddressRelease, type ImportProgress, ImportStoppedError } from './import-release';

const database = await createTestDatabase();
afterAll(() => database.close());
const db = database.db;

const inFile = (await readReleaseAddresses(ADDRESS_FIXTURE_DIR)).sort((a, b) => (a.id < b.id ? -1 : 1));
const summary = await importAddressRelease(db, ADDRESS_FIXTURE_DIR);

const indexRows = (target: Database) => target.select().from(addressIndex).orderBy(asc(addressIndex.id));
const byFullAddress = async (fullAddress: string) =>
  (await db.select().from(addressIndex).where(eq(addressIndex.fullAddress, fullAddress)))[0];

describe('importAddressRelease', () => {
  it('loads every current principal address of the eight states, as the file reads them', async () => {
    const rows = await indexRows(db);

    expect(rows.length).toBeGreaterThan(4000);
    expect(summary.imported).toBe(rows.length);
    expect(rows).toEqual(inFile.map((row) => expect.objectContaining(row)));
    expect(new Set(rows.map((row) => row.stateAbbreviation))).toEqual(
      new Set(['NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'SA', 'NT', 'WA']),
    );
  });

  it('writes a flat as the national file does, with its coordinates and lookup keys', async () => {
    expect(await byFullAddress('UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150')).toEqual({
      id: expect.stringMatching(/^GANSW\d{9}$/),
      fullAddress: 'UNIT 3, 45 SMITH STREET, PARRAMATTA NSW 2150',
      stateAbbreviation: 'NSW',
      localityName: 'PARRAMATTA',
      streetName: 'SMITH',
      streetTypeAbbreviation: 'ST',
      firstNumber: '45',
      flatType: 'UNIT',
      flatNumber: '3',
      lgaName2021: null,
      postcode: '2150',
      longitude: expect.closeTo(151.001, 1),
      latitude: expect.closeTo(-33.815, 1),
      lookupKey: '45 smith street parramatta 2150',
      streetKey: 'smith street parramatta 2150',
      numberKey: '000045',
      flatKey: '000003',
    });
  });

  it.each([
    ['a street name of two words', '12 ST KILDA ROAD, MELBOURNE VIC 3000'],
    ['an apostrophe', "9 O'CONNELL STREET, SYDNEY NSW 2000"],
    ['a street suffix', '5 HUNTER STREET WEST, NEWCASTLE NSW 2300'],
    ['a hyphen', '2 SMITH-JONES LANE, SOUTHPORT QLD 4215'],
  ])('writes an address with %s', async (_case, fullAddress) => {
    expect(await byFullAddress(fullAddress)).toBeDefined();
  });

  it('writes lots, number ranges and suites on a level', async () => {
    const [shapes] = await db
      .select({
        lots: sql<number>`count(*) filter (where ${addressIndex.fullAddress} like 'LOT %' and ${addressIndex.firstNumber} is null)`,
        ranges: sql<number>`count(*) filter (where ${addressIndex.lookupKey} ~ '^[0-9]+-[0-9]+ ')`,
        suites: sql<number>`count(*) filter (where ${addressIndex.fullAddress} ~ '^SUITE [0-9]+, LEVEL [0-9]+, ')`,
      })
      .from(addressIndex);

    for (const [shape, count] of Object.entries(shapes!)) expect(Number(count), shape).toBeGreaterThan(0);
  });

  it('leaves out retired and alias addresses, retired suburbs and the Other Territories', async () => {
    // As many as the fixture holds (generate-fixture.ts): a street's few of each, and the merged suburbs' addresses.
    expect(summary.skipped).toEqual({ retired: 77, alias: 87, 'no locality': 11 });
    expect(await db.select().from(addressIndex).where(like(addressIndex.fullAddress, '%CHRISTMAS ISLAND%'))).toEqual([]);
    expect(await db.select().from(addressIndex).where(like(addressIndex.localityName, 'OLD %'))).toEqual([]);
  });

  it('finds nothing left to do when run again', async () => {
    const again = await importAddressRelease(db, ADDRESS_FIXTURE_DIR);

    expect(again.imported).toBe(0);
    expect(again.alreadyDone).toEqual(['NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'SA', 'NT', 'WA']);
  });
});

describe('an interrupted import', () => {
  it('continues where it stopped instead of starting over, and ends with the same index', async () => {
    const other = await createTestDatabase();
    try {
      const stop = new AbortController();
      const interrupted = importAddressRelease(other.db, ADDRESS_FIXTURE_DIR, {
        batchSize: 300,
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.imported >= 2000) stop.abort();
        },
      });
      await expect(interrupted).rejects.toThrow(ImportStoppedError);
      const halfway = (await indexRows(other.db)).length;

      const progress: ImportProgress[] = [];
      const resumed = await importAddressRelease(other.db, ADDRESS_FIXTURE_DIR, {
        batchSize: 300,
        onProgress: (step) => progress.push(step),
      });

      expect(halfway).toBeGreaterThanOrEqual(2000);
      expect(halfway).toBeLessThan(inFile.length);
      expect(resumed.imported).toBe(inFile.length - halfway);
      expect(resumed.alreadyDone.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toMatchObject({ imported: resumed.imported, bytesLeft: 0 });
      expect(await indexRows(other.db)).toEqual(await indexRows(db));
    } finally {
      await other.close();
    }
  });

  it('reads every file again when asked to restart', async () => {
    const again = await importAddressRelease(db, ADDRESS_FIXTURE_DIR, { restart: true });

    expect(again.imported).toBe(inFile.length);
    expect(await indexRows(db)).toHaveLength(inFile.length);
  });
});
