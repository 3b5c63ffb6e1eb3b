import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { telHref } from '../../../components/trade-card/card-text';
import { directionsHref } from '../business-facts';

/** Call, e-mail and find the business: each button only when the business has what it needs. */
export function ContactActions({ trade }: { trade: TradeDetail }) {
  const phone = trade.ownerPhone?.trim();
  const email = trade.ownerEmail?.trim();
  const directions = directionsHref(trade);
  if (!phone && !email && !directions) return null;

  return (
    <div className="d-flex flex-wrap gap-2">
      {phone && (
        <a href={telHref(phone)} className="btn btn-primary">
          Call
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className="btn btn-outline-primary">
          Email
        </a>
      )}
      {directions && (
        <a href={directions} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
          Directions
        </a>
      )}
    </div>
  );
}
