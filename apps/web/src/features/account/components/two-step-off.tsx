import { MESSAGES } from '@churchtrades/shared/messages';
import { type MfaConfirmInput, mfaConfirmSchema } from '@churchtrades/shared/user';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useConfirmTwoStepMutation, useSetUpTwoStepMutation } from '../api/account-api';
import { TOTP_CODE_FIELD } from './totp-code-field';

/** Two-step is off: 'Turn on' shows a new secret as a QR code and as text, then asks for a code from it. */
export function TwoStepOff({ readOnly }: { readOnly: boolean }) {
  const [setUp, { data: setup, isLoading, reset: forgetSetup }] = useSetUpTwoStepMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function start() {
    clearAlert();
    const result = await setUp();
    if (result.error) showError(result.error);
  }

  if (!setup) {
    return (
      <>
        <p>
          Two-step verification is off. Turn it on to be asked, after your password, for a code from an
          authenticator app on your phone each time you log in.
        </p>
        <FormAlert alert={alert} onClose={clearAlert} />
        <Button onClick={() => void start()} disabled={readOnly || isLoading}>
          {isLoading ? 'Loading...' : 'Turn on'}
        </Button>
      </>
    );
  }
  return (
    <>
      <ol>
        <li>
          Scan this QR code with an authenticator app.
          <img
            src={setup.qrCode}
            alt="QR code of your two-step verification key"
            width={200}
            height={200}
            className="d-block my-2 border rounded"
          />
        </li>
        <li className="mb-2">
          Or, if you cannot scan it, enter this key in the app: <code className="text-break">{setup.secret}</code>
        </li>
        <li>Enter the 6-digit code the app shows, and your password.</li>
      </ol>
      <ConfirmCodeForm onCancel={forgetSetup} />
    </>
  );
}

function ConfirmCodeForm({ onCancel }: { onCancel: () => void }) {
  const [confirm, { isLoading }] = useConfirmTwoStepMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<MfaConfirmInput>({
    resolver: zodResolver(mfaConfirmSchema),
    mode: 'onTouched',
    defaultValues: { code: '', password: '' },
  });

  async function submit(values: MfaConfirmInput) {
    clearAlert();
    const result = await confirm(values);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.mfaTurnedOn));
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Code from your app" {...TOTP_CODE_FIELD} error={errors.code} {...register('code')} />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      <div className="d-flex gap-2">
        <SubmitButton busy={isLoading} disabled={!isValid}>
          Confirm
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
