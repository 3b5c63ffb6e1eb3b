import type { Licence } from '@churchtrades/shared/verification';
import { and, asc, eq, gt, isNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { churches, churchMembers, trades, tradeVouches, users } from '../../db/schema';

type ChurchRole = (typeof churchMembers.$inferSelect)['churchRole'];
type NewVouch = typeof tradeVouches.$inferInsert;

const voucher = alias(users, 'voucher');
const licenceChecker = alias(users, 'licence_checker');

const tradeColumns = {
  id: trades.id,
  name: trades.name,
  ownerId: trades.ownerId,
  churchId: trades.churchId,
  churchName: churches.name,
  licenceNumber: trades.licenceNumber,
  licenceState: trades.licenceState,
  licenceKind: trades.licenceKind,
  licenceCheckedAt: trades.licenceCheckedAt,
  licenceCheckedByName: sql<string | null>`${licenceChecker.firstName} || ' ' || ${licenceChecker.lastName}`,
};

const vouchColumns = {
  id: tradeVouches.id,
  tradeId: tradeVouches.tradeId,
  tradeName: trades.name,
  churchId: tradeVouches.churchId,
  churchName: churches.name,
  voucherId: tradeVouches.voucherId,
  voucherRole: tradeVouches.voucherRole,
  voucherNamed: tradeVouches.voucherNamed,
  voucherName: sql<string | null>`${voucher.firstName} || ' ' || ${voucher.lastName}`,
  vouchedAt: tradeVouches.vouchedAt,
  expiresAt: tradeVouches.expiresAt,
  renewalAskedAt: tradeVouches.renewalAskedAt,
};

// The vouches compared in the subquery that finds a business's current one.
const latest = alias(tradeVouches, 'latest_vouch');

/** The latest vouch of the business that holds at `now`: its current one (a renewal is a newer row). */
function currentOf(tradeId: SQLWrapper | string, now: Date): SQL {
  return sql`(select ${latest.id} from ${tradeVouches} ${latest}
    where ${latest.tradeId} = ${tradeId} and ${latest.withdrawnAt} is null and ${latest.expiresAt} > ${now.toISOString()}::timestamptz
    order by ${latest.vouchedAt} desc, ${latest.expiresAt} desc limit 1)`;
}

export function createChurchCheckRepo(db: Database) {
  async function vouchesWhere(condition: SQL | undefined) {
    return db
      .select(vouchColumns)
      .from(tradeVouches)
      .innerJoin(trades, eq(trades.id, tradeVouches.tradeId))
      .innerJoin(churches, eq(churches.id, tradeVouches.churchId))
      .leftJoin(voucher, eq(voucher.id, tradeVouches.voucherId))
      .where(condition);
  }

  return {
    async findTrade(id: string) {
      const [row] = await db
        .select(tradeColumns)
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .leftJoin(licenceChecker, eq(licenceChecker.id, trades.licenceCheckedBy))
        .where(eq(trades.id, id));
      return row;
    },

    /** Holds the business until the transaction ends, so that a move to another church waits for a vouch. */
    async lockTrade(id: string): Promise<{ churchId: string } | undefined> {
      const [row] = await db.select({ churchId: trades.churchId }).from(trades).where(eq(trades.id, id)).for('update');
      return row;
    },

    /** The account as its rights stand now, whatever its session says. */
    async findAccount(userId: string) {
      const [row] = await db
        .select({
          userId: users.id,
          role: users.role,
          moderated: users.moderated,
          enabled: users.enabled,
          firstName: users.firstName,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The roles the user serves the church in (church_members). */
    async churchRolesOf(userId: string, churchId: string): Promise<ChurchRole[]> {
      const rows = await db
        .select({ churchRole: churchMembers.churchRole })
        .from(churchMembers)
        .where(and(eq(churchMembers.userId, userId), eq(churchMembers.churchId, churchId)));
      return rows.map((row) => row.churchRole);
    },

    /** The church's moderators, by name. */
    async moderatorsOf(churchId: string) {
      return db
        .select({ userId: users.id })
        .from(churchMembers)
        .innerJoin(users, eq(users.id, churchMembers.userId))
        .where(and(eq(churchMembers.churchId, churchId), eq(churchMembers.churchRole, 'MODERATOR')))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },

    async currentVouch(tradeId: string, now: Date) {
      const [row] = await vouchesWhere(sql`${tradeVouches.id} = ${currentOf(tradeId, now)}`);
      return row;
    },

    async insertVouch(vouch: NewVouch): Promise<void> {
      await db.insert(tradeVouches).values(vouch);
    },

    /** Withdraws every vouch of the business that holds at `now`, so that no older one takes the place of the last. */
    async withdrawVouches(tradeId: string, now: Date, reason: string): Promise<number> {
      const rows = await db
        .update(tradeVouches)
        .set({ withdrawnAt: now, withdrawnReason: reason })
        .where(and(eq(tradeVouches.tradeId, tradeId), isNull(tradeVouches.withdrawnAt), gt(tradeVouches.expiresAt, now)))
        .returning({ id: tradeVouches.id });
      return rows.length;
    },

    /** `trades.vouched_until` follows the current vouch: its end, or null for none. */
    async syncVouchedUntil(tradeId: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .update(trades)
        .set({
          vouchedUntil: sql`(select ${tradeVouches.expiresAt} from ${tradeVouches} where ${tradeVouches.id} = ${currentOf(tradeId, now)})`,
        })
        .where(eq(trades.id, tradeId))
        .returning({ vouchedUntil: trades.vouchedUntil });
      return row?.vouchedUntil ?? null;
    },

    /** Clears `vouched_until` of the businesses whose vouch lapsed by `now`. */
    async clearLapsed(now: Date): Promise<void> {
      await db
        .update(trades)
        .set({ vouchedUntil: null })
        .where(lte(trades.vouchedUntil, now));
    },

    /** The current vouches that lapse by `horizon` and whose voucher was not asked to renew them yet. */
    async vouchesToRenew(now: Date, horizon: Date) {
      return vouchesWhere(
        and(
          eq(tradeVouches.id, currentOf(tradeVouches.tradeId, now)),
          lte(tradeVouches.expiresAt, horizon),
          isNull(tradeVouches.renewalAskedAt),
        ),
      );
    },

    /** Whether this call marked it (false: another process asked first). */
    async markRenewalAsked(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(tradeVouches)
        .set({ renewalAskedAt: at })
        .where(and(eq(tradeVouches.id, id), isNull(tradeVouches.renewalAskedAt)))
        .returning({ id: tradeVouches.id });
      return rows.length > 0;
    },

    /** Marks the licence checked, only while it is still the one the moderator looked at. */
    async markLicenceChecked(tradeId: string, licence: Licence, by: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(trades)
        .set({ licenceCheckedAt: at, licenceCheckedBy: by })
        .where(
          and(
            eq(trades.id, tradeId),
            eq(trades.licenceNumber, licence.number),
            eq(trades.licenceState, licence.state),
            eq(trades.licenceKind, licence.kind),
          ),
        )
        .returning({ id: trades.id });
      return rows.length > 0;
    },

    async clearLicenceCheck(tradeId: string): Promise<void> {
      await db.update(trades).set({ licenceCheckedAt: null, licenceCheckedBy: null }).where(eq(trades.id, tradeId));
    },
  };
}

export type ChurchCheckRepo = ReturnType<typeof createChurchCheckRepo>;
export type ChurchCheckTrade = NonNullable<Awaited<ReturnType<ChurchCheckRepo['findTrade']>>>;
export type VouchRow = NonNullable<Awaited<ReturnType<ChurchCheckRepo['currentVouch']>>>;
