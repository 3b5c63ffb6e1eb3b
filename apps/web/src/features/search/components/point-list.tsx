import type { MapPoint } from '@churchtrades/shared/map';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The map's businesses as a list, for when the map itself cannot be shown: every one stays reachable.
 * Scrolls within its own box (focusable, so a keyboard can scroll it too).
 */
export function PointList({ points }: { points: readonly MapPoint[] }) {
  if (points.length === 0) return null;
  return (
    <div role="region" aria-label="Businesses on the map" tabIndex={0} className="point-list border rounded mt-3">
      <ul className="list-unstyled mb-0 p-3">
        {points.map((point) => (
          <li key={point.id} className="mb-1">
            <Link to={paths.business.getHref(point.id, point.name)}>{point.name}</Link>
            {point.category && <span className="text-body-secondary"> · {point.category}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
