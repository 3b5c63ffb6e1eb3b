import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { addresses, categories, churches, trades, users } from '../../db/schema';

const mainCategories = alias(categories, 'main_categories');
const subCategories = alias(categories, 'sub_categories');

/** DESIGN "Roles": approved, enabled, not locked, not expired, and its church enabled. */
const isListed = and(
  eq(trades.moderationStatus, 'APPROVED'),
  eq(trades.enabled, true),
  eq(trades.locked, false),
  eq(trades.expired, false),
  eq(churches.enabled, true),
);

const cardColumns = {
  id: trades.id,
  name: trades.name,
  brief: trades.brief,
  logoUri: trades.logoUri,
  website: trades.website,
  ownerEmail: users.email,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  ownerPhone: users.phone,
  fullAddress: addresses.fullAddress,
  stateType: trades.stateType,
  churchName: churches.name,
  mainCategory: mainCategories.name,
  subCategory: subCategories.name,
  online: trades.online,
};

export function createTradeRepo(db: Database) {
  return {
    async listListed(page: { offset: number; limit: number }) {
      const rows = await db
        .select(cardColumns)
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .innerJoin(users, eq(users.id, trades.ownerId))
        .leftJoin(addresses, eq(addresses.entityId, trades.id))
        .leftJoin(mainCategories, eq(mainCategories.id, trades.mainCategoryId))
        .leftJoin(subCategories, eq(subCategories.id, trades.categoryId))
        .where(isListed)
        .orderBy(asc(trades.name), asc(trades.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows;
    },

    async countListed(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .where(isListed);
      return row?.total ?? 0;
    },
  };
}

export type TradeRepo = ReturnType<typeof createTradeRepo>;
