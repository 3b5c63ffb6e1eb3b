import Card from 'react-bootstrap/Card';

const MISSING = '.....';

/** How the business's owner can be reached, as the 'Business Owner' card lists it. */
export interface OwnerContact {
  name: string;
  email: string;
  phone: string | null;
}

/** SPEC §2 Trade account layout: the 'Business Owner' card, listing the owner's name, e-mail and phone. */
export function BusinessOwnerCard({ owner }: { owner: OwnerContact }) {
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0">
        Business Owner
      </Card.Header>
      <Card.Body>
        <dl className="mb-0">
          <dt>Name</dt>
          <dd>{owner.name}</dd>
          <dt>E-mail</dt>
          <dd className="text-break">{owner.email}</dd>
          <dt>Phone</dt>
          <dd className="mb-0">{owner.phone || MISSING}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
