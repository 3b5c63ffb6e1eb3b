import type { ModerationStatus } from '@churchtrades/shared/moderation';
import type { RealState } from '@churchtrades/shared/states';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { churches, trades, users } from '../../db/schema';

export interface TradeAdminFilter {
  /** Part of the business's name, or of its owner's name or e-mail, any case; '' for any. */
  text: string;
  stateType?: RealState;
  status?: ModerationStatus;
}

/** The text as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function conditionsOf({ text, stateType, status }: TradeAdminFilter): SQL | undefined {
  const pattern = containsPattern(text);
  return and(
    // Each side is served by its trigram index: trades_name_trgm_idx and users_name_trgm_idx.
    text === ''
      ? undefined
      : or(
          sql`${trades.name} ilike ${pattern}`,
          sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ilike ${pattern}`,
        ),
    stateType === undefined ? undefined : eq(trades.stateType, stateType),
    status === undefined ? undefined : eq(trades.moderationStatus, status),
  );
}

const rowColumns = {
  id: trades.id,
  name: trades.name,
  stateType: trades.stateType,
  churchName: churches.name,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  status: trades.moderationStatus,
  listed: trades.listed,
  enabled: trades.enabled,
  locked: trades.locked,
  expired: trades.expired,
  createdAt: trades.createdAt,
};

export function createTradeAdminRepo(db: Database) {
  return {
    async page(filter: TradeAdminFilter, window: { offset: number; limit: number }) {
      return db
        .select(rowColumns)
        .from(trades)
        .innerJoin(churches, eq(churches.id, trades.churchId))
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(conditionsOf(filter))
        .orderBy(asc(trades.name), asc(trades.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(filter: TradeAdminFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .where(conditionsOf(filter));
      return row?.total ?? 0;
    },
  };
}

export type TradeAdminRepo = ReturnType<typeof createTradeAdminRepo>;
export type TradeAdminRowData = Awaited<ReturnType<TradeAdminRepo['page']>>[number];
