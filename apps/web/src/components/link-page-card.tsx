import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';

/** The frame of the pages an e-mailed link opens: an enquiry's conversation, a review to write. */
export function LinkPageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8}>
        <title>{`${title} · ChurchTrades`}</title>
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h3 mb-4">{title}</h1>
            {children}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

/** What such a page shows while it reads what its link names. */
export function LinkPageLoading() {
  return (
    <div role="status" className="d-flex align-items-center justify-content-center gap-2 py-3">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
