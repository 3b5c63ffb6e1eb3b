import type * as Leaflet from 'leaflet';

/** The server's default for MAP_TILE_URL, used when the site's configuration could not be read. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The map data's licence asks for this credit whichever server draws the tiles. */
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The closest zoom, set on the map itself: without tiles nothing else would give one, which marker clusters need. */
export const MAX_ZOOM = 19;

/** MAP_TILE_URL's value for "no tile server": the built-in outline of Australia is the map. */
export const NO_TILES = 'none';

/** Tiles that failed while none has loaded, after which the tile server counts as out of reach. */
export const FAILED_TILES_BEFORE_GIVING_UP = 4;

/**
 * Adds the tiles of `tileUrl` to `map` with their credit. `onFailure` is called once when the tile server cannot
 * be reached: several tiles failed and none loaded, or a whole view's tiles failed. A server that has sent one
 * tile is reachable; a tile missing here and there is not a reason to give up the map.
 */
export function addTiles(L: typeof Leaflet, map: Leaflet.Map, tileUrl: string, onFailure: () => void): Leaflet.TileLayer {
  let loaded = 0;
  let failed = 0;
  let givenUp = false;
  const layer = L.tileLayer(tileUrl, { attribution: TILE_ATTRIBUTION, maxZoom: MAX_ZOOM });
  const giveUp = () => {
    if (givenUp) return;
    givenUp = true;
    // Leaflet goes on with the failed tile after telling of it: the layer may only be removed once it is done.
    queueMicrotask(onFailure);
  };
  layer.on('tileload', () => {
    loaded += 1;
  });
  layer.on('tileerror', () => {
    failed += 1;
    if (loaded === 0 && failed >= FAILED_TILES_BEFORE_GIVING_UP) giveUp();
  });
  // 'load' comes once every tile of the view has answered, whether it loaded or failed.
  layer.on('load', () => {
    if (loaded === 0 && failed > 0) giveUp();
  });
  return layer.addTo(map);
}
