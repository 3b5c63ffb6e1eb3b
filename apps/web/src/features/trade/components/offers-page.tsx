import Card from 'react-bootstrap/Card';

/** /trade/offers/{tradeId}: offers come with a subscription, which the product does not sell yet. */
export function OffersPage() {
  return (
    <Card>
      <title>Offers · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h5 mb-0">Subscription Needed!</h2>
      </Card.Body>
    </Card>
  );
}
