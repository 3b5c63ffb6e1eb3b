import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { STATE_FILTER_ALL } from '@churchtrades/shared/states';
import type { TradeAdminRow, TradeAdminSearchQuery } from '@churchtrades/shared/trade-admin';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import { requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { TradeAdminFilter, TradeAdminRepo, TradeAdminRowData } from './repo';

function filterOf(query: TradeAdminSearchQuery): TradeAdminFilter {
  return {
    text: query.name,
    stateType: query.stateType === STATE_FILTER_ALL ? undefined : query.stateType,
    status: query.status,
  };
}

function rowOf(row: TradeAdminRowData): TradeAdminRow {
  return {
    id: row.id,
    name: row.name,
    stateType: row.stateType,
    churchName: row.churchName,
    ownerName: `${row.ownerFirstName} ${row.ownerLastName}`,
    ownerEmail: row.ownerEmail,
    status: row.status,
    listed: row.listed,
    enabled: row.enabled,
    locked: row.locked,
    expired: row.expired,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every business, listed or not, for administrators (issue "Moderation and administration"). */
export function createTradeAdminService(repo: TradeAdminRepo) {
  return {
    /** Businesses whose name, or whose owner's name or e-mail, contains the text; by name. */
    async search(actor: SignedInUser, query: TradeAdminSearchQuery): Promise<Page<TradeAdminRow>> {
      requirePermission(actor, mayAdministerDirectory);
      const filter = filterOf(query);
      const [rows, totalElements] = await Promise.all([
        repo.page(filter, { offset: query.page * query.size, limit: query.size }),
        repo.count(filter),
      ]);
      return pageOf(rows.map(rowOf), totalElements, query);
    },
  };
}

export type TradeAdminService = ReturnType<typeof createTradeAdminService>;
