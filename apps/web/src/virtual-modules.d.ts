/** Australia's coastline and state borders, cut out of Natural Earth's data at build time (vite.config.ts). */
declare module 'virtual:australia-outline' {
  import type { MultiLineString, MultiPolygon } from 'geojson';

  /** The mainland, Tasmania and the islands. */
  export const coastline: MultiPolygon;
  /** The borders between the states and territories, without the coast. */
  export const stateBorders: MultiLineString;
}
