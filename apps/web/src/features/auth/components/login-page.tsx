import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { paths } from '../../../config/paths';
import { useLogoutOnArrival } from '../hooks/use-logout-on-arrival';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { LoginForm } from './login-form';
import { TwoStepForm } from './two-step-form';

const LINKS = [
  { to: paths.register.getHref(), label: 'Create an Account' },
  { to: paths.resetPassword.getHref(), label: 'Forgot password?' },
] as const;

/**
 * /login (SPEC §2 Login and Two-step verification). The code screen replaces the form in place: it belongs
 * to this login attempt, whose half-session only the code can complete.
 */
export function LoginPage() {
  const loggingOut = useLogoutOnArrival();
  const [twoStepUserId, setTwoStepUserId] = useState<string | null>(null);

  if (loggingOut) {
    return (
      <div className="d-flex justify-content-center py-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </div>
    );
  }
  return twoStepUserId ? (
    <AuthCard title="2-Step Verification">
      <TwoStepForm userId={twoStepUserId} />
      <AuthLinks links={LINKS} />
    </AuthCard>
  ) : (
    <AuthCard title="Login">
      <LoginForm onTwoStep={setTwoStepUserId} />
      <AuthLinks links={LINKS} />
    </AuthCard>
  );
}
