import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

/** The narrow centred card that holds each login, register and reset screen. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Row className="justify-content-center">
      <Col sm={10} md={8} lg={5}>
        <title>{`${title} · ChurchTrades`}</title>
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h3 mb-4 text-center">{title}</h1>
            {children}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
