import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { siteSettings, users } from '../../db/schema';

export function createSiteSettingRepo(db: Database) {
  return {
    /** The setting's value, when and by whom it was last set; undefined while it was never set. */
    async find(key: string) {
      const [row] = await db
        .select({
          value: siteSettings.value,
          updatedAt: siteSettings.updatedAt,
          updatedByFirstName: users.firstName,
          updatedByLastName: users.lastName,
        })
        .from(siteSettings)
        .leftJoin(users, eq(users.id, siteSettings.updatedBy))
        .where(eq(siteSettings.key, key));
      return row;
    },

    /** Sets the value, locking the row so that two administrators' changes are audited one after the other. */
    async findForUpdate(key: string) {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key)).for('update');
      return row;
    },

    async save(key: string, value: unknown, updatedBy: string | null, updatedAt: Date): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key, value, updatedBy, updatedAt })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt } });
    },
  };
}

export type SiteSettingRepo = ReturnType<typeof createSiteSettingRepo>;
