import { type AccountProfileInput, accountProfileSchema } from '@churchtrades/shared/account';
import { MESSAGES } from '@churchtrades/shared/messages';
import { isReadOnlyRole } from '@churchtrades/shared/read-only';
import type { UserView } from '@churchtrades/shared/user';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import { useUpdateAccountProfileMutation } from '../api/account-api';
import { useAccountUser } from './account-layout';

function profileValues(user: UserView): AccountProfileInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    bio: user.bio ?? '',
    phone: user.phone ?? '',
  };
}

/** /account/profile: the user's name, e-mail, bio and phone. */
export function ProfilePage() {
  const user = useAccountUser();
  const readOnly = isReadOnlyRole(user.role);
  const [updateProfile, { isLoading }] = useUpdateAccountProfileMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<AccountProfileInput>({
    resolver: zodResolver(accountProfileSchema),
    mode: 'onTouched',
    defaultValues: profileValues(user),
  });

  async function submit(values: AccountProfileInput) {
    clearAlert();
    const result = await updateProfile(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    reset(profileValues(result.data.user));
    toast.success(successMessage(result.data.message, MESSAGES.profileUpdated));
  }

  return (
    <Card>
      <title>Profile · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Profile</h2>
        {readOnly && <ReadOnlyNote />}
        <Form noValidate onSubmit={handleSubmit(submit)}>
          <FormAlert alert={alert} onClose={clearAlert} />
          {/* A disabled fieldset disables every input and button in it. */}
          <fieldset disabled={readOnly}>
            <div className="row">
              <TextField
                className="col-md-6 mb-3"
                label="First name"
                autoComplete="given-name"
                error={errors.firstName}
                {...register('firstName')}
              />
              <TextField
                className="col-md-6 mb-3"
                label="Last name"
                autoComplete="family-name"
                error={errors.lastName}
                {...register('lastName')}
              />
            </div>
            <TextField label="Email address" type="email" autoComplete="email" error={errors.email} {...register('email')} />
            <TextField label="Bio" rows={4} error={errors.bio} {...register('bio')} />
            <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone} {...register('phone')} />
            <SubmitButton busy={isLoading} disabled={!isValid}>
              Update
            </SubmitButton>
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}
