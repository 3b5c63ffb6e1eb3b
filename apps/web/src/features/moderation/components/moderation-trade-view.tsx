import type { DuplicateMatch, ModerationTrade } from '@churchtrades/shared/moderation';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
// The preview must be the very card the public will see, so it is the search page's own.
import { CoverPicture } from '../../../components/cover-picture/cover-picture';
import { TradeCard } from '../../../components/trade-card/trade-card';
import { DecisionPanel } from './decision-panel';

const MISSING = '.....';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const MATCH_NAMES: Readonly<Record<DuplicateMatch, string>> = {
  NAME: 'name',
  PHONE: 'phone',
  EMAIL: 'e-mail',
  WEBSITE: 'website',
};

interface ModerationTradeViewProps {
  trade: ModerationTrade;
  /** h3 inside a list under its section's h2; h2 on the business's own page. */
  headingLevel: 'h2' | 'h3';
  /** In a list, the name leads to the business's own page. */
  linkToPage?: boolean;
}

/**
 * One business as a moderator judges it: everything its owner entered, what may be wrong with it (a possible
 * duplicate, changes since approval), the card the public will see, and the decisions the caller may take.
 */
export function ModerationTradeView({ trade, headingLevel: Heading, linkToPage = false }: ModerationTradeViewProps) {
  return (
    <Card as="article" aria-labelledby={`trade-${trade.id}`}>
      <Card.Body className="d-flex flex-column gap-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Heading id={`trade-${trade.id}`} className="h5 mb-0 text-break">
            {linkToPage ? <Link to={paths.moderationTrade.getHref(trade.id)}>{trade.name}</Link> : trade.name}
          </Heading>
          <StatusBadges trade={trade} />
        </div>
        {trade.reason && (
          <p className="mb-0">
            <span className="fw-semibold">Reason given: </span>
            {trade.reason}
          </p>
        )}
        <Duplicates trade={trade} />
        <Row className="g-4">
          <Col lg={7}>
            <TradeDetails trade={trade} />
          </Col>
          <Col lg={5}>
            {/* Named for the business: a queue holds many previews, and each region needs its own name. */}
            <section aria-label={`Search card preview of ${trade.name}`}>
              <p className="small fw-semibold text-body-secondary mb-2">Search card preview</p>
              <TradeCard trade={trade.card} />
            </section>
          </Col>
        </Row>
        {trade.mayDecide && <DecisionPanel trade={trade} />}
      </Card.Body>
    </Card>
  );
}

function StatusBadges({ trade }: { trade: ModerationTrade }) {
  return (
    <>
      {trade.status === 'PENDING' && (
        <Badge bg="warning" text="dark">
          Pending
        </Badge>
      )}
      {trade.status === 'APPROVED' && <Badge bg="success">{trade.listed ? 'Listed' : 'Approved, not listed'}</Badge>}
      {trade.status === 'REJECTED' && <Badge bg="danger">Rejected</Badge>}
      {trade.status === 'UNLISTED' && <Badge bg="secondary">Unlisted</Badge>}
      {trade.changedSinceApproval && (
        <Badge bg="info" text="dark">
          Changed since approval
        </Badge>
      )}
      {trade.stillTradingExpiresOn && (
        <Badge bg="warning" text="dark">
          About to expire
        </Badge>
      )}
    </>
  );
}

/**
 * Possible duplicates at other churches that the caller may not see (pending or rejected there): counted, not named.
 */
function duplicatesElsewhereText({ duplicates, duplicatesElsewhere: count }: ModerationTrade): string {
  const noun = count === 1 ? 'possible duplicate' : 'possible duplicates';
  return duplicates.length > 0 ? `and ${count} more at other churches` : `${count} ${noun} at other churches`;
}

/** Another business sharing the name, phone, e-mail or website: perhaps the same owner listing twice. */
function Duplicates({ trade }: { trade: ModerationTrade }) {
  if (trade.duplicates.length === 0 && trade.duplicatesElsewhere === 0) return null;
  return (
    <Alert variant="warning" className="mb-0">
      <ul className="list-unstyled mb-0">
        {trade.duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            Possible duplicate of{' '}
            <Link to={paths.moderationTrade.getHref(duplicate.id)} className="alert-link">
              {duplicate.name}
            </Link>{' '}
            ({duplicate.churchName}; same {duplicate.matchedOn.map((match) => MATCH_NAMES[match]).join(', ')})
          </li>
        ))}
        {trade.duplicatesElsewhere > 0 && <li>{duplicatesElsewhereText(trade)}</li>}
      </ul>
    </Alert>
  );
}

function TradeDetails({ trade }: { trade: ModerationTrade }) {
  return (
    <dl className="row mb-0 small">
      <Detail term="Brief">{trade.brief}</Detail>
      <Detail term="Services">{trade.service}</Detail>
      <Detail term="Tags">{trade.tags}</Detail>
      <Detail term="Category">{[trade.mainCategory, trade.subCategory].filter(Boolean).join(' › ')}</Detail>
      <Detail term="Church">{`${trade.churchName} (${trade.stateType})`}</Detail>
      <Detail term="Address">
        {trade.address &&
          `${trade.address.fullAddress} (${trade.address.showStreetAddress ? 'street shown' : 'suburb only shown'})`}
      </Detail>
      <Detail term="Serves">{serviceLocations(trade)}</Detail>
      <Detail term="Website">{trade.website && <ExternalLink href={trade.website} />}</Detail>
      <Detail term="Social media">
        {trade.socialMedias.length > 0 && (
          <ul className="list-unstyled mb-0">
            {trade.socialMedias.map((entry) => (
              <li key={entry.id}>
                <ExternalLink href={entry.url} />
              </li>
            ))}
          </ul>
        )}
      </Detail>
      <Detail term="Logo">
        {trade.logoUri && (
          <img src={trade.logoUri} alt={`Logo of ${trade.name}`} width={96} height={96} className="rounded border" />
        )}
      </Detail>
      <Detail term="Cover picture">
        {trade.image && <CoverPicture name={trade.name} src={trade.image} className="rounded border" />}
      </Detail>
      <Detail term="Owner">
        <span className="d-block">{trade.owner.name}</span>
        <a href={`mailto:${trade.owner.email}`} className="d-block">
          {trade.owner.email}
        </a>
        {trade.owner.phone && <span className="d-block">{trade.owner.phone}</span>}
      </Detail>
      <Detail term="Submitted">
        <time dateTime={trade.submittedAt}>{DATE_TIME.format(new Date(trade.submittedAt))}</time>
      </Detail>
      {trade.moderatedAt && (
        <Detail term="Last decision">
          <time dateTime={trade.moderatedAt}>{DATE_TIME.format(new Date(trade.moderatedAt))}</time>
          {trade.moderatedByName && ` by ${trade.moderatedByName}`}
        </Detail>
      )}
      <Detail term="Switches">{switches(trade)}</Detail>
      {trade.stillTradingExpiresOn && (
        <Detail term="Expires">
          <time dateTime={trade.stillTradingExpiresOn}>{DATE_TIME.format(new Date(trade.stillTradingExpiresOn))}</time>
          {' unless its owner confirms it is still trading'}
        </Detail>
      )}
    </dl>
  );
}

function serviceLocations(trade: ModerationTrade): string {
  return [trade.atClient && "At the customer's", trade.atBusiness && 'At the business', trade.online && 'Online']
    .filter(Boolean)
    .join(', ');
}

/** Besides the moderator's decision, what keeps a business out of search. */
function switches(trade: ModerationTrade): string {
  return [trade.enabled ? 'Enabled' : 'Disabled by its owner', trade.locked && 'Locked', trade.expired && 'Expired']
    .filter(Boolean)
    .join(', ');
}

/** A term and what the owner entered; '.....' for what they left empty (SPEC §2). */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <>
      <dt className="col-sm-3">{term}</dt>
      <dd className="col-sm-9 text-break">{empty ? MISSING : children}</dd>
    </>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </a>
  );
}
