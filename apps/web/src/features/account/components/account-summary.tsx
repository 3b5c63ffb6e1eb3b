import { isReadOnlyRole } from '@churchtrades/shared/read-only';
import { roleBadge } from '@churchtrades/shared/roles';
import type { UserView } from '@churchtrades/shared/user';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Avatar } from '../../../components/avatar';
import { ChangePhoto } from './change-photo';

/** Photo with Change Photo, full name and the role badge (ROLE_ plus the role). */
export function AccountSummary({ user }: { user: UserView }) {
  return (
    <Card className="text-center">
      <Card.Body className="d-flex flex-column align-items-center gap-2">
        <Avatar imageUrl={user.imageUrl} size={128} />
        <ChangePhoto userId={user.userId} disabled={isReadOnlyRole(user.role)} />
        <h1 className="h5 mb-0 text-break">{`${user.firstName} ${user.lastName}`}</h1>
        <Badge bg="secondary">{roleBadge(user.role)}</Badge>
      </Card.Body>
    </Card>
  );
}
