import type { TradeDetail } from '@churchtrades/shared/trade-search';
import Badge from 'react-bootstrap/Badge';
import { serviceLocations } from '../business-facts';

/** Where the business serves: at your place, at our place, online. */
export function ServiceLocationBadges({ trade }: { trade: TradeDetail }) {
  const locations = serviceLocations(trade);
  if (locations.length === 0) return null;
  return (
    <ul aria-label="Service locations" className="list-inline mb-0">
      {locations.map((location) => (
        <li key={location} className="list-inline-item">
          <Badge bg="success-subtle" text="success-emphasis" className="fs-6 fw-normal border border-success-subtle">
            {location}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
