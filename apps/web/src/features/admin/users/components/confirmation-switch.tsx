import { MESSAGES } from '@churchtrades/shared/messages';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useToggleModeratedMutation } from '../api/users-api';
import { confirmationOf } from './user-details';

/** An administrator confirms a master user: a priest or moderator moderates only once confirmed. */
export function ConfirmationSwitch({ user }: { user: UserAdmin }) {
  const [toggle, { isLoading }] = useToggleModeratedMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function flip() {
    clearAlert();
    const result = await toggle(user.userId);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.masterUserConfirmation));
  }

  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Confirmation</h3>
        <FormAlert alert={alert} onClose={clearAlert} />
        <Form.Check
          type="switch"
          role="switch"
          id="user-confirmed"
          label="Confirmed"
          checked={user.moderated}
          disabled={isLoading}
          onChange={() => void flip()}
        />
        <Form.Text>{confirmationOf(user)}</Form.Text>
      </Card.Body>
    </Card>
  );
}
