import { type ChurchFormInput, churchFormSchema, type ChurchFormValues } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useRegisterChurchMutation } from '../api/church-admin-api';
import { ChurchFields, EMPTY_CHURCH_VALUES } from './church-fields';

/** "Register church": a new church, enabled, that the churches list and the public church selects then show. */
export function RegisterChurchForm() {
  const [registerChurch, { isLoading }] = useRegisterChurchMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<ChurchFormValues, unknown, ChurchFormInput>({
    resolver: zodResolver(churchFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_CHURCH_VALUES,
  });

  async function submit(values: ChurchFormInput) {
    clearAlert();
    const result = await registerChurch(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    form.reset(EMPTY_CHURCH_VALUES);
    toast.success(successMessage(result.data.message, MESSAGES.churchRegistered));
  }

  return (
    <Card as="section" aria-labelledby="register-church-heading">
      <Card.Body>
        <h3 id="register-church-heading" className="h5 mb-3">
          Register church
        </h3>
        <FormProvider {...form}>
          <Form noValidate onSubmit={form.handleSubmit(submit)}>
            <FormAlert alert={alert} onClose={clearAlert} />
            <ChurchFields />
            <SubmitButton busy={isLoading}>Register church</SubmitButton>
          </Form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}
