/** Australia's coastline, cut out of Natural Earth's countries at build time (vite.config.ts). */
declare module 'virtual:australia-outline' {
  import type { MultiPolygon } from 'geojson';

  const coastline: MultiPolygon;
  export default coastline;
}
