/**
 * How much of a business's place the public learns. The database keeps the same rule for the map's pins
 * (`trade_pin`, apps/server/src/db/README.md) and the search cards' addresses (trades/repo.ts `publicAddress`).
 */

/** Where a business serves (SPEC §1). */
export interface ServiceLocations {
  online: boolean;
  atClient: boolean;
  atBusiness: boolean;
}

/** SPEC §1: a business that works online only has no place to visit: no pin, no coordinates, no directions. */
export function isOnlineOnly(trade: ServiceLocations): boolean {
  return trade.online && !trade.atClient && !trade.atBusiness;
}

/**
 * A new address's street is shown publicly unless the business only works at its customers' places: then its
 * street is most likely the owner's home.
 */
export function showsStreetByDefault(trade: Pick<ServiceLocations, 'atClient' | 'atBusiness'>): boolean {
  return !(trade.atClient && !trade.atBusiness);
}

/**
 * Whether the exact place (the street's coordinates) may be published: only where the map shows it too, so never
 * for a street its owner keeps private (the suburb's centre stands in for it), nor for a business online only.
 */
export function showsExactPlace(trade: ServiceLocations, address: { showStreetAddress: boolean } | null): boolean {
  return address !== null && address.showStreetAddress && !isOnlineOnly(trade);
}
