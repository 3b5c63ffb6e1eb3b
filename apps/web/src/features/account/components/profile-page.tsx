import { type AccountProfileInput, accountProfileSchema } from '@churchtrades/shared/account';
import { MESSAGES } from '@churchtrades/shared/messages';
import { isReadOnlyRole } from '@churchtrades/shared/read-only';
import type { UserView } from '@churchtrades/shared/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import { useUpdateAccountProfileMutation } from '../api/account-api';
import { useAccountUser } from './account-layout';
import { CloseAccountCard } from './close-account-card';

function profileValues(user: UserView): AccountProfileInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    bio: user.bio ?? '',
    phone: user.phone ?? '',
  };
}

function isAnotherEmail(typed: string, current: string): boolean {
  return typed.trim().toLowerCase() !== current.toLowerCase();
}

/**
 * /account/profile: the user's name, e-mail, bio and phone. Another login e-mail asks for the current password,
 * and takes effect only once the link mailed to the new address is opened.
 */
export function ProfilePage() {
  const user = useAccountUser();
  const readOnly = isReadOnlyRole(user.role);
  const [updateProfile, { isLoading }] = useUpdateAccountProfileMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [emailChangeSent, setEmailChangeSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isValid },
  } = useForm<AccountProfileInput>({
    resolver: zodResolver(accountProfileSchema),
    mode: 'onTouched',
    defaultValues: profileValues(user),
  });
  const changesEmail = isAnotherEmail(useWatch({ control, name: 'email' }), user.email);

  async function submit(values: AccountProfileInput) {
    clearAlert();
    setEmailChangeSent(false);
    const result = await updateProfile(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    reset(profileValues(result.data.user));
    setEmailChangeSent(changesEmail);
    const fallback = changesEmail ? MESSAGES.emailChangeRequested : MESSAGES.profileUpdated;
    toast.success(successMessage(result.data.message, fallback));
  }

  return (
    <>
      <title>Profile · ChurchTrades</title>
      <Card>
        <Card.Body>
          <h2 className="h4 mb-3">Profile</h2>
          {readOnly && <ReadOnlyNote />}
          <Form noValidate onSubmit={handleSubmit(submit)}>
            <FormAlert alert={alert} onClose={clearAlert} />
            {emailChangeSent && (
              <Alert variant="info" dismissible onClose={() => setEmailChangeSent(false)}>
                {MESSAGES.emailChangeRequested}
              </Alert>
            )}
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
              {changesEmail && (
                <TextField
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                  hint="Needed to change your login email. We will send a link to the new address to confirm it."
                  error={errors.password}
                  {...register('password', { shouldUnregister: true })}
                />
              )}
              <TextField label="Bio" rows={4} error={errors.bio} {...register('bio')} />
              <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone} {...register('phone')} />
              <SubmitButton busy={isLoading} disabled={!isValid}>
                Update
              </SubmitButton>
            </fieldset>
          </Form>
        </Card.Body>
      </Card>
      <CloseAccountCard />
    </>
  );
}
