import type { MapPoint } from '@churchtrades/shared/map';
import { MESSAGES } from '@churchtrades/shared/messages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { MapArea } from '../../../components/map/map-area';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { useMapTileUrl } from '../../../components/map/use-map-tile-url';
import { getErrorMessage } from '../../../lib/api-error';
import { type MapPointsFound, type MapPointsParams, useGetMapPointsQuery } from '../api/map-points-api';
import { usePointMarkers } from '../hooks/use-point-markers';
import { PointList } from './point-list';
import './results-map.css';

export const RESULTS_MAP_LABEL = 'Map of businesses';

/** One array for "no points yet", so the markers are not rebuilt on every render while loading. */
const NO_POINTS: readonly MapPoint[] = [];

/**
 * The Map view of the search page (issue 7): a marker for every business matching the filters, following
 * them as they change. Loaded on demand (with Leaflet) so the List view's bundle does not carry it.
 */
export function ResultsMap({ params }: { params: MapPointsParams }) {
  const navigate = useNavigate();
  const { containerRef, leaflet, unavailable } = useLeafletMap(useMapTileUrl());
  // data, not currentData: the old markers stay while the new filter's points load, so the map does not blink.
  const { data, error, isFetching, refetch } = useGetMapPointsQuery(params);
  const points = data?.points ?? NO_POINTS;
  usePointMarkers(leaflet, points, (path) => void navigate(path));

  return (
    <>
      {error && !isFetching ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{getErrorMessage(error, MESSAGES.mapPointsLoadFailed)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <p role="status" className="text-body-secondary mb-3">
          {mapSummary(data, isFetching)}
        </p>
      )}
      <MapArea containerRef={containerRef} unavailable={unavailable} label={RESULTS_MAP_LABEL} className="results-map" />
      {unavailable && <PointList points={points} />}
    </>
  );
}

/** The line above the map: how many businesses it shows, or that it is loading. */
export function mapSummary(data: MapPointsFound | undefined, isFetching: boolean): string {
  if (isFetching || !data) return 'Loading the map…';
  if (data.truncated) return MESSAGES.mapPointsTruncated;
  const count = data.points.length;
  if (count === 0) return 'No business of this search can be shown on the map.';
  return `${count.toLocaleString('en-AU')} ${count === 1 ? 'business' : 'businesses'} on the map`;
}
