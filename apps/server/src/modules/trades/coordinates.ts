/** Decimals kept of a latitude or longitude: 7 is about a centimetre, finer than any address or phone gives. */
const COORDINATE_DECIMALS = 7;

/**
 * The coordinate rounded to a centimetre. Distances are computed in double precision by PostgreSQL, which
 * fails a query with "value out of range: underflow" rather than round a product of tiny angles to zero:
 * a position of 5e-324, or a pin a hair away from the visitor, would fail every "Near me" search around it.
 * Rounded coordinates differ by 0 or by at least a centimetre, far from that edge.
 */
export function roundedCoordinate(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS)) || 0;
}
