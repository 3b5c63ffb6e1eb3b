import {
  type CurrentVouch,
  type CheckedLicence,
  type TradeChecks,
  VOUCH_WITHDRAWAL_REASON_MAX_LENGTH,
  type VouchWithdrawalFormValues,
  type VouchWithdrawalInput,
  vouchWithdrawalSchema,
} from '@churchtrades/shared/church-checks';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import {
  type ChecksResult,
  useMarkLicenceCheckedMutation,
  useTradeChecksQuery,
  useVouchForTradeMutation,
  useWithdrawVouchMutation,
} from '../api/church-checks-api';
import { LoadFailed, Loading } from './moderation-access';

/** What a mutation of the checks settles to. */
type Sent = { data: ChecksResult } | { error: FetchBaseQueryError | SerializedError };

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DAY.format(new Date(iso))}</time>;
}

const ROLE_NAMES = { PRIEST: 'priest', MODERATOR: 'moderator' } as const;

/**
 * The church's checks of one business on the moderation screen: whether someone of its church vouched that they
 * know who runs it (and Vouch, Renew, Withdraw), and the licence its owner states (and Mark licence checked).
 */
export function ChurchChecksPanel({ tradeId, tradeName }: { tradeId: string; tradeName: string }) {
  const { currentData: checks, error, isFetching, refetch } = useTradeChecksQuery(tradeId);
  const { alert, clearAlert, showError } = useFormAlert();

  /** Shows the server's message, or its refusal beside the checks. */
  async function report(sent: Promise<Sent>, done: string): Promise<boolean> {
    clearAlert();
    const result = await sent;
    if ('error' in result) {
      showError(result.error);
      return false;
    }
    toast.success(successMessage(result.data.message, done));
    return true;
  }

  return (
    <section aria-labelledby="church-checks-heading" className="border-top pt-3 mt-3">
      <h3 id="church-checks-heading" className="h5">
        Church and licence checks
      </h3>
      <FormAlert alert={alert} onClose={clearAlert} />
      {checks ? (
        <>
          <VouchPart tradeId={tradeId} tradeName={tradeName} checks={checks} report={report} />
          <LicencePart tradeId={tradeId} checks={checks} report={report} />
        </>
      ) : error && !isFetching ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

type Report = (sent: Promise<Sent>, done: string) => Promise<boolean>;

function VouchText({ vouch }: { vouch: CurrentVouch }) {
  return (
    <>
      <p className="mb-1">
        Known to {vouch.churchName}: vouched for by {vouch.voucherName ?? 'a former member'} ({ROLE_NAMES[vouch.voucherRole]})
        on <Day iso={vouch.vouchedAt} />, until <Day iso={vouch.until} />.
      </p>
      <p className="mb-1 text-body-secondary">
        {vouch.named ? 'The badge names the voucher.' : 'The badge names the church and the date only.'}
        {vouch.renewalAskedAt && (
          <>
            {' '}
            Renewal asked on <Day iso={vouch.renewalAskedAt} />.
          </>
        )}
      </p>
    </>
  );
}

function VouchPart({ tradeId, tradeName, checks, report }: { tradeId: string; tradeName: string; checks: TradeChecks; report: Report }) {
  const [vouch, { isLoading: vouching }] = useVouchForTradeMutation();
  const [withdraw, { isLoading: withdrawing }] = useWithdrawVouchMutation();
  const [named, setNamed] = useState(false);
  const [explaining, setExplaining] = useState(false);

  async function sendWithdrawal({ reason }: VouchWithdrawalInput) {
    if (await report(withdraw({ tradeId, reason }), 'The vouch is withdrawn')) setExplaining(false);
  }

  return (
    <div className="mb-3">
      <h4 className="h6">Known to the church</h4>
      {checks.vouch ? <VouchText vouch={checks.vouch} /> : <p className="mb-1">No one at its church has vouched for this business.</p>}
      {checks.mayVouch && (
        <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
          <Form.Check
            id={`vouch-named-${tradeId}`}
            label="Name me on the badge"
            checked={named}
            onChange={(event) => setNamed(event.target.checked)}
          />
          <Button
            variant="success"
            disabled={vouching}
            onClick={() => void report(vouch({ tradeId, named }), 'Vouch recorded')}
          >
            {checks.vouch ? 'Renew' : 'Vouch: I know who runs it'}
          </Button>
        </div>
      )}
      {checks.mayWithdraw &&
        (explaining ? (
          <WithdrawalForm tradeName={tradeName} busy={withdrawing} onSubmit={sendWithdrawal} onCancel={() => setExplaining(false)} />
        ) : (
          <Button variant="outline-danger" className="mt-2" onClick={() => setExplaining(true)}>
            Withdraw vouch
          </Button>
        ))}
    </div>
  );
}

interface WithdrawalFormProps {
  tradeName: string;
  busy: boolean;
  onSubmit: (values: VouchWithdrawalInput) => Promise<void>;
  onCancel: () => void;
}

function WithdrawalForm({ tradeName, busy, onSubmit, onCancel }: WithdrawalFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VouchWithdrawalFormValues, unknown, VouchWithdrawalInput>({
    resolver: zodResolver(vouchWithdrawalSchema),
    defaultValues: { reason: '' },
  });

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={`Withdraw the vouch for ${tradeName}`} className="mt-2">
      <TextField
        label="Reason for withdrawing"
        rows={2}
        maxLength={VOUCH_WITHDRAWAL_REASON_MAX_LENGTH}
        hint="Kept with the withdrawn vouch."
        autoFocus
        error={errors.reason}
        {...register('reason')}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton variant="danger" busy={busy}>
          Withdraw
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function LicenceText({ licence }: { licence: CheckedLicence }) {
  return (
    <p className="mb-1">
      {licence.kind}, licence {licence.number} ({licence.state}):{' '}
      {licence.checkedAt ? (
        <>
          checked against the {licence.state} public register on <Day iso={licence.checkedAt} />
          {licence.checkedByName && <> by {licence.checkedByName}</>}.
        </>
      ) : (
        'stated by the owner, not checked yet.'
      )}
    </p>
  );
}

function LicencePart({ tradeId, checks, report }: { tradeId: string; checks: TradeChecks; report: Report }) {
  const [mark, { isLoading }] = useMarkLicenceCheckedMutation();
  const checked = checks.licence?.checkedAt != null;

  return (
    <div>
      <h4 className="h6">Licence</h4>
      {checks.licence ? <LicenceText licence={checks.licence} /> : <p className="mb-1">The owner states no licence.</p>}
      {checks.mayCheckLicence && (
        <Button
          variant={checked ? 'outline-secondary' : 'success'}
          className="mt-2"
          disabled={isLoading}
          onClick={() =>
            void report(mark({ tradeId, checked: !checked }), checked ? 'The licence check is undone' : 'The licence is marked checked')
          }
        >
          {checked ? 'Undo licence check' : 'Mark licence checked'}
        </Button>
      )}
    </div>
  );
}
