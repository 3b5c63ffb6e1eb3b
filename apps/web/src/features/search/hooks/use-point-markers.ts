import type { MapPoint } from '@churchtrades/shared/map';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import type { LeafletMap } from '../../../components/map/use-leaflet-map';
import { showPoints } from '../components/point-markers';

/**
 * Shows `points` on the map once it is ready, and again whenever they change (the filters changed): the
 * old markers go, the new ones come, and the view fits them. Without the clustering code (it failed to
 * load) the markers are shown one by one.
 */
export function usePointMarkers(
  leaflet: LeafletMap | null,
  points: readonly MapPoint[],
  onOpenBusiness: (path: string) => void,
) {
  // Markers are rebuilt when the points change, not when the page re-renders with a new callback.
  const openBusiness = useRef(onOpenBusiness);
  useEffect(() => {
    openBusiness.current = onOpenBusiness;
  }, [onOpenBusiness]);

  useEffect(() => {
    if (!leaflet) return;
    let cancelled = false;
    let layer: Leaflet.Layer | undefined;
    void import('../components/marker-cluster')
      .then(
        () => true,
        () => false,
      )
      .then((clustered) => {
        if (cancelled) return;
        layer = showPoints(leaflet, points, (path) => openBusiness.current(path), clustered);
      });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [leaflet, points]);
}
