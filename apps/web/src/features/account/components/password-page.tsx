import { type PasswordChangeInput, passwordChangeSchema } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { isReadOnlyRole } from '@churchtrades/shared/read-only';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { revalidateIfTouched } from '../../../components/form/revalidate-if-touched';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useChangePasswordMutation } from '../api/account-api';
import { useAccountUser } from './account-layout';
import { TwoStepCard } from './two-step-card';

const EMPTY: PasswordChangeInput = { password: '', newPassword: '', confirmNewPassword: '' };

/**
 * /account/password: a new password, and two-step verification. A read-only account changes its own password
 * all the same: keeping it safe is its owner's part.
 */
export function PasswordPage() {
  const user = useAccountUser();
  return (
    <>
      <title>Password · ChurchTrades</title>
      <PasswordCard />
      <TwoStepCard mfa={user.mfa} readOnly={isReadOnlyRole(user.role)} />
    </>
  );
}

function PasswordCard() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = form;

  async function submit(values: PasswordChangeInput) {
    clearAlert();
    const result = await changePassword(values);
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['password', 'newPassword', 'confirmNewPassword'])) {
        showError(result.error);
      }
      return;
    }
    reset(EMPTY);
    toast.success(successMessage(result.data, MESSAGES.passwordUpdated));
  }

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h4 mb-3">Password</h2>
        <Form noValidate onSubmit={handleSubmit(submit)}>
          <FormAlert alert={alert} onClose={clearAlert} />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            {...register('password')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword}
            {...register('newPassword', { onChange: revalidateIfTouched(form, 'confirmNewPassword') })}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmNewPassword}
            {...register('confirmNewPassword')}
          />
          <SubmitButton busy={isLoading || isSubmitting} disabled={!isValid}>
            Update
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
