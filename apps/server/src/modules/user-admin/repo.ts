import type { ChurchRole } from '@churchtrades/shared/church-admin';
import type { RealState } from '@churchtrades/shared/states';
import type { UserSwitch } from '@churchtrades/shared/user-admin';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONSTRAINT_SQLSTATES, type Database, hasSqlState } from '../../db/database';
import { churches, churchMembers, trades, users } from '../../db/schema';

export interface UserFilter {
  /** Part of the name or e-mail, any case; '' for anyone. */
  text: string;
  stateType?: RealState;
  churchId?: string;
  /** The users linked to the churches this user is priest of. */
  priestId?: string;
  /** The master users this administrator confirmed. */
  moderatedBy?: string;
  moderated?: boolean;
  role?: AccountRole;
  /** Only users holding one of these roles (the master users). */
  roles?: readonly AccountRole[];
  /** Each switch as it must be; undefined: either. */
  switches: Record<UserSwitch, boolean | undefined>;
  /** Waiting to be deleted (true) or not (false); undefined: either. */
  deletionPending?: boolean | undefined;
}

export interface MembershipRow {
  userId: string;
  churchId: string;
  name: string;
  churchRole: ChurchRole;
}

/** The administrator who confirmed a master user. */
const confirmer = alias(users, 'confirmer');

const accountColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  bio: users.bio,
  imageUrl: users.imageUrl,
  role: users.role,
  governedState: users.governedState,
  moderated: users.moderated,
  moderatedById: users.moderatedBy,
  moderatedByFirstName: confirmer.firstName,
  moderatedByLastName: confirmer.lastName,
  enabled: users.enabled,
  emailVerifiedAt: users.emailVerifiedAt,
  accountNonExpired: users.accountNonExpired,
  accountNonLocked: users.accountNonLocked,
  credentialsNonExpired: users.credentialsNonExpired,
  mfa: users.mfa,
  deletionDueAt: users.deletionDueAt,
  createdAt: users.createdAt,
  tradeId: trades.id,
  tradeName: trades.name,
};

/** The roles an account can hold: SELECT ("none chosen") is only ever a form's placeholder. */
export type AccountRole = (typeof users.$inferSelect)['role'];

const SWITCH_COLUMNS = {
  enabled: users.enabled,
  accountNonExpired: users.accountNonExpired,
  accountNonLocked: users.accountNonLocked,
  credentialsNonExpired: users.credentialsNonExpired,
} satisfies Record<UserSwitch, unknown>;

/** The text as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The expression users_name_trgm_idx is built on, so a text filter is served by that index. */
const nameAndEmail = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

function servesChurchWhere(condition: SQL): SQL {
  return sql`exists (select 1 from ${churchMembers} inner join ${churches} on ${churches.id} = ${churchMembers.churchId}
    where ${churchMembers.userId} = ${users.id} and ${condition})`;
}

/** The churches the user is priest of. */
function churchesOfPriest(priestId: string): SQL {
  return sql`(select ${churchMembers.churchId} from ${churchMembers}
    where ${churchMembers.userId} = ${priestId} and ${churchMembers.churchRole} = 'PRIEST')`;
}

function conditionsOf(filter: UserFilter): SQL | undefined {
  const { text, stateType, churchId, priestId, moderatedBy, moderated, role, roles, switches, deletionPending } = filter;
  return and(
    text === '' ? undefined : sql`${nameAndEmail} ilike ${containsPattern(text)}`,
    stateType === undefined
      ? undefined
      : or(
          eq(users.governedState, stateType),
          eq(trades.stateType, stateType),
          servesChurchWhere(eq(churches.stateType, stateType)),
        ),
    churchId === undefined
      ? undefined
      : or(eq(trades.churchId, churchId), servesChurchWhere(eq(churchMembers.churchId, churchId))),
    priestId === undefined
      ? undefined
      : or(
          sql`${trades.churchId} in ${churchesOfPriest(priestId)}`,
          servesChurchWhere(sql`${churchMembers.churchId} in ${churchesOfPriest(priestId)}`),
        ),
    moderatedBy === undefined ? undefined : eq(users.moderatedBy, moderatedBy),
    moderated === undefined ? undefined : eq(users.moderated, moderated),
    role === undefined ? undefined : eq(users.role, role),
    roles === undefined ? undefined : inArray(users.role, [...roles]),
    deletionPending === undefined ? undefined : deletionPending ? isNotNull(users.deletionDueAt) : isNull(users.deletionDueAt),
    ...Object.entries(switches).map(([name, value]) =>
      value === undefined ? undefined : eq(SWITCH_COLUMNS[name as UserSwitch], value),
    ),
  );
}

function selectAccounts(db: Database) {
  // One business per owner (trades_owner_key): the join never repeats a user.
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(trades, eq(trades.ownerId, users.id))
    .leftJoin(confirmer, eq(confirmer.id, users.moderatedBy));
}

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

export function createUserAdminRepo(db: Database) {
  const accounts = () => selectAccounts(db);

  return {
    async page(filter: UserFilter, window: { offset: number; limit: number }): Promise<AccountRow[]> {
      return accounts()
        .where(conditionsOf(filter))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(filter: UserFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .leftJoin(trades, eq(trades.ownerId, users.id))
        .where(conditionsOf(filter));
      return row?.total ?? 0;
    },

    async find(userId: string): Promise<AccountRow | undefined> {
      const [row] = await accounts().where(eq(users.id, userId));
      return row;
    },

    /** The churches each of the users serves, by church name. */
    async memberships(userIds: string[]): Promise<MembershipRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: churchMembers.userId,
          churchId: churchMembers.churchId,
          name: churches.name,
          churchRole: churchMembers.churchRole,
        })
        .from(churchMembers)
        .innerJoin(churches, eq(churches.id, churchMembers.churchId))
        .where(inArray(churchMembers.userId, userIds))
        .orderBy(asc(churches.name), asc(churchMembers.churchRole));
    },

    /** Sets the role and the governed state of a user who holds one of `roles`; false when there is no such user. */
    async setRole(
      userId: string,
      roles: readonly AccountRole[],
      change: { role: AccountRole; governedState: RealState | null },
    ): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), inArray(users.role, [...roles])))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /**
     * The profile of a user who holds one of `roles`: undefined when there is no such user, 'email-taken' when
     * another account has the e-mail. Throws on in a transaction, whose work must then throw too.
     */
    async updateProfile(
      userId: string,
      roles: readonly AccountRole[],
      fields: { firstName: string; lastName: string; email: string; phone: string; bio: string | null },
    ): Promise<boolean | 'email-taken'> {
      try {
        const updated = await db
          .update(users)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(and(eq(users.id, userId), inArray(users.role, [...roles])))
          .returning({ id: users.id });
        return updated.length > 0;
      } catch (error) {
        if (hasSqlState(error, CONSTRAINT_SQLSTATES.uniqueViolation)) return 'email-taken';
        throw error;
      }
    },

    /** Confirms (by `by`) or unconfirms a user who holds one of `roles`; false when there is no such user. */
    async setModerated(userId: string, roles: readonly AccountRole[], moderated: boolean, by: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ moderated, moderatedBy: moderated ? by : null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), inArray(users.role, [...roles])))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /** Flips the switch of a user who holds one of `roles`: its new value, undefined when there is no such user. */
    async flip(userId: string, name: UserSwitch, roles: readonly AccountRole[]): Promise<boolean | undefined> {
      const column = SWITCH_COLUMNS[name];
      const [row] = await db
        .update(users)
        .set({ [name]: sql`not ${column}`, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), inArray(users.role, [...roles])))
        .returning({ value: column });
      return row?.value;
    },
  };
}

export type UserAdminRepo = ReturnType<typeof createUserAdminRepo>;
