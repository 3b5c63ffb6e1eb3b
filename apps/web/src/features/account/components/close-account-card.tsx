import { MESSAGES } from '@churchtrades/shared/messages';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { clearSession } from '../../../lib/session';
import { useCloseOwnAccountMutation } from '../api/account-api';

/** What the person types to say they mean it: closing cannot be undone without an administrator. */
export const CLOSE_CONFIRMATION = 'CLOSE';

/**
 * The account's danger zone: a new password at the next login, and closing the account. Closing logs out
 * everywhere and takes the business out of the directory; only an administrator can open the account again.
 */
export function CloseAccountCard() {
  const [closeOwnAccount, { isLoading }] = useCloseOwnAccountMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();

  async function expirePassword() {
    clearAlert();
    const result = await closeOwnAccount('togglecredentialsexpired');
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.credentialsExpiredByYou));
  }

  async function closeAccount() {
    clearAlert();
    const result = await closeOwnAccount('toggleaccountenabled');
    setAsking(false);
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.accountDisabled));
    // Home first: with the marks cleared inside the account pages, their guard would send the person to login.
    await navigate(paths.home.getHref());
    clearSession();
  }

  return (
    <Card border="danger" className="mt-4">
      <Card.Body>
        <h2 className="h4 mb-3 text-danger">Close my account</h2>
        <FormAlert alert={alert} onClose={clearAlert} />
        <p>Ask for a new password at your next login: your other sessions are logged out now.</p>
        <Button variant="outline-danger" className="mb-4" disabled={isLoading} onClick={() => void expirePassword()}>
          Ask for a new password at next login
        </Button>
        <p>
          Closing your account logs you out everywhere and takes your business out of the directory. Only an
          administrator can open it again.
        </p>
        <Button variant="danger" disabled={isLoading} onClick={() => setAsking(true)}>
          Close my account
        </Button>
      </Card.Body>
      <CloseAccountDialog show={asking} busy={isLoading} onConfirm={() => void closeAccount()} onCancel={() => setAsking(false)} />
    </Card>
  );
}

interface CloseAccountDialogProps {
  show: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function CloseAccountDialog({ show, busy, onConfirm, onCancel }: CloseAccountDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === CLOSE_CONFIRMATION;

  return (
    <Modal show={show} onHide={onCancel} onExited={() => setTyped('')} aria-labelledby={titleId} centered>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) onConfirm();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            Close your account?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>You will be logged out everywhere, and your business will no longer be listed.</p>
          <Form.Group controlId={`${titleId}-confirmation`}>
            <Form.Label>Type {CLOSE_CONFIRMATION} to confirm</Form.Label>
            <Form.Control autoComplete="off" autoFocus value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || busy}>
            {busy ? 'Loading...' : 'Close my account'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
