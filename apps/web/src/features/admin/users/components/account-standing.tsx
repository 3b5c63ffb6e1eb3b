import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Badge from 'react-bootstrap/Badge';

type Standing = Pick<
  UserAdmin,
  'enabled' | 'accountNonExpired' | 'accountNonLocked' | 'credentialsNonExpired' | 'moderated' | 'deletionDueAt'
>;

const DATE = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

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
  if (problems.length === 0 && user.deletionDueAt === null) return <Badge bg="success">Active</Badge>;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      {user.deletionDueAt !== null && <DeletionPending dueAt={user.deletionDueAt} />}
      {problems.map((problem) => (
        <Badge key={problem} bg="danger">
          {problem}
        </Badge>
      ))}
    </span>
  );
}

/** Its owner asked to delete the account: the job deletes it on that day, unless they open the mailed link first. */
function DeletionPending({ dueAt }: { dueAt: string }) {
  return (
    <>
      <Badge bg="danger">Deletion pending</Badge>
      <span className="small">
        deleted on <time dateTime={dueAt}>{DATE.format(new Date(dueAt))}</time>
      </span>
    </>
  );
}
