import { type RegisterInput, registerSchema } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { paths } from '../../../config/paths';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField, refuseFilledHoneypot } from '../../../components/form/honeypot-field';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useRegisterMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';

const EMPTY: RegisterInput = { firstName: '', lastName: '', email: '', password: '' };

/** /register (SPEC §2 Register): a new owner's account, verified afterwards through an e-mailed link. */
export function RegisterPage() {
  const [registerOwner, { isLoading }] = useRegisterMutation();
  const { alert, clearAlert, showError, showSuccess } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), mode: 'onTouched', defaultValues: EMPTY });

  async function submit(values: RegisterInput) {
    clearAlert();
    const result = await registerOwner(values);
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['firstName', 'lastName', 'email', 'password'])) {
        showError(result.error);
      }
      return;
    }
    showSuccess(successMessage(result.data, MESSAGES.registrationSuccessful));
    reset(EMPTY);
  }

  return (
    <AuthCard title="Register">
      <Form
        noValidate
        onSubmit={handleSubmit(
          submit,
          refuseFilledHoneypot((message) => showError(undefined, message)),
        )}
      >
        <FormAlert alert={alert} onClose={clearAlert} />
        <TextField label="First name" autoComplete="given-name" error={errors.firstName} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName} {...register('lastName')} />
        <TextField label="Email address" type="email" autoComplete="email" error={errors.email} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          {...register('password')}
        />
        <HoneypotField register={register} />
        <SubmitButton busy={isLoading} className="w-100">
          Register
        </SubmitButton>
      </Form>
      <AuthLinks
        links={[
          { to: paths.login.getHref(), label: 'Go to login' },
          { to: paths.resetPassword.getHref(), label: 'Forgot password?' },
        ]}
      />
    </AuthCard>
  );
}
