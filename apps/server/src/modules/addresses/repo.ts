import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
/** The columns of an address its owner may set. */
export type AddressFields = Omit<AddressRow, 'id' | 'entityId' | 'createdAt' | 'updatedAt'>;

export function createAddressRepo(db: Database) {
  return {
    async findById(id: string): Promise<AddressRow | undefined> {
      const [row] = await db.select().from(addresses).where(eq(addresses.id, id));
      return row;
    },

    async findByTrade(tradeId: string): Promise<AddressRow | undefined> {
      const [row] = await db.select().from(addresses).where(eq(addresses.entityId, tradeId));
      return row;
    },

    /** The new address, or undefined when the business has one already. */
    async insert(address: NewAddressRow): Promise<AddressRow | undefined> {
      // The unique index on entity_id settles two forms sent at once.
      const [row] = await db.insert(addresses).values(address).onConflictDoNothing({ target: addresses.entityId }).returning();
      return row;
    },

    async update(id: string, fields: AddressFields): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(addresses.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<AddressRow | undefined> {
      const [row] = await db.delete(addresses).where(eq(addresses.id, id)).returning();
      return row;
    },
  };
}

export type AddressRepo = ReturnType<typeof createAddressRepo>;
