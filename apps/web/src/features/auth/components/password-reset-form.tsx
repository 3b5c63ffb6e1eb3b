import { type PasswordResetInput, passwordResetSchema } from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { revalidateIfTouched } from '../../../components/form/revalidate-if-touched';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useResetPasswordMutation } from '../api/auth-api';

/** New password and its confirmation, for the user the e-mailed key belongs to. */
export function PasswordResetForm({ userId, resetKey }: { userId: string; resetKey: string }) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { alert, clearAlert, showError, showSuccess } = useFormAlert();
  const empty = { newPassword: '', confirmNewPassword: '', userId };
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  async function submit(values: PasswordResetInput) {
    clearAlert();
    const result = await resetPassword({ ...values, key: resetKey });
    // SPEC §4: the form clears after a save attempt, whatever its outcome; passwords are not left on screen.
    reset(empty);
    if (!result.error) showSuccess(successMessage(result.data, MESSAGES.passwordResetSuccessful));
    else if (!showServerFieldErrors(result.error, setError, ['newPassword', 'confirmNewPassword'])) showError(result.error);
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)}>
      <p className="text-center">{MESSAGES.resetLinkValid}</p>
      <FormAlert alert={alert} onClose={clearAlert} />
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
      <input type="hidden" {...register('userId')} />
      <SubmitButton busy={isLoading} busyLabel="Loading .. " className="w-100">
        Save
      </SubmitButton>
    </Form>
  );
}
