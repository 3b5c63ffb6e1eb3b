import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Badge from 'react-bootstrap/Badge';

type Standing = Pick<
  UserAdmin,
  'enabled' | 'accountNonExpired' | 'accountNonLocked' | 'credentialsNonExpired' | 'moderated'
>;

/**
 * What keeps an account from logging in or, for a priest or moderator, from moderating; "Active" when nothing does.
 */
export function accountProblems(user: Standing): string[] {
  return [
    !user.enabled && 'Disabled',
    !user.accountNonLocked && 'Locked',
    !user.accountNonExpired && 'Expired',
    !user.credentialsNonExpired && 'Credentials expired',
    !user.moderated && 'Not confirmed',
  ].filter((problem): problem is string => problem !== false);
}

export function AccountStanding({ user }: { user: Standing }) {
  const problems = accountProblems(user);
  if (problems.length === 0) return <Badge bg="success">Active</Badge>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {problems.map((problem) => (
        <Badge key={problem} bg="danger">
          {problem}
        </Badge>
      ))}
    </span>
  );
}
