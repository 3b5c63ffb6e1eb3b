import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { makeTradeCard } from '../../../testing/trade-factory';

/** A listed business as `GET /api/trades/{id}` answers it: serving everywhere, with a place on the map. */
export function makeTradeDetail(overrides: Partial<TradeDetail> = {}): TradeDetail {
  return {
    ...makeTradeCard(),
    image: null,
    service: 'Blocked drains',
    tags: 'drains, hot water',
    churchId: '11111111-1111-4111-8111-111111111111',
    mainCategoryId: 1,
    categoryId: 2,
    atClient: true,
    atBusiness: true,
    online: true,
    businessKind: 'SOLE_TRADER',
    socialMedias: [],
    latitude: -33.8688,
    longitude: 151.2093,
    replyTime: null,
    ...overrides,
  };
}
