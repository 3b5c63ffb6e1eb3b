import { MESSAGES } from '@churchtrades/shared/messages';
import { type MfaCancelInput, mfaCancelSchema } from '@churchtrades/shared/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useTurnOffTwoStepMutation } from '../api/account-api';

/** Two-step is on: 'Turn off' asks for the current password, so that a borrowed session cannot turn it off. */
export function TwoStepOn({ readOnly }: { readOnly: boolean }) {
  const [turningOff, setTurningOff] = useState(false);

  if (!turningOff) {
    return (
      <>
        <p>Two-step verification is on: each login asks for a code from your authenticator app.</p>
        <Button variant="outline-danger" disabled={readOnly} onClick={() => setTurningOff(true)}>
          Turn off
        </Button>
      </>
    );
  }
  return <TurnOffForm onCancel={() => setTurningOff(false)} />;
}

function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const [turnOff, { isLoading }] = useTurnOffTwoStepMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<MfaCancelInput>({
    resolver: zodResolver(mfaCancelSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  async function submit(values: MfaCancelInput) {
    clearAlert();
    const result = await turnOff(values);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.mfaTurnedOff));
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      <div className="d-flex gap-2">
        <SubmitButton variant="danger" busy={isLoading} disabled={!isValid}>
          Turn off two-step verification
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
