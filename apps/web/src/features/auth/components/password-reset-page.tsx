import { MESSAGES } from '@churchtrades/shared/messages';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useVerifyPasswordKeyQuery } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { PasswordResetForm } from './password-reset-form';
import { VerificationAlert, Verifying } from './verification-status';

const FAILED_LINKS = [
  { to: paths.login.getHref(), label: 'Login' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password' },
] as const;
const FORM_LINKS = [
  { to: paths.login.getHref(), label: 'Go to login' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password?' },
] as const;

/** /verify/password?key= (SPEC §2 Password reset with key): the link of a reset e-mail, then a new password. */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  const { data: userId, error, isError } = useVerifyPasswordKeyQuery(key || skipToken);

  if (!key || isError) {
    return (
      <AuthCard title="Reset Password">
        <VerificationAlert variant="danger">
          {key ? getErrorMessage(error, MESSAGES.verificationErrorOccurred) : MESSAGES.invalidLink}
        </VerificationAlert>
        <AuthLinks links={FAILED_LINKS} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password">
      {userId === undefined ? (
        <Verifying text={MESSAGES.verifying} />
      ) : (
        <>
          <PasswordResetForm userId={userId} resetKey={key} />
          <AuthLinks links={FORM_LINKS} />
        </>
      )}
    </AuthCard>
  );
}
