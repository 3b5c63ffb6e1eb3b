import {
  joinQrCode,
  QR_CODE_FIELDS,
  type QrCodeField,
  type TwoStepInput,
  twoStepSchema,
} from '@churchtrades/shared/auth';
import { DEFAULT_REDIRECT_AFTER_VERIFICATION } from '@churchtrades/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { useVerifyQrCodeMutation } from '../api/auth-api';
import { useFinishLogin } from '../hooks/use-finish-login';
import { QrCodeBoxes } from './qr-code-boxes';

const EMPTY_BOXES = Object.fromEntries(QR_CODE_FIELDS.map((field) => [field, ''])) as Record<QrCodeField, string>;

/** The second step of a login with two-step verification: the code from the user's authenticator app. */
export function TwoStepForm({ userId }: { userId: string }) {
  const [verify, { isLoading }] = useVerifyQrCodeMutation();
  const finishLogin = useFinishLogin(DEFAULT_REDIRECT_AFTER_VERIFICATION);
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<TwoStepInput>({
    resolver: zodResolver(twoStepSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_BOXES, userId },
  });
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { isValid },
  } = form;

  async function submit(values: TwoStepInput) {
    clearAlert();
    const result = await verify({ ...values, qrCode: joinQrCode(values) });
    if (result.data) {
      finishLogin(result.data);
      return;
    }
    showError(result.error);
    // A code is only good for about thirty seconds: the next try is a new code, typed from the start.
    for (const field of QR_CODE_FIELDS) resetField(field);
    setFocus('qrCode1');
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <QrCodeBoxes form={form} />
      <input type="hidden" {...register('userId')} />
      <SubmitButton busy={isLoading} disabled={!isValid} className="w-100 mt-4">
        Verify
      </SubmitButton>
    </Form>
  );
}
