import { MODERATION_STATUSES } from '@churchtrades/shared/moderation';
import { REAL_STATES } from '@churchtrades/shared/states';
import { anyText, type FilterFields, type FilterValues, oneOf } from '../query-filter';

/** The filters of `/admin/trades`, named as `GET /api/trades/searchTrade` names them. */
export const TRADE_FILTER_FIELDS = {
  name: anyText,
  stateType: oneOf(REAL_STATES),
  status: oneOf(MODERATION_STATUSES),
} satisfies FilterFields;

export type TradeFilter = FilterValues<typeof TRADE_FILTER_FIELDS>;
