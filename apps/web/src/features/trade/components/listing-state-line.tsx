import { MESSAGES } from '@churchtrades/shared/messages';
import type { ListingState, OwnTrade } from '@churchtrades/shared/trade-dashboard';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useConfirmOwnStillTradingMutation, useResubmitTradeMutation } from '../api/trade-api';

const BADGE_COLOURS: Readonly<Record<ListingState, { bg: string; text?: 'dark' }>> = {
  PENDING: { bg: 'warning', text: 'dark' },
  LISTED: { bg: 'success' },
  REJECTED: { bg: 'danger' },
  UNLISTED: { bg: 'secondary' },
  HIDDEN: { bg: 'secondary' },
};

/**
 * An approved business out of the directory (HIDDEN) is disabled, locked or expired, or else its church is
 * disabled: the owner is told which, since only the first is theirs to change.
 */
function hiddenReason(trade: Pick<OwnTrade, 'enabled' | 'locked' | 'expired'>): string {
  const reasons = [!trade.enabled && 'disabled', trade.locked && 'locked', trade.expired && 'expired'].filter(Boolean);
  return reasons.length > 0 ? reasons.join(', ') : 'its church is not open';
}

export function listingStateText(trade: OwnTrade): string {
  switch (trade.listingState) {
    case 'PENDING':
      return 'Pending approval';
    case 'LISTED':
      return 'Listed';
    case 'REJECTED':
      return trade.moderationReason ? `Rejected: ${trade.moderationReason}` : 'Rejected';
    case 'UNLISTED':
      return 'Unlisted by a moderator';
    case 'HIDDEN':
      return `Not listed: ${hiddenReason(trade)}`;
  }
}

/**
 * Where the business stands in the directory (DESIGN "Roles"): waiting for a moderator, listed, or why not.
 * A rejected business can be put back in the queue once its owner has changed what the reason asks for.
 */
export function ListingStateLine({ trade, readOnly }: { trade: OwnTrade; readOnly: boolean }) {
  const colours = BADGE_COLOURS[trade.listingState];
  return (
    <>
      <p className="mb-0">
        <span className="visually-hidden">Listing: </span>
        <Badge bg={colours.bg} text={colours.text} className="text-wrap text-break">
          {listingStateText(trade)}
        </Badge>
        {trade.listingState === 'PENDING' && (
          <small className="d-block text-body-secondary mt-1">
            A moderator of your church approves it before it shows in search.
          </small>
        )}
      </p>
      {trade.listingState === 'REJECTED' && <Resubmit tradeId={trade.id} disabled={readOnly} />}
      {trade.stillTrading.askedAt && <StillTradingQuestion trade={trade} disabled={readOnly} />}
    </>
  );
}

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long' });

/** The still-trading question open now, answered here as by the e-mailed link. */
function StillTradingQuestion({ trade, disabled }: { trade: OwnTrade; disabled: boolean }) {
  const [confirm, { isLoading }] = useConfirmOwnStillTradingMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const { expiresOn, expiredForNoAnswer } = trade.stillTrading;

  async function send() {
    clearAlert();
    const result = await confirm({ tradeId: trade.id });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.stillTradingConfirmed));
  }

  return (
    <section aria-label="Still trading?" className="w-100 border rounded p-2 mt-1">
      <p className="mb-1 small">Is {trade.name} still trading, and are its details right?</p>
      <small className="d-block text-body-secondary mb-1">
        {expiredForNoAnswer
          ? 'It left the directory because we had no answer: your yes puts it back.'
          : expiresOn && `Without an answer it leaves the directory on ${DAY.format(new Date(expiresOn))}.`}
      </small>
      <Button variant="primary" size="sm" disabled={disabled || isLoading} onClick={() => void send()}>
        {isLoading ? 'Loading...' : 'Yes, still trading'}
      </Button>
      <FormAlert alert={alert} onClose={clearAlert} />
    </section>
  );
}

function Resubmit({ tradeId, disabled }: { tradeId: string; disabled: boolean }) {
  const [resubmit, { isLoading }] = useResubmitTradeMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  async function send() {
    clearAlert();
    const result = await resubmit({ tradeId });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.tradeResubmitted));
  }

  return (
    <>
      <small className="d-block text-body-secondary">Change what the reason asks for, then resubmit it.</small>
      <Button variant="primary" size="sm" disabled={disabled || isLoading} onClick={() => void send()}>
        {isLoading ? 'Loading...' : 'Resubmit for approval'}
      </Button>
      <FormAlert alert={alert} onClose={clearAlert} />
    </>
  );
}
