import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { addresses, categories, churches, churchMembers, trades, users } from '../../db/schema';

export type TradeRow = typeof trades.$inferSelect;
type NewTradeRow = typeof trades.$inferInsert;
export type CategoryRow = typeof categories.$inferSelect;
export type ChurchRow = typeof churches.$inferSelect;

/** The columns of a business an owner edits. */
export type ProfileFields = Pick<
  NewTradeRow,
  | 'churchId'
  | 'stateType'
  | 'mainCategoryId'
  | 'categoryId'
  | 'name'
  | 'brief'
  | 'service'
  | 'tags'
  | 'publicEmail'
  | 'priestId'
  | 'businessKind'
  | 'licenceNumber'
  | 'licenceState'
  | 'licenceKind'
  | 'licenceCheckedAt'
  | 'licenceCheckedBy'
  | 'searchKeywords'
>;

/** A priest of a church, as a business naming them and the mail telling them need them. */
export interface PriestRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Where a listed or resubmitted business goes: to the queue, or straight to the directory at an unmoderated church. */
export type SubmittedStatus = 'PENDING' | 'APPROVED';

/** The switches of the settings page and the administrators' locks. */
export type TradeSwitch = 'atClient' | 'atBusiness' | 'online' | 'enabled' | 'locked' | 'expired';

const mainCategory = alias(categories, 'main_category');
const priest = alias(users, 'priest');
const subCategory = alias(categories, 'sub_category');

const ownTradeColumns = {
  trade: trades,
  church: { name: churches.name, stateType: churches.stateType, suburb: churches.suburb },
  mainCategory: { name: mainCategory.name },
  subCategory: { name: subCategory.name, tags: subCategory.tags },
  priest: { userId: priest.id, firstName: priest.firstName, lastName: priest.lastName },
  owner: {
    userId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    role: users.role,
  },
};

/** A business put in front of its moderators now, as if new: no decision, no flag, submitted now. */
function submittedNow(moderationStatus: SubmittedStatus) {
  return {
    moderationStatus,
    moderationReason: null,
    moderatedAt: null,
    moderatedBy: null,
    changedSinceApproval: false,
    submittedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
}

export function createTradeDashboardRepo(db: Database) {
  function ownTrades() {
    return db
      .select(ownTradeColumns)
      .from(trades)
      .innerJoin(churches, eq(churches.id, trades.churchId))
      .innerJoin(users, eq(users.id, trades.ownerId))
      .leftJoin(mainCategory, eq(mainCategory.id, trades.mainCategoryId))
      .leftJoin(subCategory, eq(subCategory.id, trades.categoryId))
      .leftJoin(priest, eq(priest.id, trades.priestId));
  }

  return {
    async findOwnTrade(id: string) {
      const [row] = await ownTrades().where(eq(trades.id, id));
      return row;
    },

    async findOwnTradeOf(ownerId: string) {
      const [row] = await ownTrades().where(eq(trades.ownerId, ownerId));
      return row;
    },

    async findTrade(id: string): Promise<TradeRow | undefined> {
      const [row] = await db.select().from(trades).where(eq(trades.id, id));
      return row;
    },

    async findChurch(id: string): Promise<ChurchRow | undefined> {
      const [row] = await db.select().from(churches).where(eq(churches.id, id));
      return row;
    },

    async findCategory(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      return row;
    },

    /** The user, when they serve the church as its priest. */
    async findPriest(churchId: string, userId: string): Promise<PriestRow | undefined> {
      const [row] = await db
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(churchMembers)
        .innerJoin(users, eq(users.id, churchMembers.userId))
        .where(
          and(
            eq(churchMembers.churchId, churchId),
            eq(churchMembers.userId, userId),
            eq(churchMembers.churchRole, 'PRIEST'),
          ),
        );
      return row;
    },

    /** The businesses that name the user as their priest, by name. */
    async findTradesOfPriest(priestId: string) {
      return ownTrades().where(eq(trades.priestId, priestId)).orderBy(asc(trades.name), asc(trades.id));
    },

    /** Takes the priest's name off the business; false when the business no longer named them. */
    async detachPriest(id: string, priestId: string): Promise<boolean> {
      const rows = await db
        .update(trades)
        .set({ priestId: null, updatedAt: sql`now()` })
        .where(and(eq(trades.id, id), eq(trades.priestId, priestId)))
        .returning({ id: trades.id });
      return rows.length > 0;
    },

    /** The suburb of the business's address, if it has one. */
    async findSuburb(tradeId: string): Promise<string | null> {
      const [row] = await db.select({ suburb: addresses.suburb }).from(addresses).where(eq(addresses.entityId, tradeId));
      return row?.suburb ?? null;
    },

    /** The new business, or undefined when its owner has one already. */
    async insert(trade: NewTradeRow): Promise<TradeRow | undefined> {
      // The unique index on owner_id settles two forms sent at once.
      const [row] = await db.insert(trades).values(trade).onConflictDoNothing({ target: trades.ownerId }).returning();
      return row;
    },

    async update(id: string, fields: Partial<NewTradeRow>): Promise<void> {
      await db
        .update(trades)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(trades.id, id));
    },

    /**
     * Changes the business and puts it in front of its church's moderators as a new submission (or straight in
     * the directory at a church that does not moderate): what another church's moderators decided no longer holds.
     */
    async updateAndSubmit(id: string, fields: ProfileFields & Partial<NewTradeRow>, moderationStatus: SubmittedStatus): Promise<void> {
      await db
        .update(trades)
        .set({ ...fields, ...submittedNow(moderationStatus) })
        .where(eq(trades.id, id));
    },

    /** Flips the switch in the database, so that two flips sent together both count; answers its new value. */
    async flip(id: string, name: TradeSwitch): Promise<boolean | undefined> {
      const flipped: Partial<Record<TradeSwitch, SQL>> = { [name]: sql`not ${trades[name]}` };
      const [row] = await db
        .update(trades)
        .set({ ...flipped, updatedAt: sql`now()` })
        .where(eq(trades.id, id))
        .returning({ value: trades[name] });
      return row?.value;
    },

    /**
     * Puts a rejected business in front of its moderators again (or straight back in the directory), submitted
     * now; false when it was no longer rejected, so that two resubmissions sent together count once.
     */
    async resubmit(id: string, moderationStatus: SubmittedStatus): Promise<boolean> {
      const rows = await db
        .update(trades)
        .set(submittedNow(moderationStatus))
        .where(and(eq(trades.id, id), eq(trades.moderationStatus, 'REJECTED')))
        .returning({ id: trades.id });
      return rows.length > 0;
    },
  };
}

export type TradeDashboardRepo = ReturnType<typeof createTradeDashboardRepo>;

/** A business with what its owner's pages show beside it: church, categories and owner. */
export type OwnTradeRow = NonNullable<Awaited<ReturnType<TradeDashboardRepo['findOwnTrade']>>>;
