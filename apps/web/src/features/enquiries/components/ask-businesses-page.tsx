import type { EnquirySent } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { cameFromPath } from '../../../lib/came-from';
import { clearEnquiryChoice, useEnquiryChoice } from '../../../lib/enquiry-choice';
import { EnquiryForm } from './enquiry-form';
import { EnquiryOutcome } from './enquiry-outcome';

const TITLE = 'Ask up to 3 businesses';

/**
 * /enquiries/ask: one message to the businesses the visitor ticked in a search, and only those (never to all
 * the results). Once sent the ticks go.
 */
export function AskBusinessesPage() {
  const choice = useEnquiryChoice();
  const location = useLocation();
  const [sent, setSent] = useState<EnquirySent | null>(null);

  function showSent(outcome: EnquirySent) {
    setSent(outcome);
    clearEnquiryChoice();
  }

  const count = choice.length === 1 ? '1 business' : `${choice.length} businesses`;
  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8}>
        <title>{`${TITLE} · ChurchTrades`}</title>
        <h1 className="h3 mb-4">{TITLE}</h1>
        {sent ? (
          <EnquiryOutcome sent={sent} />
        ) : choice.length === 0 ? (
          <Alert variant="info">{MESSAGES.chooseEnquiryBusinesses}: tick "Ask this business" on up to 3 results.</Alert>
        ) : (
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Your message goes to</h2>
              <ul>
                {choice.map((business) => (
                  <li key={business.id}>{business.name}</li>
                ))}
              </ul>
              <EnquiryForm
                key={choice.map((business) => business.id).join()}
                businesses={choice}
                submitLabel={`Ask ${count}`}
                onSent={showSent}
              />
            </Card.Body>
          </Card>
        )}
        <p className="mt-3">
          <Link to={cameFromPath(location.state) ?? paths.home.getHref()}>Back to search</Link>
        </p>
      </Col>
    </Row>
  );
}
