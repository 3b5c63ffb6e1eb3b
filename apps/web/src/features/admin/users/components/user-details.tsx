import { isMasterRole, type UserAdmin } from '@churchtrades/shared/user-admin';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { AccountStanding } from './account-standing';
import { RoleBadge } from './role-badge';
import { churchRoleName } from './users-table';

/** Who the user is, what they hold and serve, and where their business is moderated. */
export function UserDetails({ user }: { user: UserAdmin }) {
  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Details</h3>
        <dl className="mb-0">
          <dt>E-mail</dt>
          <dd className="text-break">
            <a href={`mailto:${user.email}`}>{user.email}</a>
            {!user.emailVerified && <span className="ms-1 small text-body-secondary">(not verified)</span>}
          </dd>
          <dt>Phone</dt>
          <dd>{user.phone ?? '—'}</dd>
          <dt>Role</dt>
          <dd>
            <RoleBadge role={user.role} />
            {user.governedState && <span className="ms-1">of {user.governedState}</span>}
          </dd>
          {isMasterRole(user.role) && (
            <>
              <dt>Confirmation</dt>
              <dd>{confirmationOf(user)}</dd>
            </>
          )}
          <dt>Account</dt>
          <dd>
            <AccountStanding user={user} />
            <span className="d-block small text-body-secondary">
              Two-step verification {user.mfa ? 'on' : 'off'} · member since{' '}
              {new Date(user.createdAt).toLocaleDateString('en-AU', { dateStyle: 'medium' })}
            </span>
          </dd>
          <dt>Churches served</dt>
          <dd>
            {user.churches.length === 0
              ? 'None'
              : user.churches.map((church) => `${church.name} (${churchRoleName(church.churchRole)})`).join(', ')}
          </dd>
          <dt>Business</dt>
          <dd className="mb-0">
            {user.trade ? <Link to={paths.moderationTrade.getHref(user.trade.id)}>{user.trade.name}</Link> : 'None'}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}

/** Whether an administrator has confirmed the master user, and who. */
export function confirmationOf(user: Pick<UserAdmin, 'moderated' | 'moderatedBy'>): string {
  if (!user.moderated) return "Waiting for an administrator's confirmation";
  return user.moderatedBy ? `Confirmed by ${user.moderatedBy.name}` : 'Confirmed';
}
