import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useVerifyAccountQuery } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { VerificationAlert, Verifying } from './verification-status';

const LINKS = [
  { to: paths.login.getHref(), label: 'Go to login' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password' },
] as const;

/** /verify/account?key= (SPEC §2 Account verification): the link e-mailed after registering. */
export function VerifyAccountPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const { data, error, isError } = useVerifyAccountQuery(key || skipToken);

  return (
    <AuthCard title="Account Verification">
      {!key ? (
        <VerificationAlert variant="danger">{MESSAGES.invalidLink}</VerificationAlert>
      ) : isError ? (
        <VerificationAlert variant="danger">{getErrorMessage(error, MESSAGES.verificationErrorOccurred)}</VerificationAlert>
      ) : data !== undefined ? (
        <VerificationAlert variant="success">{successMessage(data, MESSAGES.accountVerified)}</VerificationAlert>
      ) : (
        <Verifying text={MESSAGES.verifying} />
      )}
      <AuthLinks links={LINKS} />
    </AuthCard>
  );
}
