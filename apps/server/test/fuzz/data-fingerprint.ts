import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import { rowsOf } from '../../src/db/raw-sql';

/**
 * Tables a refused request may change by design, left out of the fingerprint: attempt counters exist to count
 * refused logins, registrations and codes, the directory's version grows with every statement that writes
 * businesses or categories, even one that finds no row to change (a delete refused because the row is in use),
 * and the scheduler writes down a run of its jobs whenever a period begins, whatever requests come.
 */
const CHANGED_BY_REFUSALS = ['rate_limit_counters', 'directory_version', 'job_runs'];

/**
 * Columns that change whatever the request: a session's last use (and the end it moves) is recorded when its
 * guard lets the request through, before the body is looked at; the mail worker delivers what earlier requests
 * queued. A mail queued by a refused request still shows: a new row.
 */
const CHANGED_BY_ANY_USE: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at', 'expires_at'],
  outbox_mails: ['state', 'tries', 'next_try_at', 'claimed_until', 'last_error', 'sent_at', 'failed_at', 'text_body', 'html_body'],
};

/** A row of the table as text, without the columns any use changes. */
function rowText(table: string) {
  const leftOut = CHANGED_BY_ANY_USE[table];
  if (!leftOut) return sql`t::text`;
  return sql`(to_jsonb(t) - ${sql.raw(`array[${leftOut.map((column) => `'${column}'`).join(', ')}]`)})::text`;
}
/** Rows a refusal writes by design, left out of their table's fingerprint: the security events of refused logins. */
const REFUSAL_ROWS: Record<string, SQL> = {
  audit_log: sql`where action not in ('user.loginFailed', 'user.lockedOut', 'user.twoStepLockedOut')`,
};

async function fingerprintedTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rowsOf(result)
    .map((row) => String(row.table_name))
    .filter((name) => !CHANGED_BY_REFUSALS.includes(name));
}

/**
 * A cheap fingerprint of every row of the application's tables (each table's row count and a hash of its
 * rows as text): equal fingerprints mean nothing was added, changed or removed. One statement, as the cost
 * on the embedded database is mostly per statement.
 */
export async function dataFingerprinter(db: Database): Promise<() => Promise<string>> {
  const tables = await fingerprintedTables(db);
  const perTable = tables.map((table) => {
    const row = rowText(table);
    const rowsHash = sql`md5(coalesce(string_agg(${row}, ',' order by ${row}), ''))`;
    return sql`(select ${sql.raw(`'${table}:'`)} || count(*) || ':' || ${rowsHash} from ${sql.identifier(table)} t ${REFUSAL_ROWS[table] ?? sql``})`;
  });
  const query = sql`select concat_ws(' ', ${sql.join(perTable, sql`, `)}) as fingerprint`;
  return async () => String(rowsOf(await db.execute(query))[0]?.fingerprint);
}
