import { SEARCH_PAGE_SIZE } from '@churchtrades/shared/constants';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';

/** Grey cards in the shape of the results while a page loads. */
export function TradeCardPlaceholders({ count = SEARCH_PAGE_SIZE }: { count?: number }) {
  return (
    <div role="status">
      <span className="visually-hidden">Loading businesses…</span>
      <div aria-hidden="true">
        <Placeholder as="p" animation="glow" className="mb-3">
          <Placeholder xs={4} md={2} />
        </Placeholder>
        <Row xs={1} md={2} lg={3} className="g-4">
          {Array.from({ length: count }, (_, index) => (
            <Col key={index}>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <Placeholder as={Card.Title} animation="glow">
                    <Placeholder xs={7} />
                  </Placeholder>
                  <Placeholder as={Card.Text} animation="glow">
                    <Placeholder xs={12} /> <Placeholder xs={10} /> <Placeholder xs={6} />
                  </Placeholder>
                  <Placeholder as="div" animation="glow">
                    <Placeholder xs={5} /> <Placeholder xs={8} /> <Placeholder xs={6} />
                  </Placeholder>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    </div>
  );
}
