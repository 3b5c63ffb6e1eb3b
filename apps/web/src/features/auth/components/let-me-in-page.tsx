import { MESSAGES } from '@churchtrades/shared/messages';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useLetInDuringPauseMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { VerificationAlert } from './verification-status';

const LINKS = [
  { to: paths.login.getHref(), label: 'Go to login' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password' },
] as const;

/** The question of the link, and the one button that answers it. */
function ItsMe({ linkKey }: { linkKey: string }) {
  const [letIn, { data, error, isError, isLoading }] = useLetInDuringPauseMutation();
  if (data !== undefined) {
    return <VerificationAlert variant="success">{successMessage(data, MESSAGES.loginPauseLetIn)}</VerificationAlert>;
  }
  if (isError) {
    return <VerificationAlert variant="danger">{getErrorMessage(error, MESSAGES.loginPauseLinkInvalid)}</VerificationAlert>;
  }
  return (
    <>
      <p>
        Logging in to your account is paused because many wrong passwords were tried on it. If the account is yours,
        press the button on the device you log in with: its network can then log in with your password while the
        pause lasts.
      </p>
      <div className="d-grid">
        <Button variant="primary" disabled={isLoading} onClick={() => void letIn({ key: linkKey })}>
          {isLoading ? 'Please wait...' : "It's me: let me log in"}
        </Button>
      </div>
    </>
  );
}

/**
 * /verify/login?key=: the "it's me" link mailed when logging in to an account is paused. Opening it changes
 * nothing (mail scanners open links); the owner's click does, and logs no one in: the login page asks the password.
 */
export function LetMeInPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');

  return (
    <AuthCard title="Login Paused">
      {key ? <ItsMe linkKey={key} /> : <VerificationAlert variant="danger">{MESSAGES.invalidLink}</VerificationAlert>}
      <AuthLinks links={LINKS} />
    </AuthCard>
  );
}
