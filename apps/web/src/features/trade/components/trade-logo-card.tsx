import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import Card from 'react-bootstrap/Card';
import { ChangeLogo } from './change-logo';
import { ListingStateLine } from './listing-state-line';
import './trade-logo-card.css';

/** SPEC §2 logo card: the logo (or a neutral shop front), 'Change Logo', the business's name and its listing. */
export function TradeLogoCard({ trade, readOnly }: { trade: OwnTrade; readOnly: boolean }) {
  return (
    <Card className="text-center">
      <Card.Body className="d-flex flex-column align-items-center gap-2">
        {trade.logoUri ? (
          <img src={trade.logoUri} alt={`Logo of ${trade.name}`} className="trade-dashboard-logo rounded border" />
        ) : (
          <svg
            viewBox="0 0 64 64"
            className="trade-dashboard-logo trade-dashboard-logo-placeholder rounded"
            role="img"
            aria-label="No logo yet"
          >
            <path d="M12 18h40l4 10H8zM12 32h40v20H38V40H26v12H12z" />
          </svg>
        )}
        <ChangeLogo tradeId={trade.id} disabled={readOnly} />
        <h2 className="h5 mb-0 text-break">{trade.name}</h2>
        <ListingStateLine trade={trade} readOnly={readOnly} />
      </Card.Body>
    </Card>
  );
}
