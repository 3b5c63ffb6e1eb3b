import type { ListingState, OwnTrade } from '@churchtrades/shared/trade-dashboard';
import Badge from 'react-bootstrap/Badge';

const BADGE_COLOURS: Readonly<Record<ListingState, { bg: string; text?: 'dark' }>> = {
  PENDING: { bg: 'warning', text: 'dark' },
  LISTED: { bg: 'success' },
  REJECTED: { bg: 'danger' },
  UNLISTED: { bg: 'secondary' },
  HIDDEN: { bg: 'secondary' },
};

/**
 * An approved business out of the directory (HIDDEN) is disabled, locked or expired, or else its church is
 * disabled: the owner is told which, since only the first is theirs to change.
 */
function hiddenReason(trade: Pick<OwnTrade, 'enabled' | 'locked' | 'expired'>): string {
  const reasons = [!trade.enabled && 'disabled', trade.locked && 'locked', trade.expired && 'expired'].filter(Boolean);
  return reasons.length > 0 ? reasons.join(', ') : 'its church is not open';
}

export function listingStateText(trade: OwnTrade): string {
  switch (trade.listingState) {
    case 'PENDING':
      return 'Pending approval';
    case 'LISTED':
      return 'Listed';
    case 'REJECTED':
      return trade.moderationReason ? `Rejected: ${trade.moderationReason}` : 'Rejected';
    case 'UNLISTED':
      return 'Unlisted by a moderator';
    case 'HIDDEN':
      return `Not listed: ${hiddenReason(trade)}`;
  }
}

/** Where the business stands in the directory (DESIGN "Roles"): waiting for a moderator, listed, or why not. */
export function ListingStateLine({ trade }: { trade: OwnTrade }) {
  const colours = BADGE_COLOURS[trade.listingState];
  return (
    <p className="mb-0">
      <span className="visually-hidden">Listing: </span>
      <Badge bg={colours.bg} text={colours.text} className="text-wrap text-break">
        {listingStateText(trade)}
      </Badge>
      {trade.listingState === 'PENDING' && (
        <small className="d-block text-body-secondary mt-1">
          A moderator of your church approves it before it shows in search.
        </small>
      )}
    </p>
  );
}
