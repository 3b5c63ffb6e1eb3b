import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';

export const REFUSED_WRITE_MESSAGE = 'write refused by the test';

/**
 * Makes the database refuse, from now on, each write to `table` (insert, update or delete of a row) for which
 * `condition` holds: SQL over NEW and OLD, which may query other tables, and sees the writing transaction's own
 * rows. It stands for the second step of a request failing (a lost database, a killed process) after its first
 * step was written, so that a test can show that first step rolled back. Pick a condition only the test's own
 * rows meet: the file's other tests share the database.
 */
export async function refuseWrites(db: Database, table: string, condition: string): Promise<void> {
  const name = `refuse_${table}_${randomBytes(4).toString('hex')}`;
  await db.execute(
    sql.raw(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN RAISE EXCEPTION '${REFUSED_WRITE_MESSAGE}'; END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END;
    $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER "${name}" BEFORE INSERT OR UPDATE OR DELETE ON "${table}"
      FOR EACH ROW EXECUTE FUNCTION "${name}"()`),
  );
}
