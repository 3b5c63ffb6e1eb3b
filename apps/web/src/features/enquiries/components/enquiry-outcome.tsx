import type { EnquirySendOutcome, EnquirySent } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import Alert from 'react-bootstrap/Alert';

const OUTCOME_TEXTS: Readonly<Record<EnquirySendOutcome, string>> = {
  SENT: MESSAGES.enquirySent,
  AWAITING_CONFIRMATION: MESSAGES.enquiryAwaitingConfirmation,
  HELD: MESSAGES.enquiryHeld,
};

/** What became of a send, in words, naming the businesses; after a confirmation a sent enquiry says so. */
export function EnquiryOutcome({ sent, confirmed = false }: { sent: EnquirySent; confirmed?: boolean }) {
  const text = confirmed && sent.outcome === 'SENT' ? MESSAGES.enquiryConfirmed : OUTCOME_TEXTS[sent.outcome];
  return (
    <Alert variant={sent.outcome === 'HELD' ? 'warning' : 'success'}>
      <p>{text}</p>
      <p className="mb-0">
        {sent.tradeNames.length === 1 ? 'Business: ' : 'Businesses: '}
        <strong>{sent.tradeNames.join(', ')}</strong>
      </p>
    </Alert>
  );
}
