import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import {
  type AddressIndexRow,
  findReleaseFiles,
  isDirectoryState,
  type PsvRecord,
  readAuthorityCodes,
  readGeocode,
  readPsv,
  readStatePlaces,
  toAddressRow,
} from './gnaf-release';

/** Where the import stands, reported after each batch. */
export interface ImportProgress {
  file: string;
  /** Lines read by this run, every file together. */
  lines: number;
  /** Addresses written to the index by this run. */
  imported: number;
  /** Bytes read by this run, and bytes of the release still to read. */
  bytesRead: number;
  bytesLeft: number;
}

export interface ImportOptions {
  /** Forget what an earlier run did and read every file again. */
  restart?: boolean;
  /** Lines per transaction: each batch is committed together with the progress it makes. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  log?: (line: string) => void;
  /** Stops the run after the batch in hand is committed; the next run continues from there. */
  signal?: AbortSignal;
}

export interface ImportSummary {
  imported: number;
  /** Addresses left out, by why. */
  skipped: Record<string, number>;
  /** States an earlier run finished, not read again. */
  alreadyDone: string[];
}

const DEFAULT_BATCH_SIZE = 5000;

export class ImportStoppedError extends Error {}

/**
 * The import's own tables, outside the app's schema: how far each file was read, so that a run interrupted
 * anywhere continues where it stopped; and the geocodes of the state being imported, joined to its addresses
 * in SQL because a state's millions of coordinates do not belong in memory.
 */
async function createImportTables(db: Database, restart: boolean): Promise<void> {
  await db.execute(sql`create table if not exists address_import_progress (
    file text primary key,
    size bigint not null,
    lines_done bigint not null default 0,
    finished boolean not null default false)`);
  await db.execute(sql`create unlogged table if not exists address_import_geocode (
    address_detail_pid text primary key,
    longitude double precision not null,
    latitude double precision not null)`);
  if (!restart) return;
  await db.execute(sql`delete from address_import_progress`);
  await db.execute(sql`truncate address_import_geocode`);
}

interface ReleaseFile {
  name: string;
  path: string;
  size: number;
  /** Data lines an earlier run committed. */
  linesDone: number;
  finished: boolean;
}

/** What an earlier run recorded for a file; a file of another size (another release) starts over. */
async function releaseFile(db: Database, file: string): Promise<ReleaseFile> {
  const name = path.basename(file);
  const { size } = await fs.stat(file);
  const result = await db.execute(sql`select size, lines_done, finished from address_import_progress where file = ${name}`);
  const [row] = (result as unknown as { rows: { size: string; lines_done: string; finished: boolean }[] }).rows;
  if (row && Number(row.size) === size) {
    return { name, path: file, size, linesDone: Number(row.lines_done), finished: row.finished };
  }
  await db.execute(sql`insert into address_import_progress (file, size) values (${name}, ${size})
    on conflict (file) do update set size = excluded.size, lines_done = 0, finished = false`);
  return { name, path: file, size, linesDone: 0, finished: false };
}

function insertGeocodes(db: Database, geocodes: readonly { id: string; longitude: number; latitude: number }[]) {
  return db.execute(sql`insert into address_import_geocode (address_detail_pid, longitude, latitude)
    select * from unnest(${sql.param(geocodes.map((geocode) => geocode.id))}::text[],
                         ${sql.param(geocodes.map((geocode) => geocode.longitude))}::float8[],
                         ${sql.param(geocodes.map((geocode) => geocode.latitude))}::float8[])
    on conflict (address_detail_pid) do nothing`);
}

/** The index's columns the import writes, the coordinates aside: each travels as one array parameter. */
const ADDRESS_COLUMNS = [
  ['id', 'id'],
  ['full_address', 'fullAddress'],
  ['state_abbreviation', 'stateAbbreviation'],
  ['locality_name', 'localityName'],
  ['street_name', 'streetName'],
  ['street_type_abbreviation', 'streetTypeAbbreviation'],
  ['first_number', 'firstNumber'],
  ['flat_type', 'flatType'],
  ['flat_number', 'flatNumber'],
  ['lga_name_2021', 'lgaName2021'],
  ['postcode', 'postcode'],
  ['lookup_key', 'lookupKey'],
  ['street_key', 'streetKey'],
  ['number_key', 'numberKey'],
  ['flat_key', 'flatKey'],
] as const satisfies readonly (readonly [string, keyof AddressIndexRow])[];

/** Writes addresses with the coordinates of their geocodes; a re-run overwrites what it wrote before. */
function upsertAddresses(db: Database, rows: readonly AddressIndexRow[]) {
  const names = sql.raw(ADDRESS_COLUMNS.map(([name]) => name).join(', '));
  const arrays = sql.join(
    ADDRESS_COLUMNS.map(([, key]) => sql`${sql.param(rows.map((row) => row[key] ?? null))}::text[]`),
    sql`, `,
  );
  const updates = sql.raw(ADDRESS_COLUMNS.map(([name]) => `${name} = excluded.${name}`).join(', '));
  // Every column travels as text; the state is cast to its enum where it is inserted.
  const values = sql.raw(ADDRESS_COLUMNS.map(([name]) => (name === 'state_abbreviation' ? `a.${name}::state_type` : `a.${name}`)).join(', '));
  return db.execute(sql`
    insert into address_index (${names}, longitude, latitude)
    select ${values}, g.longitude, g.latitude
    from unnest(${arrays}) as a (${names})
    left join address_import_geocode g on g.address_detail_pid = a.id
    on conflict (id) do update set ${updates}, longitude = excluded.longitude, latitude = excluded.latitude`);
}

/** Counts the run's lines and bytes; a resumed file's lines read by an earlier run do not count as this run's. */
class ImportMeter {
  lines = 0;
  imported = 0;
  private done: number;
  private doneAtStart: number;
  private readonly total: number;
  private readonly positions = new Map<string, number>();

  constructor(
    files: readonly ReleaseFile[],
    private readonly report: ImportOptions['onProgress'],
  ) {
    this.total = files.reduce((sum, file) => sum + file.size, 0);
    this.done = files.filter((file) => file.finished).reduce((sum, file) => sum + file.size, 0);
    this.doneAtStart = this.done;
  }

  /** `position`: the bytes of `file` read so far. */
  reached(file: ReleaseFile, position: number): void {
    const previous = this.positions.get(file.name);
    if (previous === undefined && file.linesDone > 0) this.doneAtStart += position;
    this.done += position - (previous ?? 0);
    this.positions.set(file.name, position);
    this.report?.({
      file: file.name,
      lines: this.lines,
      imported: this.imported,
      bytesRead: this.done - this.doneAtStart,
      bytesLeft: this.total - this.done,
    });
  }
}

/**
 * Reads a file on from where the last run stopped, `read` turning each line into an item or nothing, and
 * `write` storing each batch in the same transaction as the progress it makes.
 */
async function readInBatches<T>(
  db: Database,
  file: ReleaseFile,
  run: { meter: ImportMeter; batchSize: number; signal: AbortSignal | undefined },
  read: (record: PsvRecord) => T | undefined,
  write: (tx: Database, items: T[]) => Promise<unknown>,
): Promise<void> {
  let items: T[] = [];
  let linesDone = file.linesDone;
  let position = 0;
  const commit = async (finished: boolean) => {
    const batch = items;
    items = [];
    await db.transaction(async (tx) => {
      if (batch.length > 0) await write(tx, batch);
      await tx.execute(sql`update address_import_progress set lines_done = ${linesDone}, finished = ${finished}
        where file = ${file.name}`);
    });
    run.meter.reached(file, finished ? file.size : position);
    if (run.signal?.aborted) throw new ImportStoppedError(`Stopped after line ${linesDone} of ${file.name}`);
  };
  for await (const line of readPsv(file.path, file.linesDone)) {
    const item = read(line.record);
    if (item !== undefined) items.push(item);
    linesDone = line.line;
    position = line.bytes;
    run.meter.lines += 1;
    if (linesDone % run.batchSize === 0) await commit(false);
  }
  await commit(true);
}

/**
 * Loads a G-NAF release (the folder of its pipe-separated files) into the address index: current principal
 * addresses of the eight states and territories, with their default geocodes. Streams every file, commits in
 * batches, and continues an interrupted run where it stopped.
 */
export async function importAddressRelease(db: Database, folder: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const log = options.log ?? (() => undefined);
  const release = await findReleaseFiles(folder);
  const codes = await readAuthorityCodes(release);
  await createImportTables(db, options.restart ?? false);
  for (const { state } of release.states.filter(({ state }) => !isDirectoryState(state))) {
    log(`Leaving out ${state}: the directory knows the eight states and territories only.`);
  }
  const states = await Promise.all(
    release.states
      .filter(({ state }) => isDirectoryState(state))
      .map(async ({ state, files }) => ({
        state,
        files,
        geocodes: await releaseFile(db, files.ADDRESS_DEFAULT_GEOCODE),
        addresses: await releaseFile(db, files.ADDRESS_DETAIL),
      })),
  );
  const summary: ImportSummary = { imported: 0, skipped: {}, alreadyDone: [] };
  const meter = new ImportMeter(
    states.flatMap(({ geocodes, addresses }) => [geocodes, addresses]),
    options.onProgress,
  );
  const run = { meter, batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE, signal: options.signal };
  for (const { state, files, geocodes, addresses } of states) {
    if (addresses.finished) {
      summary.alreadyDone.push(state);
      continue;
    }
    if (!geocodes.finished) await readInBatches(db, geocodes, run, readGeocode, insertGeocodes);
    const places = await readStatePlaces(files);
    const codesAndPlaces = (record: PsvRecord) => {
      const result = toAddressRow(record, places, codes);
      if (result.kind === 'row') return result.row;
      summary.skipped[result.reason] = (summary.skipped[result.reason] ?? 0) + 1;
      return undefined;
    };
    await readInBatches(db, addresses, run, codesAndPlaces, async (tx, rows) => {
      await upsertAddresses(tx, rows);
      summary.imported += rows.length;
      meter.imported += rows.length;
    });
    // The state's geocodes served their purpose; the next state brings its own.
    await db.execute(sql`truncate address_import_geocode`);
  }
  await db.execute(sql`drop table address_import_geocode`);
  // Fresh statistics for the planner, and a visibility map so that the lookup's key walk reads the index only.
  await db.execute(sql`vacuum (analyze) address_index`);
  return summary;
}
