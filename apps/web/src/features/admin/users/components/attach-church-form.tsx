import { CHURCH_ROLES, churchMembershipSchema } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { RealState } from '@churchtrades/shared/states';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormAlert } from '../../../../components/form/form-alert';
import { SelectField } from '../../../../components/form/select-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value';
import { useAttachToChurchMutation, useChurchesToServeQuery } from '../api/users-api';
import { ChurchSearchFields } from './church-search-fields';
import { churchRoleName } from './users-table';

/** The user is named by their e-mail, which the page knows: the form chooses the church and the role. */
const attachSchema = churchMembershipSchema.pick({ churchId: true, churchRole: true });
type AttachValues = z.input<typeof attachSchema>;
type AttachInput = z.output<typeof attachSchema>;

/** How many churches a name search offers; typing more of the name narrows them. */
const CHURCH_CHOICES = 20;
const TYPING_PAUSE_MS = 300;

/** "Attach to a church": find a church by name and state, then make the user its priest or a moderator. */
export function AttachChurchForm({ user }: { user: UserAdmin }) {
  const [attach, { isLoading }] = useAttachToChurchMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [name, setName] = useState('');
  const [stateType, setStateType] = useState<RealState | ''>('');
  const settledName = useDebouncedValue(name.trim(), TYPING_PAUSE_MS);
  // data, not currentData: the churches found so far stay offered while the next name is looked up.
  const { data: churches } = useChurchesToServeQuery({
    name: settledName,
    stateType,
    page: 0,
    size: CHURCH_CHOICES,
  });
  const form = useForm<AttachValues, unknown, AttachInput>({
    resolver: zodResolver(attachSchema),
    defaultValues: { churchId: '' },
  });

  async function submit(values: AttachInput) {
    clearAlert();
    const result = await attach({ ...values, email: user.email, userId: user.userId });
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.memberAdded));
    form.reset({ churchId: '' });
  }

  return (
    <Form noValidate aria-label="Attach to a church" onSubmit={form.handleSubmit(submit)}>
      <h4 className="h6">Attach to a church</h4>
      <FormAlert alert={alert} onClose={clearAlert} />
      <ChurchSearchFields
        idPrefix="attach"
        className="g-2 mb-3"
        name={name}
        onNameChange={setName}
        stateType={stateType}
        onStateTypeChange={setStateType}
      />
      <SelectField label="Church" error={form.formState.errors.churchId} {...form.register('churchId')}>
        <option value="">{MESSAGES.chooseChurch}</option>
        {churches?.content.map((church) => (
          <option key={church.churchId} value={church.churchId}>
            {church.name} ({church.stateType}){church.enabled ? '' : ' · disabled'}
          </option>
        ))}
      </SelectField>
      {churches && churches.totalElements > churches.content.length && (
        <Form.Text className="d-block mb-2">
          The first {churches.content.length} of {churches.totalElements} churches: type more of the name.
        </Form.Text>
      )}
      <fieldset className="mb-3">
        <legend className="fs-6 mb-1">Serves as</legend>
        {CHURCH_ROLES.map((churchRole) => (
          <Form.Check
            key={churchRole}
            inline
            type="radio"
            id={`attach-${churchRole}`}
            label={churchRoleName(churchRole)}
            value={churchRole}
            isInvalid={form.formState.errors.churchRole !== undefined}
            {...form.register('churchRole')}
          />
        ))}
        {form.formState.errors.churchRole && (
          <Form.Control.Feedback type="invalid" className="d-block">
            {form.formState.errors.churchRole.message}
          </Form.Control.Feedback>
        )}
      </fieldset>
      <SubmitButton busy={isLoading} variant="outline-primary">
        Attach
      </SubmitButton>
    </Form>
  );
}
