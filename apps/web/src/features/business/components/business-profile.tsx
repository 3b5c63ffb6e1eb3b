import { REPLY_TIME_TEXTS } from '@churchtrades/shared/reply-time';
import { BUSINESS_KIND_NAMES } from '@churchtrades/shared/trade-profile';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CoverPicture } from '../../../components/cover-picture/cover-picture';
import { RatingSummary } from '../../../components/rating/rating-stars';
import { TradeBadges } from '../../../components/trade-badges/trade-badges';
import { websiteLink } from '../../../components/trade-card/card-text';
import { TradeLogo } from '../../../components/trade-card/trade-logo';
import { categoryLine, mapPosition, tagList } from '../business-facts';
import { BusinessMap } from './business-map';
import { ContactActions } from './contact-actions';
import { ServiceLocationBadges } from './service-location-badges';
import { SocialLinks } from './social-links';
import './business-profile.css';

/** The parts of the page other features show; app/ composes them in, as features do not import each other. */
export interface BusinessProfileParts {
  /** How to send the business an enquiry. */
  enquiry?: ReactNode;
  /** A warning about the business's reviews, shown at the top while it holds. */
  reviewNotice?: ReactNode;
  /** Its reviews, below everything else. */
  reviews?: ReactNode;
}

/** Everything the public may know of one business: its result card in full, and more. */
export function BusinessProfile({ trade, enquiry, reviewNotice, reviews }: { trade: TradeDetail } & BusinessProfileParts) {
  const category = categoryLine(trade);
  const position = mapPosition(trade);

  return (
    <article aria-labelledby="business-name">
      <title>{`${trade.name} · ChurchTrades`}</title>
      {trade.image && <CoverPicture name={trade.name} src={trade.image} className="rounded mb-4" atTop />}
      <header className="d-flex align-items-center gap-3 mb-4">
        <TradeLogo name={trade.name} logoUri={trade.logoUri} />
        <div>
          <h1 id="business-name" className="h2 mb-1 text-break">
            {trade.name}
          </h1>
          {category && <p className="text-body-secondary mb-0">{category}</p>}
          {trade.rating && (
            <p className="mb-0">
              <a href="#reviews" className="text-body">
                <RatingSummary rating={trade.rating} />
              </a>
            </p>
          )}
        </div>
      </header>
      {reviewNotice}
      <TradeBadges badges={trade.badges} tradeName={trade.name} />
      <Row className="g-4">
        <Col lg={7} className="d-flex flex-column gap-4">
          {trade.brief.trim() && <p className="lead mb-0 text-break business-text">{trade.brief}</p>}
          <ServiceLocationBadges trade={trade} />
          {trade.service.trim() && (
            <section aria-labelledby="business-services">
              <h2 id="business-services" className="h5">
                Services
              </h2>
              <p className="mb-0 text-break business-text">{trade.service}</p>
            </section>
          )}
          <Tags tags={trade.tags} />
        </Col>
        <Col lg={5} className="d-flex flex-column gap-4">
          <Card>
            <Card.Body className="d-flex flex-column gap-3">
              {enquiry}
              {trade.replyTime && <p className="mb-0 text-body-secondary">{`This business ${REPLY_TIME_TEXTS[trade.replyTime]}.`}</p>}
              <ContactActions trade={trade} />
              <BusinessDetails trade={trade} />
              <SocialLinks socialMedias={trade.socialMedias} />
            </Card.Body>
          </Card>
          {position && <BusinessMap name={trade.name} lat={position.lat} lng={position.lng} />}
        </Col>
      </Row>
      {reviews && (
        <Row className="mt-5">
          <Col lg={8}>{reviews}</Col>
        </Row>
      )}
    </article>
  );
}

function Tags({ tags }: { tags: string }) {
  const list = tagList(tags);
  if (list.length === 0) return null;
  return (
    <ul aria-label="Tags" className="list-inline mb-0">
      {list.map((tag) => (
        <li key={tag} className="list-inline-item">
          <Badge bg="secondary-subtle" text="secondary-emphasis" className="fw-normal">
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function BusinessDetails({ trade }: { trade: TradeDetail }) {
  const website = websiteLink(trade.website);
  return (
    <dl className="mb-0">
      <Detail term="Kind of business">{trade.businessKind && BUSINESS_KIND_NAMES[trade.businessKind]}</Detail>
      <Detail term="Owner">{trade.ownerName}</Detail>
      <Detail term="Phone">{trade.ownerPhone}</Detail>
      <Detail term="E-mail">{trade.ownerEmail}</Detail>
      <Detail term="Website">
        {website && (
          <a href={website.href} target="_blank" rel="noopener noreferrer">
            {website.host}
          </a>
        )}
      </Detail>
      <Detail term="Address">{trade.fullAddress}</Detail>
      <Detail term="Church">{`${trade.churchName} (${trade.stateType})`}</Detail>
    </dl>
  );
}

/** A line of the details; left out when the business has no such value. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  if (isEmpty(children)) return null;
  return (
    <div className="mb-2">
      <dt className="small text-body-secondary fw-normal">{term}</dt>
      <dd className="mb-0 text-break">{children}</dd>
    </div>
  );
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
