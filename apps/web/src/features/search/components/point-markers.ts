import type { MapPoint } from '@churchtrades/shared/map';
import type * as Leaflet from 'leaflet';
import type {} from 'leaflet.markercluster';
import type { LeafletMap } from '../../../components/map/use-leaflet-map';
import { pointPopup } from './point-popup';

/** Mainland Australia and Tasmania: the view when no business is a point. */
export const AUSTRALIA_BOUNDS: Leaflet.LatLngBoundsLiteral = [
  [-43.7, 112.9],
  [-10.6, 153.7],
];

/** Close enough to see the street around a lone business, not so close the tiles run out. */
const MAX_FIT_ZOOM = 15;

/**
 * Puts a marker for every point on the map, clustered when `clustered` (leaflet.markercluster loaded), and
 * fits the view to them. Returns the layer holding them, to be removed when the points change.
 */
export function showPoints(
  { L, map }: LeafletMap,
  points: readonly MapPoint[],
  onOpenBusiness: (path: string) => void,
  clustered: boolean,
): Leaflet.Layer {
  const markers = points.map((point) =>
    // The name as the marker's text: a screen reader or a keyboard user reaches each marker by it.
    L.marker([point.lat, point.lng], { title: point.name, alt: point.name }).bindPopup(() =>
      pointPopup(point, onOpenBusiness),
    ),
  );
  let layer: Leaflet.Layer;
  if (clustered) {
    // Chunked: 5,000 markers are added a few at a time, so the page stays responsive meanwhile.
    const cluster = L.markerClusterGroup({ chunkedLoading: true, showCoverageOnHover: false }).addTo(map);
    cluster.addLayers(markers);
    layer = cluster;
  } else {
    layer = L.layerGroup(markers).addTo(map);
  }
  fitToPoints(L, map, points);
  return layer;
}

function fitToPoints(L: typeof Leaflet, map: Leaflet.Map, points: readonly MapPoint[]) {
  if (points.length === 0) {
    map.fitBounds(AUSTRALIA_BOUNDS);
    return;
  }
  const bounds = L.latLngBounds(points.map((point): Leaflet.LatLngTuple => [point.lat, point.lng]));
  map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAX_FIT_ZOOM });
}
