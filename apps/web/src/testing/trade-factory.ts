import { SEARCH_PAGE_SIZE } from '@churchtrades/shared/constants';
import type { TradeCard, TradePage } from '@churchtrades/shared/trade-search';

let sequence = 0;

export function makeTradeCard(overrides: Partial<TradeCard> = {}): TradeCard {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: `Trade ${sequence}`,
    brief: 'Friendly local service.',
    logoUri: null,
    website: 'https://example.com.au',
    ownerEmail: `owner${sequence}@example.com.au`,
    ownerName: 'Jane Citizen',
    ownerPhone: '0400 000 000',
    fullAddress: '1 George St, Sydney NSW 2000',
    stateType: 'NSW',
    churchName: 'St Mary',
    mainCategory: 'Trades',
    subCategory: 'Plumbing',
    online: false,
    badges: { abn: null, church: null, licence: null },
    rating: null,
    ...overrides,
  };
}

/** Page `number` (from 0) of `totalElements` results, holding as many cards as that page would. */
export function makeTradePage(number: number, totalElements: number, size = SEARCH_PAGE_SIZE): TradePage {
  const totalPages = Math.ceil(totalElements / size);
  const count = Math.max(0, Math.min(size, totalElements - number * size));
  return {
    content: Array.from({ length: count }, () => makeTradeCard()),
    number,
    size,
    totalElements,
    totalPages,
  };
}
