import { MESSAGES } from '@churchtrades/shared/messages';
import { type NewTradeFormInput, newTradeFormSchema, type NewTradeFormValues } from '@churchtrades/shared/trade-dashboard';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField, refuseFilledHoneypot } from '../../../components/form/honeypot-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import { useListTradeMutation } from '../api/trade-api';
import { BriefField } from './brief-field';
import { AbnField } from './abn-field';
import { BusinessKindField } from './business-kind-field';
import { CategoryFields } from './category-fields';
import { ChurchFields } from './church-fields';

/**
 * "List your business": what a new business needs before a moderator can look at it. Once sent, the layout
 * shows the business's pages in place of this form.
 */
export function NewTradeForm({ readOnly }: { readOnly: boolean }) {
  const [listTrade, { isLoading }] = useListTradeMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<NewTradeFormValues, unknown, NewTradeFormInput>({
    resolver: zodResolver(newTradeFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', brief: '', mainCategoryId: '', churchId: '', businessKind: '', abn: '' },
  });

  async function submit(values: NewTradeFormInput) {
    clearAlert();
    const result = await listTrade(values);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.tradeCreated));
  }

  return (
    <Card>
      <Card.Body>
        <h2 className="h4 mb-3">List your business</h2>
        <p>
          {MESSAGES.noTradeYet} Tell us its name, what it does and the church it belongs to. A moderator of that
          church approves it before it shows in search.
        </p>
        {readOnly && <ReadOnlyNote />}
        <FormProvider {...form}>
          <Form
            noValidate
            onSubmit={form.handleSubmit(
              submit,
              refuseFilledHoneypot((message) => showError(undefined, message)),
            )}
          >
            <FormAlert alert={alert} onClose={clearAlert} />
            {/* A disabled fieldset disables every input and button in it. */}
            <fieldset disabled={readOnly}>
              <TextField label="Name" error={form.formState.errors.name} {...form.register('name')} />
              <BusinessKindField />
              <AbnField />
              <BriefField label="Brief (iBusiness-Card)" />
              <CategoryFields />
              <ChurchFields />
              <HoneypotField register={form.register} />
              <SubmitButton busy={isLoading}>List your business</SubmitButton>
            </fieldset>
          </Form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}
