import { type Role, roleBadge } from '@churchtrades/shared/roles';
import Badge from 'react-bootstrap/Badge';

/** The role as the account summary shows it (SPEC §2: `ROLE_TRADER`). */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge bg="secondary">{roleBadge(role)}</Badge>;
}
