import { type AuditQuery, SYSTEM_ACTOR } from '@churchtrades/shared/audit';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { escapeLike } from '../../db/raw-sql';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
/** `actorId` null: the change was made outside the app, by the operator's command line. */
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'actorEmail' | 'createdAt'> & {
  actorId: string | null;
  /** Who acted, when no account did and it was not the operator's command line. */
  actorLabel?: string;
};

const ONE_DAY = sql`interval '1 day'`;

function conditionsOf(query: AuditQuery): SQL | undefined {
  return and(
    query.actor ? ilike(auditLog.actorEmail, `%${escapeLike(query.actor)}%`) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.subjectType ? eq(auditLog.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
    query.from ? gte(auditLog.createdAt, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.createdAt, sql`${query.to}::date + ${ONE_DAY}`) : undefined,
  );
}

export function createAuditRepo(db: Database) {
  return {
    /** Adds an entry; the actor's e-mail is copied from their account as it is now. */
    async insert({ actorLabel, ...entry }: NewAuditEntry): Promise<void> {
      const actorEmail =
        entry.actorId === null
          ? (actorLabel ?? SYSTEM_ACTOR)
          : sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.actorId}), '')`;
      await db.insert(auditLog).values({ ...entry, actorEmail });
    },

    async page(query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const where = conditionsOf(query);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
