import type { TradeCard as TradeCardData } from '@churchtrades/shared/trade-search';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { SEND_ENQUIRY_HASH } from '../../lib/enquiry-choice';
import { CardRating } from '../rating/rating-stars';
import { TradeBadges } from '../trade-badges/trade-badges';
import { cardBrief, distanceText, googleSearchHref, MISSING, orMissing, telHref, websiteLink } from './card-text';
import { TradeLogo } from './trade-logo';

interface TradeCardProps {
  trade: TradeCardData;
  /** Links the name to the business's public page: for listed businesses only (a pending one has none). */
  linkToPage?: boolean;
  /** Shown at the foot of a listed business's card, beside its "Send an enquiry" link. */
  footer?: ReactNode;
}

/** One search result (SPEC §2 "Result card"). */
export function TradeCard({ trade, linkToPage = false, footer }: TradeCardProps) {
  const website = websiteLink(trade.website);

  return (
    <Card as="article" className="h-100 shadow-sm">
      <Card.Body>
        <div className="d-flex align-items-center gap-3 mb-3">
          <TradeLogo name={trade.name} logoUri={trade.logoUri} />
          <div>
            <Card.Title as="h2" className="h5 mb-0 text-break">
              {linkToPage ? <Link to={paths.business.getHref(trade.id, trade.name)}>{trade.name}</Link> : trade.name}
            </Card.Title>
            {trade.rating && (
              <p className="mb-0">
                <CardRating rating={trade.rating} />
              </p>
            )}
            {trade.distanceKm != null && (
              <p className="small text-body-secondary mb-0">{distanceText(trade.distanceKm)}</p>
            )}
          </div>
        </div>
        <TradeBadges badges={trade.badges} tradeName={trade.name} />
        <Card.Text className="text-break">{trade.brief.trim() ? cardBrief(trade.brief) : MISSING}</Card.Text>
      </Card.Body>
      <ListGroup variant="flush" className="small">
        <Detail label="Website">
          {website ? (
            <ExternalLink href={website.href}>{website.host}</ExternalLink>
          ) : (
            <ExternalLink href={googleSearchHref(trade.name)}>No Site! Google it?</ExternalLink>
          )}
        </Detail>
        <Detail label="E-mail">
          {trade.ownerEmail ? <a href={`mailto:${trade.ownerEmail}`}>{trade.ownerEmail}</a> : MISSING}
        </Detail>
        <Detail label="Owner">{orMissing(trade.ownerName)}</Detail>
        <Detail label="Phone">
          {trade.ownerPhone ? <a href={telHref(trade.ownerPhone)}>{trade.ownerPhone}</a> : MISSING}
        </Detail>
        <Detail label="Address">{orMissing(trade.fullAddress)}</Detail>
      </ListGroup>
      {linkToPage && (
        <Card.Footer className="d-flex flex-wrap align-items-center justify-content-between gap-2 small bg-body">
          {footer}
          <Link
            to={{ pathname: paths.business.getHref(trade.id, trade.name), hash: SEND_ENQUIRY_HASH }}
            aria-label={`Send an enquiry to ${trade.name}`}
          >
            Send an enquiry
          </Link>
        </Card.Footer>
      )}
    </Card>
  );
}

/** A card line; its label is read by screen readers, the value alone is shown. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ListGroup.Item className="text-break">
      <span className="visually-hidden">{label}: </span>
      {children}
    </ListGroup.Item>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
