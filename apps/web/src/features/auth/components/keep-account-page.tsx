import { ACCOUNT_DELETION_DAYS, accountDeletionUndoSchema } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useKeepAccountMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { VerificationAlert } from './verification-status';

const LOGIN_LINKS = [{ to: paths.login.getHref(), label: 'Go to login' }] as const;
const HOME_LINKS = [{ to: paths.home.getHref(), label: 'Go to the home page' }] as const;

/** The question of the link, the one button that answers it, and where to go after. */
function KeepAccount({ linkKey }: { linkKey: string }) {
  const [keepAccount, { data, error, isError, isLoading }] = useKeepAccountMutation();
  if (data !== undefined) {
    return (
      <>
        <VerificationAlert variant="success">{successMessage(data, MESSAGES.accountDeletionUndone)}</VerificationAlert>
        <AuthLinks links={LOGIN_LINKS} />
      </>
    );
  }
  if (isError) {
    return (
      <>
        <VerificationAlert variant="danger">{getErrorMessage(error, MESSAGES.accountDeletionLinkInvalid)}</VerificationAlert>
        <AuthLinks links={HOME_LINKS} />
      </>
    );
  }
  return (
    <>
      <p>
        Your account is closed and waiting to be deleted: {ACCOUNT_DELETION_DAYS} days after you asked, we delete it
        for good. If you want to keep it, press the button: your account opens again as it was, and you can log in.
      </p>
      <div className="d-grid">
        <Button variant="primary" disabled={isLoading} onClick={() => void keepAccount({ key: linkKey })}>
          {isLoading ? 'Please wait...' : 'Keep my account'}
        </Button>
      </div>
      <AuthLinks links={HOME_LINKS} />
    </>
  );
}

/**
 * /verify/deletion/undo?key=: the link mailed when the person asked for their account to be deleted. Opening it
 * changes nothing (mail scanners open links); the owner's click keeps the account. A key cut short (a mail client
 * wrapping the link) is said to be invalid at once.
 */
export function KeepAccountPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key') ?? '';
  const valid = accountDeletionUndoSchema.safeParse({ key }).success;

  return (
    <AuthCard title="Keep your account">
      {valid ? (
        <KeepAccount linkKey={key} />
      ) : (
        <>
          <VerificationAlert variant="danger">{MESSAGES.invalidLink}</VerificationAlert>
          <AuthLinks links={HOME_LINKS} />
        </>
      )}
    </AuthCard>
  );
}
