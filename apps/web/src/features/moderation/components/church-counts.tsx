import type { ModerationChurchCount } from '@churchtrades/shared/moderation';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link, type To } from 'react-router';

interface ChurchCountsProps {
  churches: ModerationChurchCount[];
  chosen: string | null;
  hrefFor: (churchId: string | null) => To;
}

/** The queue's side list: how many businesses wait at each church; choosing one shows only its queue. */
export function ChurchCounts({ churches, chosen, hrefFor }: ChurchCountsProps) {
  return (
    <nav aria-label="Churches">
      <ListGroup>
        <ListGroup.Item
          action
          as={Link}
          to={hrefFor(null)}
          active={chosen === null}
          aria-current={chosen === null ? 'true' : undefined}
        >
          All churches
        </ListGroup.Item>
        {churches.map((church) => {
          const active = church.churchId === chosen;
          return (
            <ListGroup.Item
              key={church.churchId}
              action
              as={Link}
              to={hrefFor(church.churchId)}
              active={active}
              aria-current={active ? 'true' : undefined}
              className="d-flex justify-content-between align-items-start gap-2"
            >
              <span className="text-break">
                {church.name} <small className={active ? undefined : 'text-body-secondary'}>({church.stateType})</small>
              </span>
              <span className="d-flex flex-column align-items-end gap-1">
                <Badge bg="warning" text="dark" pill title="Pending">
                  {church.pending}
                  <span className="visually-hidden"> pending</span>
                </Badge>
                {church.changed > 0 && (
                  <Badge bg="info" text="dark" pill title="Changed since approval">
                    {church.changed}
                    <span className="visually-hidden"> changed since approval</span>
                  </Badge>
                )}
              </span>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </nav>
  );
}
