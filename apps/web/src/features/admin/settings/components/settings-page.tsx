import { MESSAGES } from '@churchtrades/shared/messages';
import {
  STILL_TRADING_EXPIRY_DAYS,
  STILL_TRADING_MAX_MONTHS,
  STILL_TRADING_MIN_MONTHS,
  STILL_TRADING_REMINDER_DAYS,
  type StillTradingPeriodInput,
  stillTradingPeriodSchema,
  type StillTradingSetting,
} from '@churchtrades/shared/still-trading';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { SubmitButton } from '../../../../components/form/submit-button';
import { TextField } from '../../../../components/form/text-field';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { getErrorMessage, successMessage } from '../../../../lib/api-error';
import { localDateTime } from '../../local-date-time';
import { useSaveStillTradingSettingMutation, useStillTradingSettingQuery } from '../api/settings-api';

function lastChange(setting: StillTradingSetting): string {
  if (setting.updatedAt === null) return 'Never changed: the default period applies.';
  const by = setting.updatedByName ? ` by ${setting.updatedByName}` : '';
  return `Last changed${by} on ${localDateTime(setting.updatedAt)}.`;
}

function StillTradingForm({ setting }: { setting: StillTradingSetting }) {
  const [save, { isLoading }] = useSaveStillTradingSettingMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<StillTradingPeriodInput>({
    resolver: zodResolver(stillTradingPeriodSchema),
    defaultValues: { months: setting.months },
  });

  async function submit(values: StillTradingPeriodInput) {
    clearAlert();
    const result = await save(values);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.stillTradingSettingSaved));
  }

  return (
    <Form noValidate onSubmit={form.handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField
        label="Months before asking"
        type="number"
        inputMode="numeric"
        min={STILL_TRADING_MIN_MONTHS}
        max={STILL_TRADING_MAX_MONTHS}
        step={1}
        error={form.formState.errors.months}
        hint={`${STILL_TRADING_MIN_MONTHS} to ${STILL_TRADING_MAX_MONTHS} months. ${lastChange(setting)}`}
        {...form.register('months', { valueAsNumber: true })}
      />
      <SubmitButton busy={isLoading}>Save period</SubmitButton>
    </Form>
  );
}

/** `/admin/settings`: what administrators change while the site runs. */
export function SettingsPage() {
  const { data, error } = useStillTradingSettingQuery();

  return (
    <>
      <title>Settings · Administration · ChurchTrades</title>
      <h2 className="h4 mb-3">Settings</h2>
      <Card>
        <Card.Body>
          <h3 className="h5">Still trading</h3>
          <p className="text-body-secondary">
            This many months after a business is approved, or after its owner last said so, its owner is asked by
            e-mail whether it is still trading. Without an answer a reminder follows after {STILL_TRADING_REMINDER_DAYS}{' '}
            days, and after {STILL_TRADING_EXPIRY_DAYS} days the business leaves the directory until its owner confirms.
          </p>
          {error ? (
            <Alert variant="danger">{getErrorMessage(error)}</Alert>
          ) : data ? (
            <StillTradingForm setting={data} />
          ) : (
            <p role="status">Loading...</p>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
