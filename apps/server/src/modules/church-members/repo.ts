import type { ChurchMember, ChurchRole } from '@churchtrades/shared/church-admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { churchMembers, users } from '../../db/schema';

export type AccountRole = (typeof users.$inferSelect)['role'];

/** The account an e-mail names, as attaching it to a church needs it. */
export interface MemberAccount {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AccountRole;
}

const accountColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

function sameEmail(email: string) {
  // Matches the unique index on lower(email), which serves this lookup.
  return sql`lower(${users.email}) = lower(${email})`;
}

export function createChurchMemberRepo(db: Database) {
  return {
    async findAccount(email: string): Promise<MemberAccount | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(sameEmail(email));
      return row;
    },

    /** The account, held until the transaction ends so that its role is not changed under us. */
    async lockAccount(email: string): Promise<MemberAccount | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(sameEmail(email)).for('update');
      return row;
    },

    /** Whether the user was attached now (false: they served the church in that role already). */
    async attach(churchId: string, userId: string, churchRole: ChurchRole): Promise<boolean> {
      const rows = await db
        .insert(churchMembers)
        .values({ churchId, userId, churchRole })
        .onConflictDoNothing()
        .returning({ userId: churchMembers.userId });
      return rows.length > 0;
    },

    /** Whether the user served the church in that role, and so was detached. */
    async detach(churchId: string, userId: string, churchRole: ChurchRole): Promise<boolean> {
      const rows = await db
        .delete(churchMembers)
        .where(
          and(
            eq(churchMembers.churchId, churchId),
            eq(churchMembers.userId, userId),
            eq(churchMembers.churchRole, churchRole),
          ),
        )
        .returning({ userId: churchMembers.userId });
      return rows.length > 0;
    },

    async setRole(userId: string, role: AccountRole): Promise<void> {
      await db
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** The church's priests or moderators by name. */
    async listMembers(churchId: string, churchRole: ChurchRole): Promise<ChurchMember[]> {
      return db
        .select({ ...accountColumns, churchRole: churchMembers.churchRole })
        .from(churchMembers)
        .innerJoin(users, eq(users.id, churchMembers.userId))
        .where(and(eq(churchMembers.churchId, churchId), eq(churchMembers.churchRole, churchRole)))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },
  };
}

export type ChurchMemberRepo = ReturnType<typeof createChurchMemberRepo>;
