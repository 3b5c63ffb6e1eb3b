import { type OwnAccountClosureInput, ownAccountClosureSchema } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
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
import { useCloseOwnAccountMutation } from '../api/account-api';

/** What the person types to say they mean it: closing cannot be undone without an administrator. */
export const CLOSE_CONFIRMATION = 'CLOSE';

/** The two switches this card closes, each confirmed in the dialog with the password. */
type Closure = 'togglecredentialsexpired' | 'toggleaccountenabled';

const CLOSURES = {
  togglecredentialsexpired: {
    title: 'Ask for a new password at next login?',
    text: 'Your other sessions are logged out now, and you choose a new password when you next log in.',
    confirm: 'Ask for a new password',
    typed: null,
    success: MESSAGES.credentialsExpiredByYou,
  },
  toggleaccountenabled: {
    title: 'Close your account?',
    text: 'You will be logged out everywhere, and your business will no longer be listed.',
    confirm: 'Close my account',
    typed: CLOSE_CONFIRMATION,
    success: MESSAGES.accountDisabled,
  },
} as const satisfies Record<Closure, { title: string; text: string; confirm: string; typed: string | null; success: string }>;

/**
 * The account's danger zone: a new password at the next login, and closing the account, each with the password
 * given again. Closing logs out everywhere and takes the business out of the directory; only an administrator can
 * open the account again.
 */
export function CloseAccountCard() {
  // The closure stays while the dialog fades out, so its text does not change under the person's eyes.
  const [dialog, setDialog] = useState<{ closure: Closure; show: boolean }>({ closure: 'toggleaccountenabled', show: false });
  const navigate = useNavigate();

  const ask = (closure: Closure) => setDialog({ closure, show: true });
  const cancel = () => setDialog((current) => ({ ...current, show: false }));

  async function closed(closure: Closure, message: string) {
    cancel();
    toast.success(successMessage(message, CLOSURES[closure].success));
    if (closure === 'toggleaccountenabled') {
      // Home first: with the marks cleared inside the account pages, their guard would send the person to login.
      await navigate(paths.home.getHref());
      clearSession();
    }
  }

  return (
    <Card border="danger" className="mt-4">
      <Card.Body>
        <h2 className="h4 mb-3 text-danger">Close my account</h2>
        <p>Ask for a new password at your next login: your other sessions are logged out now.</p>
        <Button variant="outline-danger" className="mb-4" onClick={() => ask('togglecredentialsexpired')}>
          Ask for a new password at next login
        </Button>
        <p>
          Closing your account logs you out everywhere and takes your business out of the directory. Only an
          administrator can open it again. To have it deleted instead,{' '}
          <Link to={paths.accountDelete.getHref()}>delete your account</Link>.
        </p>
        <Button variant="danger" onClick={() => ask('toggleaccountenabled')}>
          Close my account
        </Button>
      </Card.Body>
      <ClosureDialog
        closure={dialog.closure}
        show={dialog.show}
        onClosed={(closure, message) => void closed(closure, message)}
        onCancel={cancel}
      />
    </Card>
  );
}

interface ClosureDialogProps {
  closure: Closure;
  show: boolean;
  onClosed: (closure: Closure, message: string) => void;
  onCancel: () => void;
}

function ClosureDialog({ closure, show, onClosed, onCancel }: ClosureDialogProps) {
  const titleId = useId();
  const { title, text, confirm, typed: expected } = CLOSURES[closure];
  const [closeOwnAccount, { isLoading }] = useCloseOwnAccountMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [typed, setTyped] = useState('');
  const confirmed = expected === null || typed.trim() === expected;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm<OwnAccountClosureInput>({
    resolver: zodResolver(ownAccountClosureSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  async function submit({ password }: OwnAccountClosureInput) {
    if (!confirmed) return;
    clearAlert();
    const result = await closeOwnAccount({ path: closure, password });
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['password'])) showError(result.error);
      return;
    }
    onClosed(closure, result.data.message);
  }

  // A password is not kept once the dialog is gone.
  function forget() {
    reset({ password: '' });
    setTyped('');
    clearAlert();
  }

  return (
    <Modal show={show} onHide={onCancel} onExited={forget} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormAlert alert={alert} onClose={clearAlert} />
          <p>{text}</p>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            autoFocus
            error={errors.password}
            {...register('password')}
          />
          {expected !== null && (
            <Form.Group controlId={`${titleId}-confirmation`}>
              <Form.Label>Type {expected} to confirm</Form.Label>
              <Form.Control autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton variant="danger" busy={isLoading} disabled={!isValid || !confirmed}>
            {confirm}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
