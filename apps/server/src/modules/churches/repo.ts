import type { ChurchSummary } from '@churchtrades/shared/church';
import type { RealState } from '@churchtrades/shared/states';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { churches } from '../../db/schema';

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

export interface ChurchFilter {
  stateType?: RealState;
  /** Part of the name, any case; '' for any name. */
  nameContains: string;
}

/** The text as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function enabledWithin(filter: ChurchFilter): SQL {
  return and(
    sql`${churches.enabled}`,
    filter.stateType === undefined ? undefined : eq(churches.stateType, filter.stateType),
    // The trigram index on churches.name serves ILIKE with three characters or more.
    filter.nameContains === '' ? undefined : ilike(churches.name, containsPattern(filter.nameContains)),
  )!;
}

export function createChurchRepo(db: Database) {
  return {
    async listEnabled(filter: ChurchFilter, window?: { offset: number; limit: number }): Promise<ChurchSummary[]> {
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
  };
}

export type ChurchRepo = ReturnType<typeof createChurchRepo>;
