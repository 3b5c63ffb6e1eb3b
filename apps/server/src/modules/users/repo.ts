import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { CONSTRAINT_SQLSTATES, type Database, hasSqlState } from '../../db/database';
import { type keyPurpose, oneTimeKeys, trades, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The account switches a user may close on their own account (shared/user.ts OWN_ACCOUNT_CLOSURES). */
export type AccountSwitch = 'enabled' | 'accountNonLocked' | 'accountNonExpired' | 'credentialsNonExpired';

/** An owner as their business's card shows them: the account, and their business's id and public e-mail. */
export interface OwnerRow {
  user: UserRow;
  trade: { id: string; publicEmail: string | null } | null;
}
export type KeyPurpose = (typeof keyPurpose.enumValues)[number];
export type OneTimeKeyRow = typeof oneTimeKeys.$inferSelect;

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  phone: string;
}

function sameEmail(email: string) {
  // Matches the unique index on lower(email), which serves this lookup.
  return sql`lower(${users.email}) = lower(${email})`;
}

const MFA_OFF = { mfa: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null };

/** The TOTP step is later than the last one accepted, so a code is never taken twice. */
function laterStep(step: number) {
  return or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step));
}

export function createUserRepo(db: Database) {
  async function update(id: string, fields: Partial<typeof users.$inferInsert>, condition = sql`true`) {
    const [row] = await db
      .update(users)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), condition))
      .returning();
    return row;
  }

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sameEmail(email));
      return row;
    },

    /** The new account, or undefined when the e-mail (in any case) already has one. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return row;
    },

    /** A new account, disabled and unverified, with the fields given; undefined when the e-mail has one already. */
    async insertInvited(
      user: NewUser & Pick<UserRow, 'phone' | 'role' | 'governedState' | 'moderated' | 'moderatedBy'>,
    ): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return row;
    },

    /** A new account, verified and enabled at `now`; undefined when the e-mail (in any case) already has one. */
    async insertVerified(
      user: NewUser & Pick<UserRow, 'role' | 'governedState'>,
      now: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ ...user, enabled: true, emailVerifiedAt: now })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The updated account, or 'email-taken' when another account has that e-mail. */
    async updateProfile(id: string, fields: ProfileFields): Promise<UserRow | undefined | 'email-taken'> {
      try {
        return await update(id, fields);
      } catch (error) {
        if (hasSqlState(error, CONSTRAINT_SQLSTATES.uniqueViolation)) return 'email-taken';
        throw error;
      }
    },

    /**
     * Makes the address, proved by a link mailed to it, the account's login e-mail; 'email-taken' when another
     * account has it by now. Throws on in a transaction, whose work must then throw too.
     */
    async setEmail(id: string, email: string, now: Date): Promise<UserRow | undefined | 'email-taken'> {
      try {
        return await update(id, { email, emailVerifiedAt: now });
      } catch (error) {
        if (hasSqlState(error, CONSTRAINT_SQLSTATES.uniqueViolation)) return 'email-taken';
        throw error;
      }
    },

    /** A new password is new credentials: an expired password (credentialsNonExpired off) is open again. */
    setPassword: (id: string, passwordHash: string) => update(id, { passwordHash, credentialsNonExpired: true }),

    /** The account and its business (one per owner: trades_owner_key), if any. */
    async findOwner(id: string): Promise<OwnerRow | undefined> {
      const [row] = await db
        .select({ user: users, trade: { id: trades.id, publicEmail: trades.publicEmail } })
        .from(users)
        .leftJoin(trades, eq(trades.ownerId, users.id))
        .where(eq(users.id, id));
      return row;
    },

    /**
     * Turns the switch off (closed) on the account: the account as it is then, undefined when it was off already
     * (two requests racing each other included).
     */
    closeSwitch: (id: string, name: AccountSwitch) => update(id, { [name]: false }, eq(users[name], true)),

    setImageUrl: (id: string, imageUrl: string) => update(id, { imageUrl }),

    /**
     * Gives an account whose address was never proved the password and names of the one registering it now;
     * undefined once the address is proved (or an administrator disabled it after it was).
     */
    replaceUnverified: (id: string, fields: Omit<NewUser, 'email'>) =>
      update(id, fields, and(eq(users.enabled, false), isNull(users.emailVerifiedAt))),

    /**
     * Enables an account whose e-mail was never verified, with two-step off: a secret set before the address
     * was proved is not its owner's. Undefined when it was verified before.
     */
    verifyEmail: (id: string, now: Date) =>
      update(
        id,
        { enabled: true, emailVerifiedAt: now, ...MFA_OFF },
        sql`${users.emailVerifiedAt} is null`,
      ),

    setPendingMfaSecret: (id: string, secret: string) => update(id, { mfaPendingSecret: secret }),

    /**
     * Turns two-step on with `secret` (as stored), while the pending secret is still `pending` (as stored), the
     * one a code of `step` was checked against.
     */
    turnOnMfa: (id: string, { pending, secret }: { pending: string; secret: string }, step: number) =>
      update(
        id,
        { mfa: true, mfaSecret: secret, mfaPendingSecret: null, mfaLastStep: step },
        and(eq(users.mfaPendingSecret, pending), laterStep(step)),
      ),

    /** Every account holding a TOTP secret, pending or in use, as stored. */
    findTotpSecrets: () =>
      db
        .select({ id: users.id, mfaSecret: users.mfaSecret, mfaPendingSecret: users.mfaPendingSecret })
        .from(users)
        .where(or(isNotNull(users.mfaSecret), isNotNull(users.mfaPendingSecret))),

    /** Stores the secrets anew, unless the account changed them meanwhile. */
    async replaceTotpSecrets(
      was: { id: string; mfaSecret: string | null; mfaPendingSecret: string | null },
      now: { mfaSecret: string | null; mfaPendingSecret: string | null },
    ): Promise<void> {
      const unchanged = (column: typeof users.mfaSecret | typeof users.mfaPendingSecret, value: string | null) =>
        value === null ? isNull(column) : eq(column, value);
      const stillAsRead = and(
        unchanged(users.mfaSecret, was.mfaSecret),
        unchanged(users.mfaPendingSecret, was.mfaPendingSecret),
      );
      await db
        .update(users)
        .set(now)
        .where(and(eq(users.id, was.id), stillAsRead));
    },

    turnOffMfa: (id: string) => update(id, MFA_OFF),

    /** Records the step of an accepted code; false when it (or a later one) was accepted before. */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      return (await update(id, { mfaLastStep: step }, laterStep(step))) !== undefined;
    },

    async insertKey(key: {
      keyHash: string;
      userId: string;
      purpose: KeyPurpose;
      expiresAt: Date;
      email?: string;
    }): Promise<void> {
      await db.insert(oneTimeKeys).values(key);
    },

    async findKey(keyHash: string, purpose: KeyPurpose): Promise<OneTimeKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeKeys)
        .where(and(eq(oneTimeKeys.keyHash, keyHash), eq(oneTimeKeys.purpose, purpose)));
      return row;
    },

    /** Marks the key used; false when it was used already (two clicks racing each other included). */
    async useKey(keyHash: string, now: Date): Promise<boolean> {
      const used = await db
        .update(oneTimeKeys)
        .set({ usedAt: now })
        .where(and(eq(oneTimeKeys.keyHash, keyHash), isNull(oneTimeKeys.usedAt)))
        .returning({ keyHash: oneTimeKeys.keyHash });
      return used.length > 0;
    },

    /** Uses up every key of the user for this purpose that is still open. */
    async useAllKeys(userId: string, purpose: KeyPurpose, now: Date): Promise<void> {
      await db
        .update(oneTimeKeys)
        .set({ usedAt: now })
        .where(and(eq(oneTimeKeys.userId, userId), eq(oneTimeKeys.purpose, purpose), isNull(oneTimeKeys.usedAt)));
    },

    /** Expired keys, used or not, answer as unknown ones do: their rows can go. */
    async sweepExpiredKeys(now: Date): Promise<void> {
      await db.delete(oneTimeKeys).where(lt(oneTimeKeys.expiresAt, now));
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
