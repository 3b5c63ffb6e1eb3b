import { MESSAGES } from '@churchtrades/shared/messages';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { type UserSwitchPath, useToggleUserSwitchMutation } from '../api/users-api';

/** Each switch, by the path that flips it; on means what its label says. */
const SWITCHES: readonly { path: UserSwitchPath; label: string; isOn: (user: UserAdmin) => boolean }[] = [
  { path: 'tglUserAccountEnabled', label: 'Enabled', isOn: (user) => user.enabled },
  { path: 'tglUserAccountLocked', label: 'Locked', isOn: (user) => !user.accountNonLocked },
  { path: 'tglUserAccountExpired', label: 'Expired', isOn: (user) => !user.accountNonExpired },
  { path: 'tglUserCredentialsExpired', label: 'Credentials expired', isOn: (user) => !user.credentialsNonExpired },
];

/** The account switches of SPEC §4; each change is sent at once and the switches show what the server holds. */
export function AccountSwitches({ user }: { user: UserAdmin }) {
  const [toggle, { isLoading }] = useToggleUserSwitchMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function flip(path: UserSwitchPath) {
    clearAlert();
    const result = await toggle({ path, userId: user.userId });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.accountSwitchUpdated));
  }

  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Account</h3>
        <FormAlert alert={alert} onClose={clearAlert} />
        {SWITCHES.map(({ path, label, isOn }) => (
          <Form.Check
            key={path}
            type="switch"
            role="switch"
            id={`user-${path}`}
            label={label}
            checked={isOn(user)}
            // One change at a time: each flips the value the server holds, so two quick clicks must not cross.
            disabled={isLoading}
            onChange={() => void flip(path)}
          />
        ))}
      </Card.Body>
    </Card>
  );
}
