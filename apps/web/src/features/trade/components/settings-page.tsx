import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import { type TradeToggle, useToggleTradeMutation } from '../api/trade-api';
import { useTradeDashboard } from './trade-layout';

/** Where the business serves its customers (SPEC §3); an online-only business is not shown on the map. */
const SERVICE_LOCATIONS: readonly { toggle: TradeToggle; label: string; isOn: (trade: OwnTrade) => boolean }[] = [
  { toggle: 'AT_CLIENT', label: 'Customer Location', isOn: (trade) => trade.atClient },
  { toggle: 'AT_BUSINESS', label: 'Business Location', isOn: (trade) => trade.atBusiness },
  { toggle: 'AT_ONLINE', label: 'Online', isOn: (trade) => trade.online },
];

/**
 * /trade/setting/{tradeId}: the Enabled switch and the service locations. Each change is sent at once and
 * the business reloaded (SPEC §4); the boxes show what the server holds, not what was clicked.
 */
export function SettingsPage() {
  const { trade, readOnly } = useTradeDashboard();
  const [toggleTrade, { isLoading }] = useToggleTradeMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  // One change at a time: each flips the value the server holds, so two quick clicks must not cross.
  const disabled = readOnly || isLoading;

  async function flip(toggle: TradeToggle) {
    clearAlert();
    const result = await toggleTrade({ toggle, tradeId: trade.id });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.settingsUpdated));
  }

  return (
    <Card>
      <title>Settings · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Settings</h2>
        {readOnly && <ReadOnlyNote />}
        <FormAlert alert={alert} onClose={clearAlert} />
        <Form.Check
          type="switch"
          role="switch"
          id="trade-enabled"
          className="mb-1"
          label="Enabled"
          checked={trade.enabled}
          disabled={disabled}
          aria-describedby="trade-enabled-help"
          onChange={() => void flip('ENABLED')}
        />
        <Form.Text id="trade-enabled-help" className="d-block mb-4">
          Turn it off to take your business out of search for a while, without losing anything.
        </Form.Text>
        <fieldset>
          <legend className="fs-6 fw-semibold mb-1">Where do you serve your customers?</legend>
          <p className="text-body-secondary small mb-2">Check all applicable...</p>
          {SERVICE_LOCATIONS.map(({ toggle, label, isOn }) => (
            <Form.Check
              key={toggle}
              type="checkbox"
              id={`trade-${toggle.toLowerCase()}`}
              label={label}
              checked={isOn(trade)}
              disabled={disabled}
              onChange={() => void flip(toggle)}
            />
          ))}
        </fieldset>
      </Card.Body>
    </Card>
  );
}
