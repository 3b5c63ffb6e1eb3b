import { sql } from 'drizzle-orm';
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

/**
 * Rows a refusal writes by design, left out of their table's fingerprint: the security events of refused logins.
 * A condition on the row, `$row` standing for it.
 */
const REFUSAL_ROWS: Readonly<Record<string, string>> = {
  audit_log: `$row.action not in ('user.loginFailed', 'user.lockedOut', 'user.twoStepLockedOut')`,
};

const CHANGES_TABLE = 'fingerprint_changes';

async function fingerprintedTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rowsOf(result)
    .map((row) => String(row.table_name))
    .filter((name) => !CHANGED_BY_REFUSALS.includes(name) && name !== CHANGES_TABLE);
}

/** The row as compared: without the columns any use changes. */
function comparedRow(table: string, row: 'old' | 'new'): string {
  const leftOut = CHANGED_BY_ANY_USE[table];
  if (!leftOut) return row;
  return `(to_jsonb(${row}) - array[${leftOut.map((column) => `'${column}'`).join(', ')}])`;
}

function counted(table: string, row: 'old' | 'new'): string {
  return REFUSAL_ROWS[table]?.replaceAll('$row', row) ?? 'true';
}

/** Triggers that count every write of the table that changes a row as compared, committed with the write. */
function watchStatements(table: string): string[] {
  const watch = (event: string, when: string) =>
    `create trigger fingerprint_${event} after ${event} on "${table}" for each row when (${when}) execute function fingerprint_note_change()`;
  const changed = `${comparedRow(table, 'old')} is distinct from ${comparedRow(table, 'new')}`;
  return [
    watch('insert', counted(table, 'new')),
    watch('delete', counted(table, 'old')),
    watch('update', `(${counted(table, 'old')} or ${counted(table, 'new')}) and ${changed}`),
  ];
}

/**
 * A fingerprint of the application's data: how many times each table had a row added, changed or removed, kept
 * by triggers in the test's own database. Equal fingerprints mean nothing was written, not even a change undone
 * later. A read of one small table, where hashing every row of every table cost the fuzz suite half its time.
 */
export async function dataFingerprinter(db: Database): Promise<() => Promise<string>> {
  const tables = await fingerprintedTables(db);
  await db.execute(sql.raw(`create table ${CHANGES_TABLE} (table_name text primary key, changes bigint not null)`));
  await db.execute(
    sql.raw(`create function fingerprint_note_change() returns trigger language plpgsql as $$
      begin
        insert into ${CHANGES_TABLE} values (tg_table_name, 1)
        on conflict (table_name) do update set changes = ${CHANGES_TABLE}.changes + 1;
        return null;
      end $$`),
  );
  for (const table of tables) for (const statement of watchStatements(table)) await db.execute(sql.raw(statement));
  const query = sql.raw(
    `select coalesce(string_agg(table_name || ':' || changes, ' ' order by table_name), '') as fingerprint from ${CHANGES_TABLE}`,
  );
  return async () => String(rowsOf(await db.execute(query))[0]?.fingerprint);
}
