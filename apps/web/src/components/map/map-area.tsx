import type { RefObject } from 'react';
import './map-area.css';

export const MAP_UNAVAILABLE_MESSAGE = 'The map cannot be shown right now.';

interface MapAreaProps {
  /** From useLeafletMap: the element Leaflet draws in. */
  containerRef: RefObject<HTMLDivElement | null>;
  unavailable: boolean;
  /** What the map shows, for screen readers (the region's name). */
  label: string;
  className?: string;
}

/** Where a map goes; says plainly when it cannot be shown rather than leaving grey squares. */
export function MapArea({ containerRef, unavailable, label, className = '' }: MapAreaProps) {
  return (
    <div role="region" aria-label={label} className={`map-area ${className}`.trim()}>
      {unavailable && (
        <p className="h-100 d-flex align-items-center justify-content-center text-center border rounded bg-body-tertiary text-body-secondary mb-0 p-3">
          {MAP_UNAVAILABLE_MESSAGE}
        </p>
      )}
      <div ref={containerRef} className="map-area-canvas border" hidden={unavailable} />
    </div>
  );
}
