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
import { TOTP_CODE_FIELD } from './totp-code-field';

type Proof = 'code' | 'password';

/** Two-step is on: 'Turn off' asks for proof that this is the user, a current code or the password. */
export function TwoStepOn({ readOnly }: { readOnly: boolean }) {
  const [turningOff, setTurningOff] = useState(false);
  const [proof, setProof] = useState<Proof>('code');

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
  return (
    <>
      <Form.Group className="mb-3">
        <p className="mb-1">To turn it off, confirm with</p>
        <Form.Check
          inline
          type="radio"
          id="two-step-proof-code"
          name="two-step-proof"
          label="a code from your app"
          checked={proof === 'code'}
          onChange={() => setProof('code')}
        />
        <Form.Check
          inline
          type="radio"
          id="two-step-proof-password"
          name="two-step-proof"
          label="your password"
          checked={proof === 'password'}
          onChange={() => setProof('password')}
        />
      </Form.Group>
      {/* A new form for each kind of proof: only the one chosen is sent. */}
      <TurnOffForm key={proof} proof={proof} onCancel={() => setTurningOff(false)} />
    </>
  );
}

function TurnOffForm({ proof, onCancel }: { proof: Proof; onCancel: () => void }) {
  const [turnOff, { isLoading }] = useTurnOffTwoStepMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<MfaCancelInput>({
    resolver: zodResolver(mfaCancelSchema),
    mode: 'onTouched',
    defaultValues: { [proof]: '' },
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
      {proof === 'code' ? (
        <TextField label="Code from your app" {...TOTP_CODE_FIELD} error={errors.code} {...register('code')} />
      ) : (
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...register('password')}
        />
      )}
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
