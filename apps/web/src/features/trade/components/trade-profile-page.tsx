import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import { BusinessOwnerCard } from './business-owner-card';

/** /trade/profile: the owner's business pages start here. Until a business is added, the owner's card. */
export function TradeProfilePage() {
  const { data: owner, error, isError } = useGetProfileQuery();

  return (
    <>
      <title>My Business · ChurchTrades</title>
      <h1 className="h3 mb-4">My Business</h1>
      {isError ? (
        <Alert variant="danger">{getErrorMessage(error)}</Alert>
      ) : (
        <Row className="g-4">
          <Col md={5} lg={4}>
            {owner ? (
              <BusinessOwnerCard owner={owner} />
            ) : (
              <div role="status">
                <span className="visually-hidden">Loading...</span>
                <Placeholder as="div" animation="glow" aria-hidden="true">
                  <Placeholder xs={12} className="py-5 rounded" />
                </Placeholder>
              </div>
            )}
          </Col>
          <Col md={7} lg={8}>
            <p>You have not added your business yet.</p>
          </Col>
        </Row>
      )}
    </>
  );
}
