import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { getErrorMessage, successMessage } from '../../../../lib/api-error';
import { type ChurchToggle, useToggleChurchMutation } from '../api/church-admin-api';

const SWITCH_NAMES: Readonly<Record<ChurchToggle, string>> = { ENABLED: 'Enabled', MODERATED: 'Moderated' };

interface ChurchSwitchProps {
  church: ChurchAdmin;
  toggle: ChurchToggle;
  /** The accessible name; by default the switch's own ('Enabled'), a table row adds the church's. */
  label?: string;
  /** Shows the switch's name beside it (off in a table, whose column says it). */
  showName?: boolean;
}

/**
 * The Enabled or Moderated switch of a church. The change is sent at once; the switch shows what the server
 * holds, and the server's refusal comes as a red toast.
 */
export function ChurchSwitch({ church, toggle, label, showName = true }: ChurchSwitchProps) {
  const [toggleChurch, { isLoading }] = useToggleChurchMutation();
  const name = SWITCH_NAMES[toggle];
  const checked = toggle === 'ENABLED' ? church.enabled : church.moderated;

  async function flip() {
    const result = await toggleChurch({ toggle, churchId: church.churchId });
    if (result.error) toast.error(getErrorMessage(result.error));
    else toast.success(successMessage(result.data.message, MESSAGES.churchUpdated));
  }

  return (
    <Form.Check
      type="switch"
      role="switch"
      id={`church-${toggle.toLowerCase()}-${church.churchId}`}
      label={showName ? name : undefined}
      aria-label={label ?? name}
      checked={checked}
      // One change at a time: each flips the value the server holds, so two quick clicks must not cross.
      disabled={isLoading}
      onChange={() => void flip()}
    />
  );
}
