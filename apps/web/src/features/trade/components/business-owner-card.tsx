import type { UserView } from '@churchtrades/shared/user';
import Card from 'react-bootstrap/Card';

const MISSING = '.....';

/** SPEC §2 Trade account layout: the 'Business Owner' card, listing the owner's name, e-mail and phone. */
export function BusinessOwnerCard({ owner }: { owner: UserView }) {
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0">
        Business Owner
      </Card.Header>
      <Card.Body>
        <dl className="mb-0">
          <dt>Name</dt>
          <dd>{`${owner.firstName} ${owner.lastName}`}</dd>
          <dt>E-mail</dt>
          <dd className="text-break">{owner.email}</dd>
          <dt>Phone</dt>
          <dd className="mb-0">{owner.phone || MISSING}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
