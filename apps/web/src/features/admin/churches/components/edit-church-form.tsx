import {
  type ChurchAdmin,
  type ChurchFormInput,
  churchFormSchema,
  type ChurchFormValues,
} from '@churchtrades/shared/church-admin';
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
import { useUpdateChurchMutation } from '../api/church-admin-api';
import { ChurchFields } from './church-fields';

function churchValues(church: ChurchAdmin): ChurchFormValues {
  return {
    name: church.name,
    stateType: church.stateType as ChurchFormValues['stateType'],
    suburb: church.suburb ?? '',
    postcode: church.postcode ?? '',
    latitude: church.latitude === null ? '' : String(church.latitude),
    longitude: church.longitude === null ? '' : String(church.longitude),
  };
}

/** The church's name, state, suburb, postcode and position (`PATCH /churches/update`). */
export function EditChurchForm({ church }: { church: ChurchAdmin }) {
  const [updateChurch, { isLoading }] = useUpdateChurchMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<ChurchFormValues, unknown, ChurchFormInput>({
    resolver: zodResolver(churchFormSchema),
    mode: 'onTouched',
    defaultValues: churchValues(church),
  });

  async function submit(values: ChurchFormInput) {
    clearAlert();
    const result = await updateChurch({ ...values, churchId: church.churchId });
    if (result.error) {
      showError(result.error);
      return;
    }
    // The server tidies the texts; the form shows them as kept.
    if (result.data.church) form.reset(churchValues(result.data.church));
    toast.success(successMessage(result.data.message, MESSAGES.churchUpdated));
  }

  return (
    <Card as="section" aria-labelledby="edit-church-heading">
      <Card.Body>
        <h3 id="edit-church-heading" className="h5 mb-3">
          Details
        </h3>
        <FormProvider {...form}>
          <Form noValidate onSubmit={form.handleSubmit(submit)}>
            <FormAlert alert={alert} onClose={clearAlert} />
            <ChurchFields />
            <SubmitButton busy={isLoading}>Update church</SubmitButton>
          </Form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}
