import { useEffect } from 'react';
import { MapArea } from '../../../components/map/map-area';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { useMapTileUrl } from '../../../components/map/use-map-tile-url';

/** Close enough to see the streets around; a private street is already only its suburb's centre. */
const ZOOM = 15;

interface BusinessMapProps {
  name: string;
  lat: number;
  lng: number;
}

/** A small map with the business's one marker. */
export function BusinessMap({ name, lat, lng }: BusinessMapProps) {
  const { containerRef, leaflet, unavailable } = useLeafletMap(useMapTileUrl());

  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    map.setView([lat, lng], ZOOM);
    // Nothing to open or press on it: a plain image named for the business.
    const marker = L.marker([lat, lng], { alt: name, title: name, interactive: false, keyboard: false }).addTo(map);
    return () => {
      marker.remove();
    };
  }, [leaflet, lat, lng, name]);

  return <MapArea containerRef={containerRef} unavailable={unavailable} label={`Map of ${name}`} />;
}
