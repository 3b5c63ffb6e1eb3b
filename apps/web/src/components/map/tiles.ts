import type * as Leaflet from 'leaflet';

/** The server's default for MAP_TILE_URL, used when the site's configuration could not be read. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The map data's licence asks for this credit whichever server draws the tiles. */
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const MAX_ZOOM = 19;

/**
 * Adds the tiles of `tileUrl` to `map` with their credit. `onUnavailable` is called when a whole view's
 * tiles failed (no tile server reachable), so the map area can say so instead of showing grey squares.
 */
export function addTiles(
  L: typeof Leaflet,
  map: Leaflet.Map,
  tileUrl: string,
  onUnavailable: () => void,
): Leaflet.TileLayer {
  let loaded = 0;
  let failed = 0;
  const layer = L.tileLayer(tileUrl, { attribution: TILE_ATTRIBUTION, maxZoom: MAX_ZOOM });
  layer.on('tileload', () => {
    loaded += 1;
  });
  layer.on('tileerror', () => {
    failed += 1;
  });
  // 'load' comes once every tile of the view has answered, whether it loaded or failed.
  layer.on('load', () => {
    if (loaded === 0 && failed > 0) onUnavailable();
    loaded = 0;
    failed = 0;
  });
  return layer.addTo(map);
}
