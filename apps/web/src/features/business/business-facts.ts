import { isOnlineOnly } from '@churchtrades/shared/street-privacy';
import type { TradeDetail } from '@churchtrades/shared/trade-search';

/** Where the business serves, in the visitor's words, in a fixed order. */
export function serviceLocations(trade: Pick<TradeDetail, 'online' | 'atClient' | 'atBusiness'>): string[] {
  const locations: string[] = [];
  if (trade.atClient) locations.push('At your place');
  if (trade.atBusiness) locations.push('At our place');
  if (trade.online) locations.push('Online');
  return locations;
}

/** The owner's tags are one comma-separated text ("tiling, bathrooms"); each becomes a badge. */
export function tagList(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** "Main › Sub", or whichever of the two the business has; null for neither. */
export function categoryLine(trade: Pick<TradeDetail, 'mainCategory' | 'subCategory'>): string | null {
  const parts = [trade.mainCategory, trade.subCategory].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(' › ') : null;
}

/** The business's map position, or null when it has none or serves only online. */
export function mapPosition(trade: TradeDetail): { lat: number; lng: number } | null {
  if (isOnlineOnly(trade) || trade.latitude === null || trade.longitude === null) return null;
  return { lat: trade.latitude, lng: trade.longitude };
}

/**
 * Directions in the visitor's maps app: to the coordinates when the business has them (the suburb's centre
 * when its street is private), else to its address as written. Null when there is nowhere to go.
 */
export function directionsHref(trade: TradeDetail): string | null {
  if (isOnlineOnly(trade)) return null;
  const position = mapPosition(trade);
  const destination = position ? `${position.lat},${position.lng}` : trade.fullAddress?.trim();
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
