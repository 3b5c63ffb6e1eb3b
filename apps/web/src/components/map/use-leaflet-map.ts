import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { addTiles } from './tiles';

/** A map made and ready: Leaflet itself (loaded on demand) and the map in the container. */
export interface LeafletMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
}

/**
 * Makes a Leaflet map in `containerRef`'s element once the tile URL is known, loading Leaflet only then.
 * Callers add their markers in their own effect once `leaflet` is set, and set the view there.
 * `unavailable` turns true when the map cannot be shown: Leaflet's code could not be loaded, or the tiles
 * could not.
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
    import('./leaflet-setup').then(
      ({ L }) => {
        if (cancelled) return;
        // The page scrolls under the wheel; zooming needs the buttons, a pinch or a double click.
        map = L.map(container, { scrollWheelZoom: false });
        addTiles(L, map, tileUrl, () => setUnavailable(true));
        setLeaflet({ L, map });
      },
      () => {
        if (!cancelled) setUnavailable(true);
      },
    );
    return () => {
      cancelled = true;
      map?.remove();
      setLeaflet(null);
    };
  }, [tileUrl]);

  return { containerRef, leaflet, unavailable };
}
