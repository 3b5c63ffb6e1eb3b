import {
  DECISIONS_NEEDING_REASON,
  decisionsFor,
  MODERATION_REASON_MAX_LENGTH,
  type ModerationDecision,
  type ModerationDecisionFormValues,
  type ModerationDecisionInput,
  moderationDecisionSchema,
  type ModerationTrade,
} from '@churchtrades/shared/moderation';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { useDecideOnTradeMutation } from '../api/moderation-api';
import { DECISION_DONE, DECISION_LABELS } from '../decisions';

/**
 * Approve, Reject, Unlist or Relist, as they apply to the business. Reject and Unlist first ask for the reason
 * the owner's e-mail will carry. The lists refresh once the server has decided (the API's tags).
 */
export function DecisionPanel({ trade }: { trade: ModerationTrade }) {
  const [decide, { isLoading }] = useDecideOnTradeMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [explaining, setExplaining] = useState<ModerationDecision | null>(null);
  const decisions = decisionsFor(trade);
  if (decisions.length === 0) return null;

  async function send(values: ModerationDecisionFormValues) {
    clearAlert();
    const result = await decide(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    setExplaining(null);
    toast.success(successMessage(result.data.message, DECISION_DONE[values.decision]));
  }

  function choose(decision: ModerationDecision) {
    if (DECISIONS_NEEDING_REASON.includes(decision)) setExplaining(decision);
    else void send({ tradeId: trade.id, decision });
  }

  return (
    <div className="border-top pt-3">
      <FormAlert alert={alert} onClose={clearAlert} />
      {explaining ? (
        <ReasonForm
          tradeId={trade.id}
          tradeName={trade.name}
          decision={explaining}
          busy={isLoading}
          onSubmit={send}
          onCancel={() => setExplaining(null)}
        />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          {decisions.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'APPROVE' || decision === 'RELIST' ? 'success' : 'outline-danger'}
              disabled={isLoading}
              onClick={() => choose(decision)}
            >
              {DECISION_LABELS[decision]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

const REASON_LABELS: Readonly<Partial<Record<ModerationDecision, string>>> = {
  REJECT: 'Reason for rejecting',
  UNLIST: 'Reason for unlisting',
};

interface ReasonFormProps {
  tradeId: string;
  tradeName: string;
  decision: ModerationDecision;
  busy: boolean;
  onSubmit: (values: ModerationDecisionInput) => Promise<void>;
  onCancel: () => void;
}

/** The reason for a rejection or an unlisting: required, checked by the same schema the server uses. */
function ReasonForm({ tradeId, tradeName, decision, busy, onSubmit, onCancel }: ReasonFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ModerationDecisionFormValues, unknown, ModerationDecisionInput>({
    resolver: zodResolver(moderationDecisionSchema),
    defaultValues: { tradeId, decision, reason: '' },
  });
  const label = DECISION_LABELS[decision];

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={`${label} ${tradeName}`}>
      <TextField
        label={REASON_LABELS[decision] ?? 'Reason'}
        rows={3}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        hint="The owner receives it by e-mail."
        autoFocus
        error={errors.reason}
        {...register('reason')}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton variant="danger" busy={busy}>
          {label}
        </SubmitButton>
        <Button variant="outline-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
