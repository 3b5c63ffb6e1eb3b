import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { addTiles, MAX_ZOOM, NO_TILES } from './tiles';

/** A map made and ready: Leaflet itself (loaded on demand) and the map in the container. */
export interface LeafletMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
}

/**
 * Makes a Leaflet map in `containerRef`'s element once the tile URL is known, loading Leaflet only then.
 * Callers add their markers in their own effect once `leaflet` is set, and set the view there.
 * Without tiles (MAP_TILE_URL=none) or when the tile server cannot be reached, the built-in outline of Australia
 * is drawn instead, loaded only then, and the markers stay. `unavailable` turns true only when no map can be
 * shown at all: Leaflet's code (or the outline's) could not be loaded.
 */
export function useLeafletMap(tileUrl: string | undefined) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<LeafletMap | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!tileUrl || !container) return;
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    const failed = () => {
      if (!cancelled) setUnavailable(true);
    };
    const showOutline = (L: typeof Leaflet, on: Leaflet.Map) => {
      import('./outline-layer').then(({ addOutline }) => {
        if (!cancelled) addOutline(L, on);
      }, failed);
    };
    import('./leaflet-setup').then(({ L }) => {
      if (cancelled) return;
      // The page scrolls under the wheel; zooming needs the buttons, a pinch or a double click.
      const made = L.map(container, { scrollWheelZoom: false, maxZoom: MAX_ZOOM });
      map = made;
      if (tileUrl === NO_TILES) showOutline(L, made);
      else {
        const tiles = addTiles(L, made, tileUrl, () => {
          tiles.remove();
          showOutline(L, made);
        });
      }
      setLeaflet({ L, map: made });
    }, failed);
    return () => {
      cancelled = true;
      map?.remove();
      setLeaflet(null);
    };
  }, [tileUrl]);

  return { containerRef, leaflet, unavailable };
}
