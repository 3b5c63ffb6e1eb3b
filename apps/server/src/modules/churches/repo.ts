import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { RealState } from '@churchtrades/shared/states';
import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { churches, users } from '../../db/schema';

export type ChurchRow = typeof churches.$inferSelect;
type NewChurchRow = typeof churches.$inferInsert;

/** The columns of a church its administrators enter with the church form. */
export type ChurchFields = Pick<NewChurchRow, 'name' | 'stateType' | 'suburb' | 'postcode' | 'latitude' | 'longitude'>;

/** The switches of a church: whether it is shown at all, and whether its businesses wait for a moderator. */
export type ChurchSwitch = 'enabled' | 'moderated';

/** The pictures of a church, each stored as the URL it is served at. */
export type ChurchPicture = 'logo' | 'image';

const summaryColumns = {
  churchId: churches.id,
  name: churches.name,
  stateType: churches.stateType,
  suburb: churches.suburb,
  postcode: churches.postcode,
  latitude: churches.latitude,
  longitude: churches.longitude,
  logo: churches.logo,
};

// Counted per church shown: an administrator's page holds a few dozen churches, each counted through
// trades_church_idx. Written out in SQL because Drizzle leaves the columns of a one-table query unqualified,
// which inside the subquery would name the trade's own columns.
const adminColumns = {
  ...summaryColumns,
  image: churches.image,
  enabled: churches.enabled,
  moderated: churches.moderated,
  tradeCount: sql<number>`(select count(*) from trades where trades.church_id = churches.id)`.mapWith(Number),
  pendingCount: sql<number>`(select count(*) from trades
    where trades.church_id = churches.id and trades.moderation_status = 'PENDING')`.mapWith(Number),
};

export interface ChurchFilter {
  stateType?: RealState;
  /** Part of the name, any case; '' for any name. */
  nameContains: string;
}

interface Window {
  offset: number;
  limit: number;
}

/** The text as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function within(filter: ChurchFilter): SQL | undefined {
  return and(
    filter.stateType === undefined ? undefined : eq(churches.stateType, filter.stateType),
    // The trigram index on churches.name serves ILIKE with three characters or more.
    filter.nameContains === '' ? undefined : ilike(churches.name, containsPattern(filter.nameContains)),
  );
}

function enabledWithin(filter: ChurchFilter): SQL {
  return and(sql`${churches.enabled}`, within(filter))!;
}

export function createChurchRepo(db: Database) {
  return {
    async listEnabled(filter: ChurchFilter, window?: Window): Promise<ChurchSummary[]> {
      const query = db
        .select(summaryColumns)
        .from(churches)
        .where(enabledWithin(filter))
        .orderBy(asc(churches.name), asc(churches.id));
      return window ? query.limit(window.limit).offset(window.offset) : query;
    },

    async countEnabled(filter: ChurchFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(churches).where(enabledWithin(filter));
      return row?.total ?? 0;
    },

    async findEnabled(id: string): Promise<ChurchSummary | undefined> {
      const [row] = await db
        .select(summaryColumns)
        .from(churches)
        .where(and(eq(churches.id, id), sql`${churches.enabled}`));
      return row;
    },

    /** Every church, disabled ones too, by name, with its businesses counted. */
    async listAll(filter: ChurchFilter, window: Window): Promise<ChurchAdmin[]> {
      return db
        .select(adminColumns)
        .from(churches)
        .where(within(filter))
        .orderBy(asc(churches.name), asc(churches.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async countAll(filter: ChurchFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(churches).where(within(filter));
      return row?.total ?? 0;
    },

    async findAdmin(id: string): Promise<ChurchAdmin | undefined> {
      const [row] = await db.select(adminColumns).from(churches).where(eq(churches.id, id));
      return row;
    },

    async find(id: string): Promise<ChurchRow | undefined> {
      const [row] = await db.select().from(churches).where(eq(churches.id, id));
      return row;
    },

    /**
     * The church registered under this name in this place (the same state, suburb and postcode; name and suburb in
     * any case), other than `except`. Holds the place's name until the transaction ends, so that two requests
     * naming the same church, sent together, see each other's church rather than each making one.
     */
    async findSameChurch(fields: ChurchFields, except?: string): Promise<ChurchRow | undefined> {
      const place = [fields.stateType, fields.name, fields.suburb ?? '', fields.postcode ?? ''].join('\n').toLowerCase();
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${place}, 0))`);
      const [row] = await db
        .select()
        .from(churches)
        .where(
          and(
            eq(churches.stateType, fields.stateType),
            sql`lower(${churches.name}) = lower(${fields.name})`,
            sql`lower(coalesce(${churches.suburb}, '')) = lower(${fields.suburb ?? ''})`,
            sql`coalesce(${churches.postcode}, '') = ${fields.postcode ?? ''}`,
            except === undefined ? undefined : ne(churches.id, except),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(fields: ChurchFields): Promise<ChurchRow> {
      const [row] = await db.insert(churches).values(fields).returning();
      return row!;
    },

    async update(id: string, fields: Partial<ChurchFields & Record<ChurchPicture, string | null>>): Promise<void> {
      await db
        .update(churches)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(churches.id, id));
    },

    /** Flips the switch in the database, so that two flips sent together both count; answers the new value. */
    async flip(id: string, name: ChurchSwitch): Promise<boolean | undefined> {
      const flipped: Partial<Record<ChurchSwitch, SQL>> = { [name]: sql`not ${churches[name]}` };
      const [row] = await db
        .update(churches)
        .set({ ...flipped, updatedAt: sql`now()` })
        .where(eq(churches.id, id))
        .returning({ value: churches[name] });
      return row?.value;
    },

    /** The state a governor governs; null for a governor given none yet. */
    async governedStateOf(userId: string): Promise<RealState | null> {
      const [row] = await db.select({ state: users.governedState }).from(users).where(eq(users.id, userId));
      return row?.state ?? null;
    },
  };
}

export type ChurchRepo = ReturnType<typeof createChurchRepo>;
