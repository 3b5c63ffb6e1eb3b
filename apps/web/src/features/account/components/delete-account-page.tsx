import {
  ACCOUNT_DELETION_DAYS,
  type AccountDeletionRequest,
  accountDeletionRequestSchema,
  FORMER_CUSTOMER,
  FORMER_USER,
} from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { clearSession } from '../../../lib/session';
import { useRequestAccountDeletionMutation } from '../api/account-deletion-api';
import { useAccountUser } from './account-layout';
import { TOTP_CODE_FIELD } from './totp-code-field';

/** What the person types to say they mean it, as closing the account asks for CLOSE. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * /account/delete: says plainly what deleting the account does and keeps, then closes the account at once with the
 * password (and two-step code) given again. The mailed link keeps it for ACCOUNT_DELETION_DAYS; then the job deletes it.
 */
export function DeleteAccountPage() {
  return (
    <>
      <title>Delete my account · ChurchTrades</title>
      <Card border="danger">
        <Card.Body>
          <h2 className="h4 mb-3 text-danger">Delete my account</h2>
          <p>
            Before you go, you may want a copy of what we hold about you:{' '}
            <Link to={paths.accountData.getHref()}>download your data</Link> first.
          </p>
          <h3 className="h5">What happens</h3>
          <ul>
            <li>Your account stops working at once, and you are logged out everywhere.</li>
            <li>Your business leaves the directory at once.</li>
            <li>We email you a link to undo it. The link works for {ACCOUNT_DELETION_DAYS} days.</li>
            <li>
              After {ACCOUNT_DELETION_DAYS} days we delete your account, your business with its images, addresses and
              social media, and your sessions and keys. Nobody can undo it then.
            </li>
          </ul>
          <h3 className="h5">What stays</h3>
          <ul>
            <li>The reviews you wrote stay, signed “{FORMER_CUSTOMER}” instead of your name.</li>
            <li>
              The conversations of the enquiries you sent stay with the businesses, and show you as “{FORMER_USER}”.
            </li>
            <li>The vouches you gave stay, labelled with your role instead of your name.</li>
          </ul>
          <DeletionForm />
        </Card.Body>
      </Card>
    </>
  );
}

function DeletionForm() {
  const { mfa } = useAccountUser();
  const [requestDeletion, { isLoading }] = useRequestAccountDeletionMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [typed, setTyped] = useState('');
  const confirmationId = useId();
  const navigate = useNavigate();
  const confirmed = typed.trim() === DELETE_CONFIRMATION;
  const empty: AccountDeletionRequest = mfa ? { password: '', code: '' } : { password: '' };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<AccountDeletionRequest>({
    resolver: zodResolver(accountDeletionRequestSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });

  async function submit(values: AccountDeletionRequest) {
    if (!confirmed) return;
    clearAlert();
    const result = await requestDeletion(values);
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['password', 'code'])) showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.accountDeletionRequested));
    // Home first: with the marks cleared inside the account pages, their guard would send the person to login.
    await navigate(paths.home.getHref());
    clearSession();
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} aria-labelledby="deletion-heading">
      <h3 className="h5" id="deletion-heading">
        Delete my account now
      </h3>
      <p>To be sure it is you, enter your password{mfa ? ' and a code from your authenticator app' : ''} again.</p>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Your password" type="password" autoComplete="current-password" error={errors.password} {...register('password')} />
      {mfa && <TextField label="Code from your app" {...TOTP_CODE_FIELD} error={errors.code} {...register('code')} />}
      <Form.Group className="mb-3" controlId={confirmationId}>
        <Form.Label>Type {DELETE_CONFIRMATION} to confirm</Form.Label>
        <Form.Control autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Form.Group>
      <SubmitButton variant="danger" busy={isLoading} disabled={!isValid || !confirmed}>
        Delete my account
      </SubmitButton>
    </Form>
  );
}
