import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { AccountStanding } from './account-standing';
import { RoleBadge } from './role-badge';

/** One page of users; each name opens the user's page. */
export function UsersTable({ users }: { users: UserAdmin[] }) {
  return (
    <Table responsive hover size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Churches</th>
          <th scope="col">Business</th>
          <th scope="col">Account</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.userId}>
            <th scope="row" className="fw-normal">
              <Link to={paths.adminUser.getHref(user.userId)}>
                {user.firstName} {user.lastName}
              </Link>
            </th>
            <td className="text-break">{user.email}</td>
            <td>
              <RoleBadge role={user.role} />
              {user.governedState && <span className="ms-1 small">{user.governedState}</span>}
            </td>
            <td className="small">
              {user.churches.map((church) => `${church.name} (${churchRoleName(church.churchRole)})`).join(', ')}
            </td>
            <td className="small">{user.trade?.name}</td>
            <td>
              <AccountStanding user={user} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function churchRoleName(churchRole: UserAdmin['churches'][number]['churchRole']): string {
  return churchRole === 'PRIEST' ? 'Priest' : 'Moderator';
}
