import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useUndoEmailChangeQuery, useVerifyEmailQuery } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { VerificationAlert, Verifying } from './verification-status';

const LINKS = [
  { to: paths.login.getHref(), label: 'Go to login' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password' },
] as const;

interface LinkOutcome {
  data?: string | undefined;
  error?: Parameters<typeof getErrorMessage>[0];
  isError: boolean;
}

/** A page of an e-mailed link about the login e-mail: its key is sent once, as the account verification's is. */
function EmailLinkPage({
  title,
  useLinkQuery,
  success,
}: {
  title: string;
  useLinkQuery: (key: string | typeof skipToken) => LinkOutcome;
  success: string;
}) {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const { data, error, isError } = useLinkQuery(key || skipToken);

  return (
    <AuthCard title={title}>
      {!key ? (
        <VerificationAlert variant="danger">{MESSAGES.invalidLink}</VerificationAlert>
      ) : isError ? (
        <VerificationAlert variant="danger">{getErrorMessage(error, MESSAGES.verificationErrorOccurred)}</VerificationAlert>
      ) : data !== undefined ? (
        <VerificationAlert variant="success">{successMessage(data, success)}</VerificationAlert>
      ) : (
        <Verifying text={MESSAGES.verifying} />
      )}
      <AuthLinks links={LINKS} />
    </AuthCard>
  );
}

/** /verify/email?key=: the link mailed to a new login e-mail; the change takes effect here. */
export function VerifyEmailPage() {
  return <EmailLinkPage title="Email Verification" useLinkQuery={useVerifyEmailQuery} success={MESSAGES.emailChanged} />;
}

/** /verify/email/undo?key=: the link mailed to the old address, which takes the account back. */
export function UndoEmailChangePage() {
  return (
    <EmailLinkPage title="Undo Email Change" useLinkQuery={useUndoEmailChangeQuery} success={MESSAGES.emailChangeUndone} />
  );
}
