import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { LinkPageLoading } from '../../../components/link-page-card';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useConfirmStillTradingMutation, useStillTradingQuestionQuery } from '../api/still-trading-api';

const TITLE = 'Still trading?';

function PageCard({ children }: { children: ReactNode }) {
  return (
    <Row className="justify-content-center">
      <Col sm={10} md={8} lg={6}>
        <title>{`${TITLE} · ChurchTrades`}</title>
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h3 mb-4 text-center">{TITLE}</h1>
            {children}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

/** Where the owner goes to change anything: their dashboard, through the login. */
function DetailsLink() {
  return (
    <p className="mb-0 text-center">
      <Link to={paths.tradeProfile.getHref()}>Update my details</Link>
    </p>
  );
}

/** The question as the link asks it, with the one button that answers yes. */
function Question({ token, tradeName, expired }: { token: string; tradeName: string; expired: boolean }) {
  const [confirm, { data, error, isLoading }] = useConfirmStillTradingMutation();
  if (data) {
    return (
      <>
        <Alert variant="success">{data.message}</Alert>
        <p>
          Thank you for letting us know that <strong>{data.stillTrading.tradeName}</strong> is still trading.
        </p>
        <DetailsLink />
      </>
    );
  }
  return (
    <>
      <p className="lead">
        Is <strong>{tradeName}</strong> still trading, and are its details right?
      </p>
      {expired && <p>It left the directory because we had no answer: your yes puts it back at once.</p>}
      {error && <Alert variant="danger">{getErrorMessage(error, MESSAGES.stillTradingLinkUsed)}</Alert>}
      <div className="d-grid gap-2 mb-3">
        <Button variant="primary" size="lg" disabled={isLoading} onClick={() => void confirm(token)}>
          {isLoading ? 'Saving...' : 'Yes, still trading'}
        </Button>
      </div>
      <DetailsLink />
    </>
  );
}

/**
 * /still-trading?token=: the page of the e-mailed link. Opening it confirms nothing (mail scanners open links);
 * the owner's click on "Yes, still trading" does, without a login.
 */
export function StillTradingPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data, error, isError } = useStillTradingQuestionQuery(token || skipToken);

  return (
    <PageCard>
      {!token ? (
        <Alert variant="warning">{MESSAGES.stillTradingLinkInvalid}</Alert>
      ) : isError ? (
        <>
          <Alert variant="warning">{getErrorMessage(error, MESSAGES.stillTradingLinkInvalid)}</Alert>
          <DetailsLink />
        </>
      ) : data ? (
        <Question token={token} tradeName={data.tradeName} expired={data.expired} />
      ) : (
        <LinkPageLoading />
      )}
    </PageCard>
  );
}
