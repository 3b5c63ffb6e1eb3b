import { MESSAGES } from '@churchtrades/shared/messages';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useSendOwnerPasswordResetMutation } from '../api/users-api';

/** Sends the user the e-mail with a link to choose a new password, as "Forgot password" would. */
export function OwnerResetCard({ user }: { user: UserAdmin }) {
  const [send, { isLoading }] = useSendOwnerPasswordResetMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function sendReset() {
    clearAlert();
    const result = await send(user.email);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.ownerResetEmailSent));
  }

  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Password</h3>
        <FormAlert alert={alert} onClose={clearAlert} />
        <p className="small text-body-secondary">The user gets an e-mail with a link to choose a new password.</p>
        <Button variant="outline-primary" disabled={isLoading} onClick={() => void sendReset()}>
          {isLoading ? 'Sending ...' : 'Send password reset email'}
        </Button>
      </Card.Body>
    </Card>
  );
}
