import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { EXPORTED_TABLES, LEFT_OUT_TABLES } from './contents';

/** A column holding a person's address, or the key an address is compared by (inboxKey). */
const ADDRESS_COLUMN = /(^|_)(email|email_key|recipient)$/;

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** Why the table is about a person: each column that refers to a user, by foreign key or by address. */
function userColumnsOf(table: (typeof tables)[number]): string[] {
  const byKey = table.foreignKeys
    .map((foreignKey) => foreignKey.reference())
    .filter((reference) => reference.foreignTable === schema.users)
    .flatMap((reference) => reference.columns.map((column) => column.name));
  const byAddress = table.columns.filter((column) => ADDRESS_COLUMN.test(column.name)).map((column) => column.name);
  return [...new Set([...byKey, ...byAddress])];
}

const aboutPeople = tables.filter((table) => userColumnsOf(table).length > 0);

describe('the archive of a person’s data covers the schema', () => {
  it('finds the tables that refer to a user, by foreign key or by an address column', () => {
    const found = Object.fromEntries(aboutPeople.map((table) => [table.name, userColumnsOf(table)]));

    expect(found.sessions).toEqual(['user_id']);
    expect(found.reviews).toEqual(expect.arrayContaining(['reviewer_user_id', 'reviewer_email_key']));
    expect(found.blocked_senders).toEqual(expect.arrayContaining(['blocked_by', 'email_key']));
    expect(found.outbox_mails).toEqual(['recipient']);
  });

  it.each(aboutPeople.map((table) => [table.name, userColumnsOf(table).join(', ')]))(
    'exports %s (%s) or says why not',
    (name) => {
      const exported = name in EXPORTED_TABLES;
      const leftOut = name in LEFT_OUT_TABLES;

      expect(exported || leftOut, `${name} is neither in EXPORTED_TABLES nor in LEFT_OUT_TABLES (data-exports/contents.ts)`).toBe(true);
      expect(exported && leftOut, `${name} is both exported and left out`).toBe(false);
    },
  );

  it('names only tables of the schema, each left out with a reason', () => {
    const names = tables.map((table) => table.name);

    expect(names).toEqual(expect.arrayContaining([...Object.keys(EXPORTED_TABLES), ...Object.keys(LEFT_OUT_TABLES)]));
    for (const reason of Object.values(LEFT_OUT_TABLES)) expect(reason.length).toBeGreaterThan(20);
  });
});
