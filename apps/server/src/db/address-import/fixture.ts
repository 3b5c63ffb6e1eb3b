import path from 'node:path';
import { SERVER_DIR } from '../../install-dirs';
import {
  type AddressIndexRow,
  findReleaseFiles,
  isDirectoryState,
  readAuthorityCodes,
  readGeocode,
  readPsv,
  readStatePlaces,
  toAddressRow,
} from './gnaf-release';

/** The demo address file: a small release in G-NAF's files, written by generate-fixture.ts. */
export const ADDRESS_FIXTURE_DIR = path.join(SERVER_DIR, 'src/db/address-import/fixture');

/**
 * Every address of a small release, in file order, as the import writes them to the index: for the demo seed
 * and for tests. A national release belongs in the database (import-release.ts), not in memory.
 */
export async function readReleaseAddresses(folder: string): Promise<AddressIndexRow[]> {
  const release = await findReleaseFiles(folder);
  const codes = await readAuthorityCodes(release);
  const rows: AddressIndexRow[] = [];
  for (const { state, files } of release.states) {
    if (!isDirectoryState(state)) continue;
    const geocodes = new Map<string, { longitude: number; latitude: number }>();
    for await (const { record } of readPsv(files.ADDRESS_DEFAULT_GEOCODE)) {
      const geocode = readGeocode(record);
      if (geocode && !geocodes.has(geocode.id)) geocodes.set(geocode.id, geocode);
    }
    const places = await readStatePlaces(files);
    for await (const { record } of readPsv(files.ADDRESS_DETAIL)) {
      const result = toAddressRow(record, places, codes);
      if (result.kind !== 'row') continue;
      const geocode = geocodes.get(result.row.id);
      rows.push({ ...result.row, longitude: geocode?.longitude ?? null, latitude: geocode?.latitude ?? null });
    }
  }
  return rows;
}
