import { type ResetRequestInput, resetRequestSchema } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { cameFromPath } from '../../../lib/came-from';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useRequestPasswordResetMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';

/** /resetpassword (SPEC §2 Reset password request): e-mails a link to set a new password. */
export function ResetRequestPage() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  if (loggedIn) return <Navigate to={cameFromPath(location.state) ?? paths.home.getHref()} replace />;
  return <ResetRequestForm />;
}

function ResetRequestForm() {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const { alert, clearAlert, showError, showSuccess } = useFormAlert();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequestInput>({
    resolver: zodResolver(resetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  async function submit(values: ResetRequestInput) {
    clearAlert();
    const result = await requestReset(values);
    if (result.error) showError(result.error, MESSAGES.resetRequestErrorOccurred);
    else showSuccess(successMessage(result.data, MESSAGES.resetEmailSent));
  }

  return (
    <AuthCard title="Reset Password">
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <FormAlert alert={alert} onClose={clearAlert} />
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <SubmitButton busy={isLoading} className="w-100">
          Reset
        </SubmitButton>
      </Form>
      <AuthLinks
        links={[
          { to: paths.register.getHref(), label: 'Create an Account' },
          { to: paths.login.getHref(), label: 'Have an account? Login' },
        ]}
      />
    </AuthCard>
  );
}
