import type { Page, TradeCard, TradeSearchQuery } from '@churchtrades/shared/trade-search';
import type { TradeRepo } from './repo';

export function createTradeService(repo: TradeRepo) {
  return {
    async searchListed(query: TradeSearchQuery): Promise<Page<TradeCard>> {
      const [content, totalElements] = await Promise.all([
        repo.listListed({ offset: query.page * query.size, limit: query.size }),
        repo.countListed(),
      ]);
      return {
        content,
        number: query.page,
        size: query.size,
        totalElements,
        totalPages: Math.ceil(totalElements / query.size),
      };
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
