import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './database';

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();

describe('the migrations journal', () => {
  // The migrator applies what the journal lists and nothing else: a file left out of it never reaches a database.
  it('lists every migration file, in order, and no file that is missing', () => {
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });

  it('numbers the migrations one after another from 0', () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_file, index) => index));
    expect(files.map((file) => Number(file.slice(0, 4)))).toEqual(files.map((_file, index) => index));
  });
});
