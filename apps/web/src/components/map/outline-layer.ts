import type * as Leaflet from 'leaflet';
import { coastline, stateBorders } from 'virtual:australia-outline';

/** The credit of the built-in map's data. */
export const OUTLINE_ATTRIBUTION = 'Made with <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/**
 * The built-in map: Australia's coastline and its state borders drawn as vector shapes over a plain sea, so
 * that the markers keep their place when no tile server can be reached (or none is configured). Loaded only then.
 */
export function addOutline(L: typeof Leaflet, map: Leaflet.Map): Leaflet.Layer {
  const land = L.geoJSON(coastline, {
    interactive: false,
    attribution: OUTLINE_ATTRIBUTION,
    style: { color: '#6c757d', weight: 1, fillColor: '#f1eee6', fillOpacity: 1 },
  });
  const borders = L.geoJSON(stateBorders, {
    interactive: false,
    style: { color: '#adb5bd', weight: 1, dashArray: '4 3' },
  });
  map.getContainer().classList.add('map-area-outline');
  return L.layerGroup([land, borders]).addTo(map);
}
